import { categoryIn, categoryTable } from '../shared/categories';

/**
 * Jane's `kind` values (platforms.md 2.3) and the `root_subtype` / `custom_product_type` values
 * its real records carry. Tinctures are swallowed doses (edibles on the page); gear and merch are
 * accessories.
 */
export const JANE_CATEGORIES = categoryTable({
  flower: 'flower',
  'pre-roll': 'pre-rolls',
  'pre-rolls': 'pre-rolls',
  vape: 'vapes',
  vaporizer: 'vapes',
  extract: 'concentrates',
  edible: 'edibles',
  tincture: 'edibles',
  topical: 'topicals',
  gear: 'accessories',
  merch: 'accessories',
  grow: 'other',
});

/** A record's category by `kind`, then `custom_product_type`, then `root_subtype`. */
export const janeCategory = (kind: unknown, productType: unknown, rootSubtype: unknown) =>
  categoryIn(JANE_CATEGORIES, kind, productType, rootSubtype);

import { categoryIn, categoryTable } from '../shared/categories';

/**
 * Dutchie's product `type` values (research 1.4; Dutchie Plus's category enum writes the same
 * in capitals) and the `subcategory` values that say what an 'Oral' or 'CBD' product is. Oral
 * products (capsules, tablets, troches) and tinctures are swallowed doses: edibles on the page.
 */
export const DUTCHIE_CATEGORIES = categoryTable({
  Flower: 'flower',
  'Pre-Rolls': 'pre-rolls',
  Vaporizers: 'vapes',
  Concentrate: 'concentrates',
  Concentrates: 'concentrates',
  Edible: 'edibles',
  Edibles: 'edibles',
  Tincture: 'edibles',
  Tinctures: 'edibles',
  Oral: 'edibles',
  Orals: 'edibles',
  Topicals: 'topicals',
  Topical: 'topicals',
  Accessories: 'accessories',
  Apparel: 'accessories',
  CBD: 'other',
  Clones: 'other',
  Seeds: 'other',
  'N/A': 'other',
  // Subcategories of Oral and CBD products.
  capsules: 'edibles',
  tablets: 'edibles',
  troches: 'edibles',
  sublingual: 'edibles',
  gummies: 'edibles',
  chocolates: 'edibles',
  drinks: 'edibles',
  cartridges: 'vapes',
  disposables: 'vapes',
  singles: 'pre-rolls',
  packs: 'pre-rolls',
  infused: 'pre-rolls',
});

/** A product's category by its `type`, then its `subcategory`. */
export const dutchieCategory = (type: unknown, subcategory: unknown) =>
  categoryIn(DUTCHIE_CATEGORIES, type, subcategory);

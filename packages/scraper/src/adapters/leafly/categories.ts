import { categoryIn, categoryTable } from '../shared/categories';

/** Leafly's `productCategory` values (platforms.md 4), singular and plural as menus write them. */
export const LEAFLY_CATEGORIES = categoryTable({
  Flower: 'flower',
  'Pre-roll': 'pre-rolls',
  'Pre-rolls': 'pre-rolls',
  Vaporizers: 'vapes',
  Vape: 'vapes',
  Vapes: 'vapes',
  Cartridge: 'vapes',
  Cartridges: 'vapes',
  Concentrate: 'concentrates',
  Concentrates: 'concentrates',
  Edible: 'edibles',
  Edibles: 'edibles',
  Tincture: 'edibles',
  Tinctures: 'edibles',
  Topical: 'topicals',
  Topicals: 'topicals',
  Accessory: 'accessories',
  Accessories: 'accessories',
  CBD: 'other',
  Other: 'other',
});

export const leaflyCategory = (productCategory: unknown) =>
  categoryIn(LEAFLY_CATEGORIES, productCategory);

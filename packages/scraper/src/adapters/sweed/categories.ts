import { categoryIn, categoryTable } from '../shared/categories';

/**
 * Sweed's top categories (`category.name`, platforms.md 5) as the real Curaleaf and Ivy Hall
 * menus name them; 'Oral' holds tablets and capsules (edibles on the page), a vaporizer device
 * under 'Accessories' stays an accessory because the top category is read first.
 */
export const SWEED_CATEGORIES = categoryTable({
  Flower: 'flower',
  'Pre-Rolls': 'pre-rolls',
  'Pre-Roll': 'pre-rolls',
  Vape: 'vapes',
  Vapes: 'vapes',
  Vaporizers: 'vapes',
  Concentrates: 'concentrates',
  Concentrate: 'concentrates',
  Edibles: 'edibles',
  Edible: 'edibles',
  Oral: 'edibles',
  Tinctures: 'edibles',
  Tincture: 'edibles',
  Topical: 'topicals',
  Topicals: 'topicals',
  Accessories: 'accessories',
  Apparel: 'accessories',
});

/** A product's category by `category`, then `subcategory`, then `productType`. */
export const sweedCategory = (...names: unknown[]) => categoryIn(SWEED_CATEGORIES, ...names);

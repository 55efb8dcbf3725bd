import { categoryIn, categoryTable } from '../shared/categories';

/**
 * Weedmaps' category tree (platforms.md 3.1 and 3.2): its top categories and the sub-categories
 * whose product differs from their parent's ('Pre Roll' sits under 'Flower', 'Accessories' under
 * 'Gear'), as the real menus name them.
 */
export const WEEDMAPS_CATEGORIES = categoryTable({
  Flower: 'flower',
  'Infused Flower': 'flower',
  'Pre Roll': 'pre-rolls',
  'Pre Rolls': 'pre-rolls',
  'Pre-Rolls': 'pre-rolls',
  'Infused Pre Roll': 'pre-rolls',
  Concentrates: 'concentrates',
  Concentrate: 'concentrates',
  'Vape Pens': 'vapes',
  Vape: 'vapes',
  Vapes: 'vapes',
  Cartridges: 'vapes',
  Cartridge: 'vapes',
  Disposable: 'vapes',
  Disposables: 'vapes',
  Edibles: 'edibles',
  Edible: 'edibles',
  Drinks: 'edibles',
  Gummies: 'edibles',
  Candy: 'edibles',
  Chocolates: 'edibles',
  Tinctures: 'edibles',
  Capsules: 'edibles',
  Topicals: 'topicals',
  Gear: 'accessories',
  Accessories: 'accessories',
  Batteries: 'accessories',
  Cultivation: 'other',
  Seeds: 'other',
  Clones: 'other',
  CBD: 'other',
});

/** A menu item's category, most specific name first (a sub-category before its parents). */
export const weedmapsCategory = (...namesMostSpecificFirst: unknown[]) =>
  categoryIn(WEEDMAPS_CATEGORIES, ...namesMostSpecificFirst);

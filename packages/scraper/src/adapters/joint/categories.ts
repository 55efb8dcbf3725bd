import { categoryIn, categoryTable } from '../shared/categories';

/**
 * Joint's `category` values (platforms.md 7; the POS's, Dutchie's enum) and the `subCategory`
 * values that tell an oral or CBD product apart.
 */
export const JOINT_CATEGORIES = categoryTable({
  FLOWER: 'flower',
  PRE_ROLLS: 'pre-rolls',
  VAPORIZERS: 'vapes',
  CONCENTRATES: 'concentrates',
  EDIBLES: 'edibles',
  TINCTURES: 'edibles',
  ORALS: 'edibles',
  TOPICALS: 'topicals',
  ACCESSORIES: 'accessories',
  APPAREL: 'accessories',
  CBD: 'other',
  CLONES: 'other',
  SEEDS: 'other',
  NOT_APPLICABLE: 'other',
  CAPSULES: 'edibles',
  TABLETS: 'edibles',
  GUMMIES: 'edibles',
  CARTRIDGES: 'vapes',
  DISPOSABLES: 'vapes',
});

export const jointCategory = (category: unknown, subCategory: unknown) =>
  categoryIn(JOINT_CATEGORIES, category, subCategory);

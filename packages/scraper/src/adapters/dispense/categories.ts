import { categoryIn, categoryTable } from '../shared/categories';

/**
 * Dispense's `cannabisComplianceType` values (platforms.md 6; the capture has 'EDIBLES') and the
 * store-named `productCategoryName` / `subType` words ('🍬Edibles🍫' folds to 'edibles').
 */
export const DISPENSE_CATEGORIES = categoryTable({
  FLOWER: 'flower',
  PRE_ROLLS: 'pre-rolls',
  PRE_ROLL: 'pre-rolls',
  VAPORIZERS: 'vapes',
  VAPE: 'vapes',
  VAPES: 'vapes',
  CONCENTRATES: 'concentrates',
  CONCENTRATE: 'concentrates',
  EDIBLES: 'edibles',
  EDIBLE: 'edibles',
  TINCTURES: 'edibles',
  ORALS: 'edibles',
  TOPICALS: 'topicals',
  ACCESSORIES: 'accessories',
  APPAREL: 'accessories',
});

/** A product's category by compliance type, then the store's category and sub-type names. */
export const dispenseCategory = (...names: unknown[]) => categoryIn(DISPENSE_CATEGORIES, ...names);

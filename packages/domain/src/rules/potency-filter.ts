import type { Deal } from '../contract/deal';
import { STRAIN_TYPES, type StrainType } from '../contract/constants';
import type { Option } from '../contract/options';

/**
 * The THC filter's choices: a least percent for the percent forms (flower, vapes, concentrates,
 * pre-rolls) and a least mg per package for the mg forms (edibles, tinctures, topicals). Decision:
 * 10, 50 and 100 mg are the packages Missouri sells most (a 10 mg dose, a 50 mg pack, the 100 mg
 * common pack). A range counts by its top: a menu's '20–24%' may be 24%.
 */
export const THC_FILTERS = ['any', '15', '20', '25', '30', '10mg', '50mg', '100mg'] as const;
export type ThcFilter = (typeof THC_FILTERS)[number];

/** The THC dropdown: a percent as written in the URL (`thc=25`), mg with its unit (`thc=100mg`). */
export const THC_OPTIONS: ReadonlyArray<Option<ThcFilter>> = THC_FILTERS.map((value) => ({
  value,
  label:
    value === 'any'
      ? 'Any THC'
      : `${value.replace('mg', ' mg')}${value.endsWith('mg') ? '' : '%'}+`,
}));

/** Whether a deal passes the THC filter; a deal without a figure passes only 'any'. */
export function matchesThcFilter(deal: Pick<Deal, 'thc'>, filter: ThcFilter): boolean {
  if (filter === 'any') return true;
  const unit = filter.endsWith('mg') ? 'mg' : '%';
  return deal.thc?.unit === unit && deal.thc.max >= Number.parseFloat(filter);
}

/** The Type filter's choices. */
export const TYPE_FILTERS = ['any', ...STRAIN_TYPES] as const;
export type TypeFilter = 'any' | StrainType;

export const TYPE_OPTIONS: ReadonlyArray<Option<TypeFilter>> = TYPE_FILTERS.map((value) => ({
  value,
  label: value === 'any' ? 'Any type' : value,
}));

/** Whether a deal passes the Type filter; a deal without a type passes only 'any'. */
export function matchesTypeFilter(deal: Pick<Deal, 'strainType'>, filter: TypeFilter): boolean {
  return filter === 'any' || deal.strainType === filter;
}

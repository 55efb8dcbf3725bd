import type { DealView } from './deal-view';

/** How two deals compare in a sort: negative when `a` comes first. */
export type Compare = (a: DealView, b: DealView) => number;

/**
 * Ascending numbers with NaN after every number. Decision: a NaN price or distance is treated as
 * unknown and sorts last, in both price directions, so a bad value never tops the list.
 */
export function byNumber(a: number, b: number): number {
  const aMissing = Number.isNaN(a);
  const bMissing = Number.isNaN(b);
  if (aMissing || bMissing) return Number(aMissing) - Number(bMissing);
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Descending numbers, NaN (unknown) after every number. */
export function byNumberDescending(a: number, b: number): number {
  const aMissing = Number.isNaN(a);
  const bMissing = Number.isNaN(b);
  if (aMissing || bMissing) return Number(aMissing) - Number(bMissing);
  return byNumber(b, a);
}

/**
 * Units that can be compared with each other, in the order their groups are listed: per gram
 * (flower, vapes, concentrates), per 100 mg (edibles, topicals), per item.
 */
const UNIT_ORDER = { g: 0, '100mg': 1, each: 2 } as const;

/**
 * Lowest unit price 'within comparable units': deals priced per gram first, cheapest first, then
 * those per 100 mg, then per item, then those without a unit price. A dollar per gram is never
 * weighed against a dollar per 100 mg. `amountOf` gives a deal's unit price (with tax, when
 * shown with tax).
 */
export const byUnitPriceOf =
  (amountOf: (view: DealView) => number): Compare =>
  (a, b) => {
    const aUnit = a.unitPrice ? UNIT_ORDER[a.unitPrice.per] : 3;
    const bUnit = b.unitPrice ? UNIT_ORDER[b.unitPrice.per] : 3;
    if (aUnit !== bUnit) return aUnit - bUnit;
    return aUnit === 3 ? 0 : byNumber(amountOf(a), amountOf(b));
  };

import { MAX_MONEY } from '../contract/constants';
import type { UnitPrice } from '../contract/deal';
import type { DealCategory } from '../contract/values';
import { readSize } from './size';

/** Sold by weight, so a size in milligrams is a weight too (a '500mg' cart is 0.5 g). */
const BY_WEIGHT: ReadonlySet<DealCategory> = new Set([
  'flower',
  'pre-rolls',
  'vapes',
  'concentrates',
]);

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The one unit-price rule, which the adapters and the service share: what a deal costs per 100 mg
 * of what an edible's pack holds (its THC, or its cannabinoids in all when the name spells out a
 * ratio's doses), per gram for what is sized in grams (and for what is sold by weight and sized in
 * milligrams); undefined when the size says neither (an edible sized in grams, a topical's dose,
 * no size) or the result is no price the contract carries.
 */
export function unitPriceOf(
  price: number | undefined,
  size: string | undefined,
  category: DealCategory | undefined,
): UnitPrice | undefined {
  const measure = readSize(size);
  if (price === undefined || !measure) return undefined;
  let unit: UnitPrice | undefined;
  if (category === 'edibles') {
    if (measure.unit === 'mg')
      unit = { amount: round2((price / measure.amount) * 100), per: '100mg' };
  } else if (measure.unit === 'g') {
    unit = { amount: round2(price / measure.amount), per: 'g' };
  } else if (category && BY_WEIGHT.has(category)) {
    unit = { amount: round2(price / (measure.amount / 1000)), per: 'g' };
  }
  return unit && Number.isFinite(unit.amount) && unit.amount <= MAX_MONEY ? unit : undefined;
}

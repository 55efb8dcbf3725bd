import type { Deal } from '../contract/deal';

/** What the THC rule reads of a deal's view. */
type ThcFacts = { deal: Pick<Deal, 'thc'>; grams?: number };

/**
 * 'Most THC per dollar': the milligrams of THC one item holds per dollar of `price` (an item's
 * price, with tax or not). The mg are the item's least stated figure (a range counts by its bottom:
 * the value is never overstated): a package's mg as stated, a percent form's grams x percent x 10
 * (3.5 g at 20% is 700 mg), its weight the view's (`dealGrams`). NaN when the THC, the weight of a
 * percent form or a positive price is unknown.
 */
export function thcPerDollar({ deal: { thc }, grams = Number.NaN }: ThcFacts, price: number) {
  if (!thc || !(price > 0)) return Number.NaN;
  return (thc.unit === 'mg' ? thc.min : grams * thc.min * 10) / price;
}

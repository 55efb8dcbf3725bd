import type { Deal } from '../contract/deal';
import type { SizeFilter } from '../contract/options';
import type { DealCategory } from '../contract/values';
import { readSize } from './size';

/**
 * The Size filter: which deals weigh one of the weights dispensaries sell in (the gram, the eighth,
 * the quarter, the half ounce and the ounce).
 */

/** Sold by weight, so a size in milligrams is a weight too: a '1000mg' cart is 1 g. */
const BY_WEIGHT: ReadonlySet<DealCategory> = new Set([
  'flower',
  'pre-rolls',
  'vapes',
  'concentrates',
]);

/**
 * What the deal weighs in grams, from its `size` field read with the domain's size reader
 * (`readSize`: '3.5g', '1/8 oz', 'eighth', '2 x 0.5g'); NaN when it is no weight: no size, a size
 * the reader cannot read, or a dose in milligrams of something not sold by weight (an edible).
 *
 * Decision: only the `size` field is read, not the title. The service already writes the size a
 * product's name states into `size` when the menu's own size fields give none (`productSize`),
 * and the name reader's regular expressions would cost the page's first load.
 */
export function dealGrams(deal: Pick<Deal, 'size' | 'category'>): number {
  const measure = readSize(deal.size);
  if (!measure) return Number.NaN;
  if (measure.unit === 'g') return measure.amount;
  return deal.category !== undefined && BY_WEIGHT.has(deal.category)
    ? measure.amount / 1000
    : Number.NaN;
}

/**
 * The grams each choice accepts, both ends included. Decisions:
 * - The middle of each range is the weight dispensaries sell it as: the ounce as 28 g and its
 *   fractions as 3.5, 7 and 14 g (the size reader reads '1/8 oz' as 3.5 g the same way).
 * - Each range reaches about 3% either side of it, enough for the true avoirdupois weights some
 *   menus print (3.54, 7.09, 14.17 and 28.35 g) and for labels rounded to a tenth ('3.4g' for a
 *   3.43 g jar), and far from the next weight sold (2 g, 5 g, 10 g). The gram's is 0.05 g either
 *   side, a label's rounding: a 0.9 g cart is not a gram.
 */
export const GRAM_RANGES: Record<
  Exclude<SizeFilter, 'any'>,
  readonly [low: number, high: number]
> = {
  gram: [0.95, 1.05],
  eighth: [3.4, 3.6],
  quarter: [6.8, 7.2],
  half: [13.6, 14.4],
  ounce: [27.2, 28.8],
};

/**
 * Whether a deal weighing `grams` (see `dealGrams`; NaN when unknown) is of the chosen `size`.
 * 'any' keeps every deal, sized or not; any other choice keeps only deals of a known weight.
 */
export function matchesSize(grams: number, size: SizeFilter): boolean {
  if (size === 'any') return true;
  const range = GRAM_RANGES[size];
  return range !== undefined && grams >= range[0] && grams <= range[1];
}

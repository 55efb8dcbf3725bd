/**
 * Held-back prices: a day whose price is far from the product's own history is more likely a
 * broken feed (cents read as dollars, a price per pound for a gram) than a price anyone paid, and
 * one such day must not spoil the product's price memory for a month. So a price more than
 * `PRICE_OUTLIER_FACTOR` times the product's reference price, or under one `PRICE_OUTLIER_FACTOR`th
 * of it, is held back: left out of the facts as if the product had not been seen that day, and
 * today's deal at such a price is not published. The store keeps every day as it was scraped, so
 * nothing is lost: the rule runs again on each read.
 *
 * A far price is released when the days confirm it: `PRICE_OUTLIER_CONFIRM_DAYS` days seen in a row
 * on the same side of the reference (today included, days not seen not breaking the run) make it
 * the product's price, a real change of price rather than one bad day.
 *
 * The reference is the median of the days seen in the price memory's window (all of them, the far
 * ones too: a median moves only when they are the majority, which is a change of price confirmed
 * many times over). With fewer than `PRICE_OUTLIER_MIN_DAYS` days seen nothing is judged: two
 * days cannot say which of them is the odd one.
 *
 * Cost: one pass over the days (given oldest first), whole cents compared as integers.
 */

/** A price more than this many times the reference, or under its this-many-th part, is far. */
export const PRICE_OUTLIER_FACTOR = 3;
/** Days seen in a row on the same far side that make a far price the product's price. */
export const PRICE_OUTLIER_CONFIRM_DAYS = 3;
/** Fewer days seen in the window than this and no day is judged far. */
export const PRICE_OUTLIER_MIN_DAYS = 3;

/** Which side of the reference a price is far on, or null when it is near. */
export type FarSide = 'above' | 'below' | null;

/** What the rule holds back of one product's days. */
export interface HeldBackPrices {
  /** Per day given (same order), whether it is held back. */
  days: boolean[];
  /** Whether today's price is held back (not published, see the module's comment). */
  today: boolean;
}

/** The side `price` is far on from `reference` (whole cents); a reference of 0 judges nothing. */
export function farSide(price: number, reference: number | null): FarSide {
  if (reference === null || reference <= 0) return null;
  if (price > reference * PRICE_OUTLIER_FACTOR) return 'above';
  if (price * PRICE_OUTLIER_FACTOR < reference) return 'below';
  return null;
}

/**
 * The days of `pricesOldestFirst` (whole cents, one per day seen, oldest first) and today's price
 * that are held back against `reference` (see `priceReference`; null judges nothing).
 */
export function heldBackPrices(
  pricesOldestFirst: readonly number[],
  reference: number | null,
  today: number,
): HeldBackPrices {
  const days = new Array<boolean>(pricesOldestFirst.length).fill(false);
  let runStart = 0;
  let runSide: FarSide = null;
  const close = (end: number, length: number) => {
    if (runSide === null || length >= PRICE_OUTLIER_CONFIRM_DAYS) return;
    for (let index = runStart; index < end; index += 1) days[index] = true;
  };
  for (let index = 0; index < pricesOldestFirst.length; index += 1) {
    const side = farSide(pricesOldestFirst[index]!, reference);
    if (side === runSide) continue;
    close(index, index - runStart);
    runStart = index;
    runSide = side;
  }
  // The last run goes on into today when today's price is far on the same side.
  const todaySide = farSide(today, reference);
  const lastRun = pricesOldestFirst.length - runStart;
  close(pricesOldestFirst.length, lastRun + (todaySide !== null && todaySide === runSide ? 1 : 0));
  const todayRun = todaySide === null ? 0 : todaySide === runSide ? lastRun + 1 : 1;
  return { days, today: todaySide !== null && todayRun < PRICE_OUTLIER_CONFIRM_DAYS };
}

/**
 * The reference the rule judges against: the median of `sortedWindow` (the window's prices in
 * whole cents, ascending), the lower middle one for an even count (a price charged, never a
 * mean); null with fewer than `PRICE_OUTLIER_MIN_DAYS` days.
 */
export function priceReference(sortedWindow: ArrayLike<number>): number | null {
  if (sortedWindow.length < PRICE_OUTLIER_MIN_DAYS) return null;
  return sortedWindow[(sortedWindow.length - 1) >> 1]!;
}

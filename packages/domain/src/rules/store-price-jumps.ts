import { PRICE_OUTLIER_CONFIRM_DAYS, priceReference } from './price-outliers';

/**
 * Store-wide price jumps: a day on which most of a store's products cost markedly more than
 * their own usual price at once is a broken feed (tax added twice, a price per pack for an item,
 * a currency or unit switch), not a price anyone was asked to pay, even when no product moved
 * the 3x a single product needs to be held back (price-outliers.ts). Such a day is held back
 * for the whole store: left out of every product's facts as a day not seen, and today's deals of
 * the products that share the jump are not published. It is released, like a single product's far
 * price, once `PRICE_OUTLIER_CONFIRM_DAYS` days the store was seen in a row confirm it.
 *
 * Only a jump up is judged. A store-wide drop is what a sale day looks like ('20% off
 * everything' on 4/20) and is what shoppers come for; a drop a broken feed makes (cents read as
 * dollars) is far beyond 3x and is held back product by product.
 *
 * A product takes part when it has a reference (the median of its days, `priceReference`); a day
 * (or today) is judged when at least `STORE_JUMP_MIN_PRODUCTS` products were seen on it, and is a
 * jump when at least `STORE_JUMP_SHARE_PERCENT` percent of them cost more than
 * `STORE_JUMP_PERCENT` percent above their reference.
 */

/** A product costs 'markedly more' than its reference above this many percent over it. */
export const STORE_JUMP_PERCENT = 40;
/** The share of a day's products, in percent, that must cost markedly more for a store jump. */
export const STORE_JUMP_SHARE_PERCENT = 50;
/** A day with fewer products seen than this is never judged: a few products are no store. */
export const STORE_JUMP_MIN_PRODUCTS = 5;

/** One product's days for the rule: whole cents charged per day number, oldest first. */
export interface StoreProductDays {
  /** Day numbers (see `dayNumber`), ascending, one per day seen. */
  readonly days: ArrayLike<number>;
  /** The price charged on each of `days`, in whole cents. */
  readonly prices: ArrayLike<number>;
  /** Today's price in whole cents, or null when the product is not on today's menu. */
  readonly today: number | null;
}

/** What the rule holds back of a store. */
export interface StorePriceJumps {
  /** Day numbers held back for every product of the store (empty nearly always). */
  heldDays: ReadonlySet<number>;
  /** Per product given (same order), whether today's deal is held back. */
  heldToday: boolean[];
}

const NOTHING_HELD: ReadonlySet<number> = new Set();

/** The days and today's deals of a store's `products` that a store-wide jump holds back. */
export function storePriceJumps(products: readonly StoreProductDays[]): StorePriceJumps {
  // Every product's days are within the same few weeks: counted per day in two flat arrays.
  let first = Infinity;
  let last = -Infinity;
  for (const { days } of products) {
    if (days.length === 0) continue;
    first = Math.min(first, days[0]!);
    last = Math.max(last, days[days.length - 1]!);
  }
  const span = last >= first ? last - first + 1 : 0;
  const judged = new Int32Array(span);
  const up = new Int32Array(span);
  let judgedToday = 0;
  let upToday = 0;
  const upTodayOf = new Array<boolean>(products.length).fill(false);
  products.forEach((product, index) => {
    const { days, prices } = product;
    const reference = priceReference(Int32Array.from(prices).sort());
    if (reference === null) return;
    for (let day = 0; day < days.length; day += 1) {
      const at = days[day]! - first;
      judged[at] = judged[at]! + 1;
      if (isMarkedlyUp(prices[day]!, reference)) up[at] = up[at]! + 1;
    }
    if (product.today === null) return;
    judgedToday += 1;
    if (isMarkedlyUp(product.today, reference)) {
      upToday += 1;
      upTodayOf[index] = true;
    }
  });

  // Runs of jump days among the days the store was seen; days not seen break no run.
  const jumpToday = isJump(judgedToday, upToday);
  const held = new Set<number>();
  let run: number[] = [];
  const close = (length: number) => {
    if (length < PRICE_OUTLIER_CONFIRM_DAYS) for (const day of run) held.add(day);
    run = [];
  };
  for (let at = 0; at < span; at += 1) {
    if (judged[at] === 0) continue;
    if (isJump(judged[at]!, up[at]!)) run.push(first + at);
    else close(run.length);
  }
  const todayRun = jumpToday ? run.length + 1 : 0;
  close(run.length + (jumpToday ? 1 : 0));
  const holdToday = jumpToday && todayRun < PRICE_OUTLIER_CONFIRM_DAYS;
  return {
    heldDays: held.size === 0 ? NOTHING_HELD : held,
    heldToday: holdToday ? upTodayOf : upTodayOf.fill(false),
  };
}

function isMarkedlyUp(price: number, reference: number): boolean {
  return price * 100 > reference * (100 + STORE_JUMP_PERCENT);
}

function isJump(judged: number, up: number): boolean {
  return judged >= STORE_JUMP_MIN_PRODUCTS && up * 100 >= judged * STORE_JUMP_SHARE_PERCENT;
}

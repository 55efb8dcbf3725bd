import { MAX_MONEY, type DiscountCheck } from '../contract/constants';
import { addDays, daysBetween, dayNumber, isCalendarDay } from './calendar-day';
import { moneyText } from './deal-facts';
import { heldBackPrices, priceReference } from './price-outliers';

/**
 * Price memory: what a product's recent days at one store say about today's deal. The store keeps
 * one observation per store, product and calendar day (the market's zone, America/Chicago): the
 * day's last sale price, regular price and whether it was on a deal. These rules turn one
 * product's observations into its facts (`priceMemory`) and the card's line (`priceMemoryCard`).
 *
 * The reference is the EU price-reduction rule: Directive 98/6/EC, article 6a (added by the
 * 'Omnibus' Directive (EU) 2019/2161) makes the prior price of an announced reduction the lowest
 * price charged in the 30 days before it. Missouri has no such rule; we follow it because it is
 * the honest measure of whether a discount is one.
 *
 * Decisions shared by every rule here:
 * - A day's price charged is its sale price when it has one, else its regular price; a day with
 *   neither is not a day seen. Days the product was not seen do not count, and do not break a run.
 * - 'The last 30 days' are the 30 calendar days before today: today and later days are left out
 *   (a later day can only come from a clock a little ahead of ours around midnight).
 * - Money is compared in whole cents (half a cent rounds up on the decimal value), so 19.99 and
 *   19.990000000000002 are the same price. Every result in dollars is a whole number of cents.
 * - Bad input is refused with a RangeError that names the day and the field: a day not written
 *   'YYYY-MM-DD', a price that is NaN, infinite, negative or above `MAX_MONEY`, and two
 *   observations of the same day (the store keeps one per day, so two mean a bug upstream, and
 *   neither order nor 'last one wins' would say which is true).
 * - A day's price far from the product's own history (over 3 times its median or under a third
 *   of it, see price-outliers.ts) is held back until the next days confirm it: until then it is
 *   not counted in any fact, as if the product had not been seen that day.
 * - Cost: a few passes over the observations (a sort only when they are not given oldest first,
 *   as the store gives them) and a sort of at most 30 prices (the window's days; a second one
 *   only when a day is held back), with no `Date`: days compare as strings and move with
 *   `addDays`.
 */

/** One day of a product at one store, as the store records it. */
export interface PriceObservation {
  /** The market's calendar day, 'YYYY-MM-DD'. */
  day: string;
  /** The day's last sale price in dollars, or null when the product was not on sale. */
  salePrice: number | null;
  /** The day's last regular price in dollars, or null when the menu named none. */
  regularPrice: number | null;
  /** Whether the product was on a deal that day (kept for the history; no rule here reads it). */
  onDeal: boolean;
}

/** Today's deal, which the history is compared with. */
export interface PriceToday {
  /** The market's calendar day, 'YYYY-MM-DD'. */
  day: string;
  /** What the deal charges today (its sale price), in dollars. */
  price: number;
  /** The regular price the store claims today, or null when it claims none. */
  claimedRegularPrice: number | null;
}

/**
 * - real: today's price is below the usual price.
 * - inflated: the claimed regular price is more than 5% above every price charged in the last 30
 *   days. It wins over 'real': a deal can be cheaper than usual and still claim a regular price
 *   that was never charged, and the card must correct the claim (the percent off it implies).
 * - none: neither holds; today's price is the usual one (or above it) and the claim is plausible.
 * - unknown: fewer than 7 days seen in the last 30, too few to judge; it wins over the others.
 */
export type { DiscountCheck };

/** The facts of one product's price memory at one store, in dollars (whole cents). */
export interface PriceMemory {
  /** Today, as given. */
  day: string;
  /** Today's price, to whole cents. */
  price: number;
  /** Days seen with a price in the last 30 days (today excluded), 0 to 30. */
  daysSeen: number;
  /** The lowest price charged in the last 30 days (the Omnibus reference), null with no day seen. */
  lowest30d: number | null;
  /**
   * The median of the prices charged on the days seen in the last 30; with an even count, the
   * mean of the two middle prices, half a cent rounded up. Null with no day seen.
   */
  usualPrice: number | null;
  /** The last price before today that differs from today's (any day of the history), else null. */
  previousPrice: number | null;
  /**
   * The first day of the current run of today's price: the first day seen after `previousPrice`'s
   * last day (today itself when the day before the change is the last day seen). Null when the
   * history never shows a different price, as the change is then older than what is known.
   */
  priceChangedAt: string | null;
  discountCheck: DiscountCheck;
  /**
   * Sent when prices far from the product's own history are held back (see price-outliers.ts):
   * whether today's price is one (its deal is then not published), and how many days before
   * today were left out of every fact above as if not seen.
   */
  heldBack?: { today: boolean; days: number };
}

/** The window of the Omnibus reference, in calendar days before today. */
export const PRICE_MEMORY_DAYS = 30;
/** Fewer days seen in the window than this and the history says nothing ('unknown'). */
export const PRICE_MEMORY_MIN_DAYS_SEEN = 7;
/** A claimed regular price more than this percent above every price charged is 'inflated'. */
export const INFLATED_CLAIM_MARGIN_PERCENT = 5;
/** A price drop is news for this many days: the day it happened and the 6 after it. */
export const PRICE_DROP_NEWS_DAYS = 7;

/** The product's price memory: its facts from `observations` (any order, gaps allowed). */
export function priceMemory(
  observations: readonly PriceObservation[],
  today: PriceToday,
): PriceMemory {
  dayNumber(today.day); // refuses a malformed today before anything is compared with it
  const todayCents = cents(today.price, `today (${today.day})`, 'price');
  const claimedCents =
    today.claimedRegularPrice === null
      ? null
      : cents(today.claimedRegularPrice, `today (${today.day})`, 'claimedRegularPrice');
  const windowStart = addDays(today.day, -PRICE_MEMORY_DAYS);

  const daysGiven = new Set<string>();
  const pastDays: string[] = [];
  const pastCents: number[] = [];
  let sorted = true;
  for (const observation of observations) {
    const charged = chargedCents(observation);
    if (daysGiven.has(observation.day)) {
      throw new RangeError(
        `Price history has two observations of ${observation.day}: a store, product and day has one`,
      );
    }
    daysGiven.add(observation.day);
    if (charged === null || observation.day >= today.day) continue;
    if (pastDays.length > 0 && observation.day < pastDays[pastDays.length - 1]!) sorted = false;
    pastDays.push(observation.day);
    pastCents.push(charged);
  }
  // The store answers a product's days oldest first; anything else is put in order here.
  if (!sorted) sortByDay(pastDays, pastCents);

  // Days far from the product's own history are held back (price-outliers.ts): judged against
  // the median of the whole window, then left out as days not seen.
  const windowFrom = firstOnOrAfter(pastDays, windowStart);
  const sortedWindow = pastCents.slice(windowFrom).sort((a, b) => a - b);
  const held = heldBackPrices(pastCents, priceReference(sortedWindow), todayCents);
  // Nearly always nothing is held back, and the window's prices are those already sorted.
  const anyHeld = held.days.includes(true);
  const window: number[] = anyHeld ? [] : sortedWindow;
  let lastDifferentDay: string | null = null;
  let lastDifferentCents = 0;
  let daysHeldBack = 0;
  for (let index = 0; index < pastDays.length; index += 1) {
    if (held.days[index]) {
      daysHeldBack += 1;
      continue;
    }
    const charged = pastCents[index]!;
    if (anyHeld && index >= windowFrom) window.push(charged);
    if (charged !== todayCents) {
      lastDifferentDay = pastDays[index]!;
      lastDifferentCents = charged;
    }
  }

  let priceChangedAt: string | null = null;
  if (lastDifferentDay !== null) {
    // Every day seen after the last different one carries today's price: the earliest starts the run.
    priceChangedAt = today.day;
    for (let index = pastDays.length - 1; index >= 0; index -= 1) {
      const day = pastDays[index]!;
      if (day <= lastDifferentDay) break;
      if (!held.days[index]) priceChangedAt = day;
    }
  }

  if (anyHeld) window.sort((a, b) => a - b);
  const daysSeen = window.length;
  const lowest = daysSeen === 0 ? null : window[0]!;
  const highest = daysSeen === 0 ? null : window[daysSeen - 1]!;
  const usual = daysSeen === 0 ? null : median(window);

  let discountCheck: DiscountCheck;
  if (daysSeen < PRICE_MEMORY_MIN_DAYS_SEEN || usual === null || highest === null) {
    discountCheck = 'unknown';
  } else if (
    claimedCents !== null &&
    claimedCents * 100 > highest * (100 + INFLATED_CLAIM_MARGIN_PERCENT)
  ) {
    discountCheck = 'inflated';
  } else if (todayCents < usual) {
    discountCheck = 'real';
  } else {
    discountCheck = 'none';
  }

  return {
    day: today.day,
    price: dollars(todayCents),
    daysSeen,
    lowest30d: lowest === null ? null : dollars(lowest),
    usualPrice: usual === null ? null : dollars(usual),
    previousPrice: lastDifferentDay === null ? null : dollars(lastDifferentCents),
    priceChangedAt,
    discountCheck,
    ...(held.today || daysHeldBack > 0
      ? { heldBack: { today: held.today, days: daysHeldBack } }
      : {}),
  };
}

/**
 * The card's line from the price memory, as data (`priceMemoryText` writes it). What the history
 * says of the discount itself (the usual price, an inflated claim) is the shown discount's
 * (`shownDiscount`), not this line's:
 * - lowest-in-30-days: today's price is at or below the lowest of the last 30 days.
 * - price-dropped: the price went down to today's within `PRICE_DROP_NEWS_DAYS` (the change day
 *   and the 6 after it); `drop` is the previous price less today's (`price`).
 */
export type PriceMemoryCard =
  | { kind: 'lowest-in-30-days'; lowest30d: number }
  | {
      kind: 'price-dropped';
      drop: number;
      price: number;
      previousPrice: number;
      changedAt: string;
    };

/**
 * At most one line per card, the first that holds of: lowest-in-30-days (the stronger news),
 * price-dropped. Null when the history is unknown (fewer than 7 days seen) or neither holds. A
 * price that has held for 30 days is at its lowest, and says so. `memory` is as `priceMemory`
 * gives it, or as the service sent it (its prices read by the contract), so its prices are not
 * checked again here: the page carries no such checks in its first load.
 */
export function priceMemoryCard(memory: PriceMemory): PriceMemoryCard | null {
  if (memory.discountCheck === 'unknown') return null;
  const price = wholeCents(memory.price);
  if (memory.lowest30d !== null && price <= wholeCents(memory.lowest30d)) {
    return { kind: 'lowest-in-30-days', lowest30d: memory.lowest30d };
  }
  const { previousPrice, priceChangedAt } = memory;
  if (previousPrice !== null && priceChangedAt !== null) {
    const previous = wholeCents(previousPrice);
    const daysAgo = daysBetween(priceChangedAt, memory.day);
    if (previous > price && daysAgo >= 0 && daysAgo < PRICE_DROP_NEWS_DAYS) {
      return {
        kind: 'price-dropped',
        drop: dollars(previous - price),
        price: dollars(price),
        previousPrice: dollars(previous),
        changedAt: priceChangedAt,
      };
    }
  }
  return null;
}

/**
 * The card line's words, money as the card writes it ('$5', '$4.50'): 'Lowest in 30 days', 'Down
 * $5 to $49' (how much, then to what: 'Price dropped $49' would read as the new price).
 */
export function priceMemoryText(card: PriceMemoryCard): string {
  switch (card.kind) {
    case 'lowest-in-30-days':
      return 'Lowest in 30 days';
    case 'price-dropped':
      return `Down ${moneyText(card.drop)} to ${moneyText(card.price)}`;
  }
}

/** The price charged on an observation's day in cents (sale, else regular), null for neither. */
function chargedCents(observation: PriceObservation): number | null {
  const { day } = observation;
  if (!isCalendarDay(day)) {
    throw new RangeError(`Price history has a day not written YYYY-MM-DD: ${JSON.stringify(day)}`);
  }
  const sale =
    observation.salePrice === null ? null : cents(observation.salePrice, day, 'salePrice');
  const regular =
    observation.regularPrice === null ? null : cents(observation.regularPrice, day, 'regularPrice');
  return sale ?? regular;
}

/** Dollars to whole cents, refusing what is not a price. */
function cents(value: unknown, day: string, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_MONEY) {
    throw new RangeError(
      `Price history for ${day}: ${field} must be a price from 0 to ${MAX_MONEY} dollars, got ${String(value)}`,
    );
  }
  return wholeCents(value);
}

/** A price in dollars to whole cents. */
function wholeCents(value: number): number {
  const scaled = value * 100;
  const whole = Math.round(scaled);
  // Prices are whole cents but for float noise; only a fraction of a cent needs the slow road.
  if (Math.abs(scaled - whole) < 1e-6) return whole;
  // The shortest decimal of value * 100 (15 digits), so 2.675 is 267.5 cents, not 267.4999...
  return Math.round(Number(scaled.toPrecision(15)));
}

function dollars(valueInCents: number): number {
  return valueInCents / 100;
}

/** Sorts the days (and their prices with them) oldest first. */
function sortByDay(days: string[], prices: number[]): void {
  const order = days.map((_, index) => index).sort((a, b) => (days[a]! < days[b]! ? -1 : 1));
  const sortedDays = order.map((index) => days[index]!);
  const sortedPrices = order.map((index) => prices[index]!);
  for (let index = 0; index < order.length; index += 1) {
    days[index] = sortedDays[index]!;
    prices[index] = sortedPrices[index]!;
  }
}

/** The index of the first of `days` (oldest first) on or after `day`; their length if none. */
function firstOnOrAfter(days: readonly string[], day: string): number {
  let index = days.length;
  while (index > 0 && days[index - 1]! >= day) index -= 1;
  return index;
}

/** The median of sorted cents; the mean of the middle two for an even count, half a cent up. */
function median(sorted: readonly number[]): number {
  const middle = sorted.length >> 1;
  if (sorted.length % 2 === 1) return sorted[middle]!;
  return Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

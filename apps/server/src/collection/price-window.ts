import {
  dayFromNumber,
  dayNumber,
  type PriceObservation,
  type StoreProductDays,
} from '@stl-deals/domain';

/**
 * One product's complete days within the price memory's window, kept between store results so
 * that a new day reads the day just ended, not the whole window again. Days before the current
 * one are final (a scrape writes its own day only), so a window through yesterday is all the rule
 * needs today. Compact: three whole numbers a day (the day's number, its sale and regular prices
 * in cents, -1 for none), some 400 bytes a product for 30 days.
 */
export interface PriceWindow {
  /** The last day the window holds, 'YYYY-MM-DD': every day seen up to it is in it. */
  through: string;
  readonly data: Int32Array;
}

const FIELDS = 3;
const NO_PRICE = -1;
const NONE_LEFT_OUT: ReadonlySet<number> = new Set();

/**
 * The window through `through` from `observations` (any order, one a day): the days from `since`
 * to `through`, the rest left out (today's, still changing; older ones, past the window).
 */
export function priceWindow(
  observations: readonly PriceObservation[],
  since: string,
  through: string,
): PriceWindow {
  return { through, data: pack(observations, dayNumber(since), dayNumber(through)) };
}

/**
 * `window` moved on to `through`: the days it held from `since` on, and the days of `later`
 * (the observations read since the window's own last day) after it up to `through`.
 */
export function extendedWindow(
  window: PriceWindow,
  later: readonly PriceObservation[],
  since: string,
  through: string,
): PriceWindow {
  const from = dayNumber(since);
  const { data } = window;
  let keepFrom = 0;
  while (keepFrom < data.length && data[keepFrom]! < from) keepFrom += FIELDS;
  const added = pack(later, Math.max(from, dayNumber(window.through) + 1), dayNumber(through));
  const joined = new Int32Array(data.length - keepFrom + added.length);
  joined.set(data.subarray(keepFrom));
  joined.set(added, data.length - keepFrom);
  return { through, data: joined };
}

/** The window's days as the rule reads them, oldest first, less the day numbers `leftOut`. */
export function observationsOf(
  window: PriceWindow,
  leftOut: ReadonlySet<number> = NONE_LEFT_OUT,
): PriceObservation[] {
  const { data } = window;
  const observations: PriceObservation[] = [];
  for (let index = 0; index < data.length; index += FIELDS) {
    if (leftOut.size > 0 && leftOut.has(data[index]!)) continue;
    observations.push({
      day: dayText(data[index]!),
      salePrice: dollars(data[index + 1]!),
      regularPrice: dollars(data[index + 2]!),
      // The rule reads no deal flag: the history call reads the store itself.
      onDeal: false,
    });
  }
  return observations;
}

/**
 * The window's days as the store-wide rule reads them (`storePriceJumps`): each day's number and
 * the price charged on it in whole cents (the sale price, else the regular one, as the price
 * memory reads an observation), days with neither left out; and `today`, in dollars or null.
 */
export function chargedDaysOf(window: PriceWindow, today: number | null): StoreProductDays {
  const { data } = window;
  const days: number[] = [];
  const prices: number[] = [];
  for (let index = 0; index < data.length; index += FIELDS) {
    const sale = data[index + 1]!;
    const charged = sale === NO_PRICE ? data[index + 2]! : sale;
    if (charged === NO_PRICE) continue;
    days.push(data[index]!);
    prices.push(charged);
  }
  return { days, prices, today: today === null ? null : cents(today) };
}

/** The observations of days `from` to `to` (day numbers), packed oldest first. */
function pack(observations: readonly PriceObservation[], from: number, to: number): Int32Array {
  const days: Array<[number, PriceObservation]> = [];
  let sorted = true;
  for (const observation of observations) {
    const number = dayNumber(observation.day);
    if (number < from || number > to) continue;
    if (days.length > 0 && number < days[days.length - 1]![0]) sorted = false;
    days.push([number, observation]);
  }
  // The store answers each product's days in order; anything else is sorted here.
  if (!sorted) days.sort((a, b) => a[0] - b[0]);
  const data = new Int32Array(days.length * FIELDS);
  days.forEach(([number, observation], index) => {
    data[index * FIELDS] = number;
    data[index * FIELDS + 1] = cents(observation.salePrice);
    data[index * FIELDS + 2] = cents(observation.regularPrice);
  });
  return data;
}

/**
 * A day's text by its number: every product's window holds the same few dozen days, so each is
 * written once (`dayFromNumber` walks the calendar), the table starting over past its bound.
 */
const DAY_TEXTS = new Map<number, string>();
const MAX_DAY_TEXTS = 1_000;

function dayText(number: number): string {
  let text = DAY_TEXTS.get(number);
  if (text === undefined) {
    if (DAY_TEXTS.size >= MAX_DAY_TEXTS) DAY_TEXTS.clear();
    text = dayFromNumber(number);
    DAY_TEXTS.set(number, text);
  }
  return text;
}

/** Dollars to whole cents as the rule reads them (2.675 is 268: its shortest decimal, half up). */
function cents(price: number | null): number {
  if (price === null) return NO_PRICE;
  const scaled = price * 100;
  const whole = Math.round(scaled);
  // Nearly every price is whole cents, off only by binary rounding (19.99 * 100 is 1998.99...98):
  // those skip the decimal reading, which costs a pass over every window at start a quarter second.
  if (Math.abs(scaled - whole) < 1e-6) return whole;
  return Math.round(Number(scaled.toPrecision(15)));
}

function dollars(cents: number): number | null {
  return cents === NO_PRICE ? null : cents / 100;
}

import type { Deal } from '../contract/deal';
import {
  PRICE_MEMORY_MIN_DAYS_SEEN,
  priceMemoryCard,
  type PriceMemory,
  type PriceMemoryCard,
} from './price-memory';
import { productPrice } from './price-per-item';
import { calendarAt, dateKey, type TimeZone } from './zoned-time';

/**
 * The market's time zone: the store keeps one price observation per calendar day here, and the
 * service dates a price change (`priceChangedAt`) in it.
 */
export const MARKET_TIME_ZONE = 'America/Chicago';

/** A US Central zone's offsets from UTC in minutes, as `Date#getTimezoneOffset` gives them. */
const CENTRAL_WINTER_OFFSET = 360;
const CENTRAL_SUMMER_OFFSET = 300;

/**
 * The market's calendar day ('YYYY-MM-DD') at `now`, read on the page's clock (`pageZone`, see
 * `TimeZone`): the day a price drop's 'within 7 days' counts to.
 *
 * Decision: a page running in the browser's own zone reads the day from `Date` when that zone keeps
 * the market's time (UTC-6 on 1 January and UTC-5 on 1 July of `now`'s year: the Central zones of
 * the US and Canada, which change clocks on the same days). The browser's first zoned Intl format
 * costs the page about 30 ms (Chromium here, more on a phone), and nearly every visitor is in
 * St. Louis; a visitor elsewhere pays it once per load.
 */
export function marketDay(now: number, pageZone: TimeZone): string {
  if (pageZone === undefined && keepsMarketTime(now)) return dateKey(calendarAt(now, undefined));
  return dateKey(calendarAt(now, MARKET_TIME_ZONE));
}

/** Whether the runtime's own zone keeps the market's time in `now`'s year (see `marketDay`). */
export function keepsMarketTime(now: number): boolean {
  const year = new Date(now).getFullYear();
  return (
    new Date(year, 0, 1).getTimezoneOffset() === CENTRAL_WINTER_OFFSET &&
    new Date(year, 6, 1).getTimezoneOffset() === CENTRAL_SUMMER_OFFSET
  );
}

/** What a deal carries of its product's price memory (the service works it out, see `priceMemory`). */
export type DealPriceFacts = Pick<
  Deal,
  | 'salePrice'
  | 'regularPrice'
  | 'lowest30d'
  | 'usualPrice'
  | 'previousPrice'
  | 'priceChangedAt'
  | 'discountCheck'
>;

/**
 * The card's price memory line (`priceMemoryCard`, written by `priceMemoryText`) from the fields
 * the service sends with a deal, on the market's day `today` (see `marketDay`). Null when the deal
 * sends no discount check, when its history is too short to judge ('unknown'), or when it has no
 * price of its own.
 *
 * Decisions:
 * - Today's price is the sale price, else the regular one (`productPrice`): the price a day's
 *   observation records as charged, so today and the history compare like with like. A multi-buy's
 *   price per item is not it; the history never recorded one.
 * - A check other than 'unknown' means the service saw at least `PRICE_MEMORY_MIN_DAYS_SEEN` days
 *   (the rule's own threshold); the card's rule reads no more of the day count than that.
 */
export function dealPriceMemoryCard(deal: DealPriceFacts, today: string): PriceMemoryCard | null {
  const check = deal.discountCheck;
  const price = productPrice(deal);
  if (check === undefined || check === 'unknown' || price === undefined) return null;
  const memory: PriceMemory = {
    day: today,
    price,
    daysSeen: PRICE_MEMORY_MIN_DAYS_SEEN,
    lowest30d: deal.lowest30d ?? null,
    usualPrice: deal.usualPrice ?? null,
    previousPrice: deal.previousPrice ?? null,
    priceChangedAt: deal.priceChangedAt ?? null,
    discountCheck: check,
  };
  return priceMemoryCard(memory);
}

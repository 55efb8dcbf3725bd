import { LIMITS, MAX_MONEY } from './constants';
import type { DealPriceHistory, PricePoint } from './price-history';
import { isCalendarDay } from '../rules/calendar-day';

/**
 * `PRICE_HISTORY_MAX_DAYS`, written again here: its module builds zod schemas, which the page's
 * bundle must not carry (`read-price-history.test.ts` holds the two equal).
 */
export const LEAN_PRICE_HISTORY_MAX_DAYS = 365;

/**
 * `GET /api/deals/:id/history` read as `DealPriceHistorySchema.parse` would, without a schema
 * library; throws a TypeError if not. A module of its own, apart from `read.ts`: only a chart
 * opened from a card reads a history, and the bundler places a module whole, so the page's first
 * load does not carry it. `read-price-history.test.ts` holds it to the schema on generated input.
 */
export function parseDealPriceHistory(input: unknown): DealPriceHistory {
  if (
    !isRecord(input) ||
    !isText(input.id, LIMITS.shortText) ||
    !isText(input.dispensaryKey, LIMITS.key) ||
    !Array.isArray(input.points) ||
    input.points.length > LEAN_PRICE_HISTORY_MAX_DAYS
  ) {
    throw new TypeError('The price history does not match the contract.');
  }
  const points: PricePoint[] = [];
  for (const point of input.points as unknown[]) {
    if (
      !isRecord(point) ||
      !isCalendarDay(point.day) ||
      !isMoney(point.salePrice) ||
      !(point.regularPrice === null || isMoney(point.regularPrice)) ||
      typeof point.onDeal !== 'boolean'
    ) {
      throw new TypeError('A day of the price history does not match the contract.');
    }
    const { day, salePrice, regularPrice, onDeal } = point;
    points.push({ day, salePrice, regularPrice, onDeal });
  }
  return { id: input.id, dispensaryKey: input.dispensaryKey, points };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;

const isMoney = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_MONEY;

import { LIMITS, MAX_MONEY } from '@stl-deals/domain';
import type { ObservedMarket, PriceObservation } from './repository';

/*
 * What every engine checks before it writes or asks for price observations: a caller's mistake
 * (or a scraped value that slipped through) is a clear error at the call, naming the field,
 * instead of a row that sorts wrong or a price a chart cannot draw.
 */

/** Product keys one `priceHistory` call may ask for: one query's worth, a page of products. */
export const MAX_HISTORY_KEYS = 1_000;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `day` as given when it is a real 'YYYY-MM-DD' calendar date (no 2025-02-30). */
export function checkDay(day: string, what: string): string {
  const parts = typeof day === 'string' ? DAY.exec(day) : null;
  if (parts !== null) {
    const [year, month, date] = parts.slice(1).map(Number) as [number, number, number];
    const parsed = new Date(Date.UTC(year, month - 1, date));
    if (
      parsed.getUTCFullYear() === year &&
      parsed.getUTCMonth() === month - 1 &&
      parsed.getUTCDate() === date
    ) {
      return day;
    }
  }
  throw new RangeError(`${what} must be a real calendar date 'YYYY-MM-DD', got '${String(day)}'`);
}

export function checkProductKey(key: string, what: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > LIMITS.key) {
    throw new RangeError(
      `${what}: productKey must be 1 to ${LIMITS.key} characters, got ${describe(key)}`,
    );
  }
  return key;
}

export function checkMoney(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_MONEY) {
    throw new RangeError(`${what} must be a number from 0 to ${MAX_MONEY}, got ${String(value)}`);
  }
  return value;
}

/**
 * Checks every observation of one dispensary's write, and keeps one per product and day, the
 * later one (one statement must not upsert a row twice: PostgreSQL refuses it).
 */
export function checkObservations(
  dispensaryKey: string,
  observations: readonly PriceObservation[],
): PriceObservation[] {
  const kept = new Map<string, PriceObservation>();
  observations.forEach((observation, index) => {
    const what = `Price observation ${index} of dispensary '${dispensaryKey}'`;
    const productKey = checkProductKey(observation.productKey, what);
    const day = checkDay(observation.day, `${what}: day`);
    const salePrice = checkMoney(observation.salePrice, `${what}: salePrice`);
    const regularPrice =
      observation.regularPrice === null
        ? null
        : checkMoney(observation.regularPrice, `${what}: regularPrice`);
    if (typeof observation.onDeal !== 'boolean') {
      throw new TypeError(
        `${what}: onDeal must be true or false, got ${String(observation.onDeal)}`,
      );
    }
    const market = checkMarket(observation.market, `${what}: market`);
    const identity = JSON.stringify([productKey, day]);
    kept.delete(identity); // so that the later one also takes the later place
    kept.set(identity, {
      productKey,
      day,
      salePrice,
      regularPrice,
      onDeal: observation.onDeal,
      ...(market === undefined ? {} : { market }),
    });
  });
  return [...kept.values()];
}

const MARKET_CLASS = /^[a-z0-9.-]{1,40}$/;

/** The most units of its class one product holds: 10,000 mg of THC in 100 mg units. */
export const MAX_MARKET_UNITS = 100;

/** A market class as given, its units kept to the hundredth; rejects a class out of shape. */
function checkMarket(
  market: ObservedMarket | null | undefined,
  what: string,
): ObservedMarket | null | undefined {
  if (market === undefined || market === null) return market;
  const { marketClass, units } = market;
  if (typeof marketClass !== 'string' || !MARKET_CLASS.test(marketClass)) {
    throw new RangeError(`${what}: marketClass must be 1 to 40 of a-z, 0-9, '.' and '-'`);
  }
  const hundredths = typeof units === 'number' ? Math.round(units * 100) : Number.NaN;
  if (!Number.isSafeInteger(hundredths) || hundredths < 1 || hundredths > MAX_MARKET_UNITS * 100) {
    throw new RangeError(
      `${what}: units must be a number from 0.01 to ${MAX_MARKET_UNITS}, got ${String(units)}`,
    );
  }
  return { marketClass, units: hundredths / 100 };
}

/** The keys of one `priceHistory` call: at most MAX_HISTORY_KEYS, each a valid product key. */
export function checkHistoryKeys(dispensaryKey: string, keys: readonly string[]): string[] {
  const what = `Price history of dispensary '${dispensaryKey}'`;
  if (keys.length > MAX_HISTORY_KEYS) {
    throw new RangeError(
      `${what}: at most ${MAX_HISTORY_KEYS} product keys per call, got ${keys.length}`,
    );
  }
  return [...new Set(keys.map((key) => checkProductKey(key, what)))];
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `${value.length} characters` : String(value);
}

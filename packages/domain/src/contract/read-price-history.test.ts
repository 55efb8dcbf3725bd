import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DealPriceHistorySchema, PRICE_HISTORY_MAX_DAYS } from './price-history';
import { LEAN_PRICE_HISTORY_MAX_DAYS, parseDealPriceHistory } from './read-price-history';

// The lean reader (no zod, for the page's chart) must accept exactly what the contract's schema
// accepts and give what it gives. Values come from pools of valid values, near misses and wrong
// types, so generated answers hit every branch.

const anyWrong = [null, true, 0, -1, 1.5, Infinity, Number.NaN, '', 'x', [], {}, 2 ** 53];
const pool = (...values: unknown[]) => fc.constantFrom(...values, ...anyWrong, undefined);
const texts = (max: number) => ['', 'a', 'x'.repeat(max), 'x'.repeat(max + 1), '🌿 Deal'];
const prices = [0, -0, 1, 16.5, 1_000_000, 1_000_000.01, -1, 1e308];

function record(fields: Record<string, fc.Arbitrary<unknown>>) {
  return fc
    .record({ ...fields, extra: fc.constantFrom(undefined, 1, 'x') }, { requiredKeys: [] })
    .map((value) =>
      Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)),
    );
}

const point = record({
  day: pool('2025-06-04', '2024-02-29', '2025-02-29', '2025-6-4', 20250604, '2025-06-04T00:00Z'),
  salePrice: pool(...prices),
  regularPrice: pool(...prices),
  onDeal: pool(false),
});

const history = record({
  id: pool('dutchie:swade:p1', ...texts(200)),
  dispensaryKey: pool('swade', ...texts(100)),
  points: fc.oneof(fc.array(point, { maxLength: 3 }), pool()),
});

function read(parse: (input: unknown) => unknown) {
  return (input: unknown) => {
    try {
      return parse(input);
    } catch {
      return 'invalid';
    }
  };
}

function zod(input: unknown) {
  const result = DealPriceHistorySchema.safeParse(input);
  return result.success ? result.data : 'invalid';
}

describe('parseDealPriceHistory', () => {
  it('agrees with the schema on generated answers', () => {
    fc.assert(
      fc.property(history, (input) => {
        expect(read(parseDealPriceHistory)(input)).toEqual(zod(input));
      }),
      { numRuns: 500 },
    );
  });

  it('takes the most days the schema takes, and refuses one more', () => {
    expect(LEAN_PRICE_HISTORY_MAX_DAYS).toBe(PRICE_HISTORY_MAX_DAYS);
    const day = { day: '2025-06-04', salePrice: 20, regularPrice: null, onDeal: true };
    const answer = (days: number) => ({
      id: 'd',
      dispensaryKey: 's',
      points: Array<typeof day>(days).fill(day),
    });
    const most = answer(PRICE_HISTORY_MAX_DAYS);
    expect(parseDealPriceHistory(most)).toEqual(DealPriceHistorySchema.parse(most));
    expect(zod(answer(PRICE_HISTORY_MAX_DAYS + 1))).toBe('invalid');
    expect(() => parseDealPriceHistory(answer(PRICE_HISTORY_MAX_DAYS + 1))).toThrow(TypeError);
  });

  it('gives a valid answer as it came, fields the contract does not name left out', () => {
    const answer = {
      id: 'd1',
      dispensaryKey: 'swade',
      points: [{ day: '2025-06-04', salePrice: 0, regularPrice: 30, onDeal: false, note: 1 }],
      etag: 'x',
    };
    expect(parseDealPriceHistory(answer)).toEqual({
      id: 'd1',
      dispensaryKey: 'swade',
      points: [{ day: '2025-06-04', salePrice: 0, regularPrice: 30, onDeal: false }],
    });
  });
});

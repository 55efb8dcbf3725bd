import { describe, expect, it } from 'vitest';
import type { Deal } from '../contract/deal';
import { buildDealViews } from './deal-list';
import { byNewestFirst, dealUpdatedMs, startOfDay } from './newest-deals';

/** The market's zone, where prices change by the day. */
const MARKET_TIME_ZONE = 'America/Chicago';

describe('startOfDay', () => {
  it.each([
    // Central Standard Time, UTC-6.
    ['2026-01-15', '2026-01-15T06:00:00.000Z'],
    // Central Daylight Time, UTC-5.
    ['2026-07-04', '2026-07-04T05:00:00.000Z'],
    // The days the clocks change (at 2 AM, so midnight keeps the day's old offset).
    ['2026-03-08', '2026-03-08T06:00:00.000Z'],
    ['2026-11-01', '2026-11-01T05:00:00.000Z'],
    // The day after each change has the new offset.
    ['2026-03-09', '2026-03-09T05:00:00.000Z'],
    ['2026-11-02', '2026-11-02T06:00:00.000Z'],
  ])('puts %s at midnight in the market zone', (day, instant) => {
    expect(new Date(startOfDay(day, MARKET_TIME_ZONE)).toISOString()).toBe(instant);
  });

  it('is midnight UTC in UTC, years below 100 included', () => {
    expect(startOfDay('0050-02-03', 'UTC')).toBe(new Date(0).setUTCFullYear(50, 1, 3));
  });

  it.each(['2026-02-30', '2026-1-05', '', 'yesterday'])('is NaN for %j', (day) => {
    expect(startOfDay(day, MARKET_TIME_ZONE)).toBeNaN();
  });
});

describe('dealUpdatedMs', () => {
  const seen = '2026-03-10T15:30:00.000Z';
  it.each([
    ['first seen only', { firstSeenAt: seen }, seen],
    [
      'a price change on a later day',
      { firstSeenAt: seen, priceChangedAt: '2026-03-12' },
      '2026-03-12T05:00:00.000Z',
    ],
    [
      'a price change the day it was seen, before it was',
      { firstSeenAt: seen, priceChangedAt: '2026-03-10' },
      seen,
    ],
    ['a price change on an earlier day', { firstSeenAt: seen, priceChangedAt: '2026-02-01' }, seen],
    ['a price change only', { priceChangedAt: '2026-03-12' }, '2026-03-12T05:00:00.000Z'],
    ['an unreadable day', { firstSeenAt: seen, priceChangedAt: '2026-13-01' }, seen],
  ] as const)('is the later of the two: %s', (_case, deal, expected) => {
    expect(new Date(dealUpdatedMs(deal, MARKET_TIME_ZONE)).toISOString()).toBe(expected);
  });

  it.each([{}, { firstSeenAt: 'not a time' }])('is NaN when nothing says when: %j', (deal) => {
    expect(dealUpdatedMs(deal, MARKET_TIME_ZONE)).toBeNaN();
  });
});

describe('byNewestFirst', () => {
  const deal = (title: string, fields: Partial<Deal>): Deal => ({
    title,
    description: '',
    price: '$10',
    imageUrl: '',
    sourceUrl: '',
    ...fields,
  });

  it('orders by first seen, then by price change, unknowns last, then by relevance', () => {
    const deals = [
      deal('undated', {}),
      deal('old', { firstSeenAt: '2026-01-01T00:00:00Z' }),
      deal('new, price unchanged', { firstSeenAt: '2026-02-01T00:00:00Z' }),
      deal('new, price changed', {
        firstSeenAt: '2026-02-01T00:00:00Z',
        priceChangedAt: '2026-02-03',
      }),
      deal('old, price changed later', {
        firstSeenAt: '2026-01-01T00:00:00Z',
        priceChangedAt: '2026-03-01',
      }),
      deal('undated, price changed', { priceChangedAt: '2026-03-01' }),
      deal('new, price unchanged, less relevant', { firstSeenAt: '2026-02-01T00:00:00Z' }),
    ];
    const sorted = buildDealViews(deals, [], null).sort(byNewestFirst);
    expect(sorted.map((view) => view.deal.title)).toEqual([
      'new, price changed',
      'new, price unchanged',
      'new, price unchanged, less relevant',
      'old, price changed later',
      'old',
      'undated, price changed',
      'undated',
    ]);
  });
});

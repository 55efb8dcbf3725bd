import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dealPriceMemoryCard,
  marketDay,
  MARKET_TIME_ZONE,
  type DealPriceFacts,
} from './deal-price-memory';
import { priceMemoryText } from './price-memory';

const TODAY = '2025-06-04';

/** The card's words for a deal's fields on `TODAY`, or null for no line. */
function lineOf(deal: DealPriceFacts, today = TODAY): string | null {
  const card = dealPriceMemoryCard(deal, today);
  return card === null ? null : priceMemoryText(card);
}

describe('dealPriceMemoryCard: the card line from the fields a deal sends', () => {
  it.each<[string, DealPriceFacts, string | null]>([
    ['no discount check sent: no line', { salePrice: 20, lowest30d: 25 }, null],
    [
      'a history too short to judge: no line, whatever else is sent',
      { salePrice: 20, lowest30d: 25, discountCheck: 'unknown' },
      null,
    ],
    [
      'no price of its own: no line',
      { lowest30d: 25, usualPrice: 30, discountCheck: 'real' },
      null,
    ],
    [
      'at the lowest of 30 days',
      { salePrice: 25, regularPrice: 35, lowest30d: 25, usualPrice: 35, discountCheck: 'real' },
      'Lowest in 30 days',
    ],
    [
      'below the lowest of 30 days',
      { salePrice: 22, lowest30d: 25, usualPrice: 35, discountCheck: 'real' },
      'Lowest in 30 days',
    ],
    [
      'the regular price is the price when there is no sale',
      { regularPrice: 25, lowest30d: 25, usualPrice: 25, discountCheck: 'none' },
      'Lowest in 30 days',
    ],
    [
      'dropped today',
      {
        salePrice: 30,
        lowest30d: 28,
        usualPrice: 35,
        previousPrice: 35,
        priceChangedAt: TODAY,
        discountCheck: 'real',
      },
      'Down $5 to $30',
    ],
    [
      'dropped 6 days ago: still news',
      {
        salePrice: 30.5,
        lowest30d: 28,
        usualPrice: 35,
        previousPrice: 35,
        priceChangedAt: '2025-05-29',
        discountCheck: 'real',
      },
      'Down $4.50 to $30.50',
    ],
    [
      'dropped 7 days ago: old news',
      {
        salePrice: 30,
        lowest30d: 28,
        usualPrice: 35,
        previousPrice: 35,
        priceChangedAt: '2025-05-28',
        discountCheck: 'real',
      },
      null,
    ],
    [
      'a change dated after today (a clock ahead around midnight) is not news',
      {
        salePrice: 30,
        lowest30d: 28,
        usualPrice: 35,
        previousPrice: 35,
        priceChangedAt: '2025-06-05',
        discountCheck: 'real',
      },
      null,
    ],
    [
      'a rise is not a drop',
      {
        salePrice: 40,
        lowest30d: 35,
        usualPrice: 35,
        previousPrice: 35,
        priceChangedAt: TODAY,
        discountCheck: 'none',
      },
      null,
    ],
    [
      'an inflated claim: no line (the shown discount corrects it)',
      { salePrice: 30, regularPrice: 55, lowest30d: 28, usualPrice: 40, discountCheck: 'inflated' },
      null,
    ],
    [
      'an inflated claim at its lowest of 30 days',
      { salePrice: 25, regularPrice: 55, lowest30d: 25, usualPrice: 40, discountCheck: 'inflated' },
      'Lowest in 30 days',
    ],
  ])('%s', (_, deal, line) => {
    expect(lineOf(deal)).toBe(line);
  });

  it('refuses a today that is not a calendar day when a drop must be dated', () => {
    const deal: DealPriceFacts = {
      salePrice: 30,
      previousPrice: 35,
      priceChangedAt: TODAY,
      discountCheck: 'real',
    };
    expect(() => dealPriceMemoryCard(deal, '2025-6-4')).toThrow(RangeError);
  });
});

describe('marketDay: the market day on the page clock', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  // 2025-06-05T03:30Z is 22:30 on 4 June in Chicago (daylight time), already 5 June in UTC.
  const LATE_EVENING = Date.parse('2025-06-05T03:30:00Z');
  // 2025-01-15T05:30Z is 23:30 on 14 January in Chicago (standard time).
  const WINTER_NIGHT = Date.parse('2025-01-15T05:30:00Z');

  it.each([
    ['a named zone elsewhere', 'Asia/Tokyo'],
    ['the market zone by name', MARKET_TIME_ZONE],
    ['UTC', 'UTC'],
  ])('reads the market day, not the page zone day, for %s', (_, zone) => {
    expect(marketDay(LATE_EVENING, zone)).toBe('2025-06-04');
    expect(marketDay(WINTER_NIGHT, zone)).toBe('2025-01-14');
  });

  it.each(['America/Chicago', 'America/Winnipeg', 'UTC', 'Europe/Berlin', 'America/Mexico_City'])(
    'reads the market day in the runtime zone too (%s)',
    (zone) => {
      vi.stubEnv('TZ', zone); // Node reads the runtime zone again when TZ changes
      expect(marketDay(LATE_EVENING, undefined)).toBe('2025-06-04');
      expect(marketDay(WINTER_NIGHT, undefined)).toBe('2025-01-14');
      // Around midnight of the days the clocks change (8 March and 1 November 2026).
      expect(marketDay(Date.parse('2026-03-08T05:59:00Z'), undefined)).toBe('2026-03-07');
      expect(marketDay(Date.parse('2026-03-08T06:00:00Z'), undefined)).toBe('2026-03-08');
      expect(marketDay(Date.parse('2026-11-02T04:59:00Z'), undefined)).toBe('2026-11-01');
      expect(marketDay(Date.parse('2026-11-02T06:00:00Z'), undefined)).toBe('2026-11-02');
    },
  );
});

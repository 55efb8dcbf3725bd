import { addDays, type PriceObservation } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { dayText, priceChart } from './price-chart';

const TODAY = '2025-06-04';

/** Points from rows of [days before today, sale price, regular price]. */
function points(rows: Array<[number, number | null, number | null]>): PriceObservation[] {
  return rows
    .map(([ago, salePrice, regularPrice]) => ({
      day: addDays(TODAY, -ago),
      salePrice,
      regularPrice,
      onDeal: salePrice !== null,
    }))
    .sort((a, b) => (a.day < b.day ? -1 : 1));
}

describe('priceChart', () => {
  // A 4-day window: x runs from 48 to 312, 66 a day; prices from 20 to 30 pad to 19 and 31, so
  // y is 10 + (31 - price) * 116 / 12.
  it('draws one step a day, a riser where the price changes and a gap where it was not seen', () => {
    const chart = priceChart(
      points([
        [3, 30, 30],
        [2, 20, 30],
        // not seen a day before today
        [0, 20, null],
      ]),
      TODAY,
      4,
    );
    expect(chart.sale).toBe('M48 19.7 H114 V116.3 H180 M246 116.3 H312');
    expect(chart.regular).toBe('M48 19.7 H114 H180');
    expect(chart.priceLabels).toEqual([
      { at: 19.7, text: '$30' },
      { at: 116.3, text: '$20' },
    ]);
    expect(chart.dayLabels).toEqual([
      { at: 48, text: 'Jun 1' },
      { at: 312, text: 'Jun 4' },
    ]);
    expect(chart.seen).toBe(true);
  });

  it('says the history in words: first and last price, lowest, highest and days seen', () => {
    const chart = priceChart(
      points([
        [80, null, 40],
        [79, 35, 40],
        [30, 25, 40],
        [1, 30, 40],
      ]),
      TODAY,
      90,
    );
    expect(chart.summary).toBe(
      'From $40 to $30 over 90 days; lowest $25, highest $40 (seen on 4 of the 90 days).',
    );
    expect(chart.runs).toEqual([
      { days: 'Mar 16', sale: null, regular: '$40' },
      { days: 'Mar 17', sale: '$35', regular: '$40' },
      { days: 'May 5', sale: '$25', regular: '$40' },
      { days: 'Jun 3', sale: '$30', regular: '$40' },
    ]);
  });

  it('joins days with the same prices into one run, and a day not seen ends it', () => {
    const chart = priceChart(
      points([
        [5, 20, 30],
        [4, 20, 30],
        [3, 20, 30],
        [1, 20, 30],
        [0, 22.5, 30],
      ]),
      TODAY,
      90,
    );
    expect(chart.runs).toEqual([
      { days: 'May 30 to Jun 1', sale: '$20', regular: '$30' },
      { days: 'Jun 3', sale: '$20', regular: '$30' },
      { days: 'Jun 4', sale: '$22.50', regular: '$30' },
    ]);
  });

  it('keeps a flat price off the frame and says it once', () => {
    const chart = priceChart(
      points([
        [2, null, 25],
        [1, null, 25],
      ]),
      TODAY,
      90,
    );
    expect(chart.priceLabels).toEqual([{ at: 68, text: '$25' }]);
    expect(chart.summary).toBe('$25 on every day seen over 90 days (seen on 2 of the 90 days).');
    expect(chart.sale).toBe('');
  });

  it('leaves out days outside the window', () => {
    const chart = priceChart(
      points([
        [90, 10, 10],
        [-1, 99, 99],
        [0, 20, 20],
      ]),
      TODAY,
      90,
    );
    expect(chart.runs).toEqual([{ days: 'Jun 4', sale: '$20', regular: '$20' }]);
  });

  it('says when nothing was seen', () => {
    const chart = priceChart(points([[3, null, null]]), TODAY, 90);
    expect(chart).toMatchObject({
      sale: '',
      regular: '',
      seen: false,
      runs: [],
      summary: 'Not seen with a price in the last 90 days.',
    });
  });

  it('draws a price of zero and the highest price allowed inside the frame', () => {
    const chart = priceChart(points([[1, 0, 1_000_000]]), TODAY, 2);
    const heights = [...`${chart.sale} ${chart.regular}`.matchAll(/[MV]\S+ (\S+)|V(\S+)/g)].map(
      (match) => Number(match[1] ?? match[2]),
    );
    for (const height of heights) {
      expect(height).toBeGreaterThanOrEqual(10);
      expect(height).toBeLessThanOrEqual(126);
    }
  });

  it('refuses a window that is not a whole number of days', () => {
    expect(() => priceChart([], TODAY, 0)).toThrow(RangeError);
    expect(() => priceChart([], TODAY, 1.5)).toThrow(RangeError);
  });
});

describe('dayText', () => {
  it.each<[string, number, string]>([
    ['2025-06-04', 0, 'Jun 4'],
    ['2024-12-31', 0, 'Dec 31'],
    ['2025-01-01', 0, 'Jan 1'],
    ['2025-06-04', -89, 'Mar 7'],
    ['2024-03-01', -1, 'Feb 29'],
    ['2024-12-31', 1, 'Jan 1'],
    ['0050-03-01', -1, 'Feb 28'],
  ])('%s moved by %i days reads %s', (day, offset, text) => {
    expect(dayText(day, offset)).toBe(text);
  });
});

import { addDays, type PriceObservation } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { chartSummary, dayText, priceChart, stepIndexAt, type SummaryInput } from './price-chart';

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
  // Four days seen from Jun 1: x runs from 48 to 312, 66 a day; prices from 20 to 30 pad to 19
  // and 31, so y is 10 + (31 - price) * 116 / 12.
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

  it('starts the time axis at the first day seen, not at the start of the window', () => {
    // Seen from 3 days ago in a 90-day window: the four days fill the plot's width.
    const chart = priceChart(
      points([
        [3, 30, 30],
        [2, 20, 30],
        [0, 20, null],
      ]),
      TODAY,
      90,
    );
    expect(chart.sale).toBe('M48 19.7 H114 V116.3 H180 M246 116.3 H312');
    expect(chart.dayLabels.map((label) => label.text)).toEqual(['Jun 1', 'Jun 4']);
    // A first day without a price does not start the axis.
    const late = priceChart(
      points([
        [9, null, null],
        [1, 25, 25],
        [0, 25, 25],
      ]),
      TODAY,
      90,
    );
    expect(late.dayLabels).toEqual([
      { at: 48, text: 'Jun 3' },
      { at: 312, text: 'Jun 4' },
    ]);
  });

  it('gives a history of one day one day label, the whole width', () => {
    const chart = priceChart(points([[0, 20, 30]]), TODAY, 90);
    expect(chart.dayLabels).toEqual([{ at: 48, text: 'Jun 4' }]);
    expect(chart.sale).toMatch(/^M48 \S+ H312$/);
  });

  it("marks the latest price at the end of its step and labels it 'today', else its day", () => {
    const chart = priceChart(
      points([
        [3, 30, 30],
        [2, 20, 30],
        [0, 20, null],
      ]),
      TODAY,
      4,
    );
    expect(chart.latest).toEqual({ x: 312, y: 116.3, text: '$20 today', above: true });
    const gone = priceChart(
      points([
        [3, 30, 30],
        [1, 22.5, 30],
      ]),
      TODAY,
      4,
    );
    expect(gone.latest).toMatchObject({ x: 246, text: '$22.50 on Jun 3' });
    // The highest price is near the top of the plot: its label goes below the mark.
    const high = priceChart(
      points([
        [1, 20, null],
        [0, 30, null],
      ]),
      TODAY,
      4,
    );
    expect(high.latest).toMatchObject({ y: 19.7, above: false });
  });

  it('makes each run of days with the same prices a step to point at, with its value and days', () => {
    const chart = priceChart(
      points([
        [5, 20, 30],
        [4, 20, 30],
        [3, 20, 30],
        [1, 20, 30],
        [0, 22.5, 22.5],
      ]),
      TODAY,
      90,
    );
    // Six days from May 30: 44 a day.
    expect(chart.steps).toEqual([
      {
        days: 'May 30 to Jun 1',
        price: '$20',
        regular: '$30',
        from: 48,
        to: 180,
        at: expect.any(Number) as number,
        text: 'May 30 to Jun 1: $20, regular $30',
      },
      expect.objectContaining({ days: 'Jun 3', from: 224, to: 268 }),
      expect.objectContaining({
        days: 'Jun 4',
        price: '$22.50',
        regular: '$22.50',
        text: 'Jun 4: $22.50',
      }),
    ]);
  });

  it('draws a day without a sale price at its regular price, and says so', () => {
    const chart = priceChart(
      points([
        [2, null, 25],
        [1, null, 25],
      ]),
      TODAY,
      90,
    );
    expect(chart.priceLabels).toEqual([{ at: 68, text: '$25' }]);
    expect(chart.sale).toBe('M48 68 H136 H224');
    expect(chart.steps).toEqual([
      expect.objectContaining({ days: 'Jun 2 to Jun 3', price: '$25', regular: '$25' }),
    ]);
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
    expect(chart.steps.map((step) => step.days)).toEqual(['Jun 4']);
  });

  it('says when nothing was seen', () => {
    const chart = priceChart(points([[3, null, null]]), TODAY, 90);
    expect(chart).toMatchObject({
      sale: '',
      regular: '',
      seen: false,
      steps: [],
      latest: null,
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

  it("says the history with the deal's usual price", () => {
    const chart = priceChart(
      points([
        [80, null, 52],
        [40, 46, 52],
        [0, 49, 52],
      ]),
      TODAY,
      90,
      { usualPrice: 52 },
    );
    expect(chart.summary).toBe('$49 today · 81-day low $46 · usual $52');
  });
});

describe('chartSummary', () => {
  const base: SummaryInput = {
    latest: 49,
    latestDay: TODAY,
    today: TODAY,
    firstDay: addDays(TODAY, -89),
    span: 90,
    charged: [52, 46, 49],
    usualPrice: 52,
  };
  it.each<[string, Partial<SummaryInput>, string]>([
    ['a price above the low', {}, '$49 today · 90-day low $46 · usual $52'],
    ['a shorter history', { span: 61 }, '$49 today · 61-day low $46 · usual $52'],
    [
      'the lowest price',
      { latest: 46, charged: [52, 49, 46] },
      '$46 today · lowest in 90 days · usual $52',
    ],
    [
      'a price that never changed',
      { charged: [49, 49, 49] },
      '$49 today · unchanged since Mar 7 · usual $52',
    ],
    [
      'one day seen, today',
      { charged: [49], span: 1, firstDay: TODAY },
      '$49 today · first seen today · usual $52',
    ],
    [
      'one day seen, before today',
      { charged: [49], latestDay: '2025-06-02', span: 3, firstDay: '2025-06-02' },
      '$49 on Jun 2 · usual $52',
    ],
    [
      'last seen before today',
      { latestDay: '2025-06-01' },
      '$49 on Jun 1 · 90-day low $46 · usual $52',
    ],
    ['no usual price', { usualPrice: null }, '$49 today · 90-day low $46'],
    [
      'cents',
      { latest: 22.5, charged: [30, 20, 22.5] },
      '$22.50 today · 90-day low $20 · usual $52',
    ],
  ])('%s', (_, change, text) => {
    const summary = chartSummary({ ...base, ...change });
    expect(summary).toBe(text);
    expect(summary).not.toMatch(/^From /);
  });
});

describe('stepIndexAt', () => {
  const steps = priceChart(
    points([
      [5, 20, 30],
      [4, 20, 30],
      [1, 25, 30],
      [0, 22, 30],
    ]),
    TODAY,
    90,
  ).steps;
  // Six days from May 30, 44 a day: steps at 48-136, 224-268, 268-312.
  it.each<[number, number]>([
    [48, 0],
    [100, 0],
    // In the gap, the nearer step.
    [150, 0],
    [200, 1],
    [250, 1],
    [290, 2],
    // Beyond the plot, the step at that end.
    [0, 0],
    [320, 2],
  ])('x %d is step %d', (x, index) => {
    expect(stepIndexAt(steps, x)).toBe(index);
  });

  it('is -1 without steps', () => {
    expect(stepIndexAt([], 100)).toBe(-1);
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

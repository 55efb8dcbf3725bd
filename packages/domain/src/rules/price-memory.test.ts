import { describe, expect, it } from 'vitest';
import { MAX_MONEY } from '../contract/constants';
import { addDays } from './calendar-day';
import {
  priceMemory,
  priceMemoryCard,
  priceMemoryText,
  type PriceMemory,
  type PriceObservation,
} from './price-memory';

const TODAY = '2024-03-01';

/**
 * A history from rows of [days before today, sale price, regular price]; the row's onDeal is
 * whether it has a sale price.
 */
function history(rows: [number, number | null, number | null][], today = TODAY) {
  return rows.map(([ago, salePrice, regularPrice]): PriceObservation => ({
    day: addDays(today, -ago),
    salePrice,
    regularPrice,
    onDeal: salePrice !== null,
  }));
}

/** The same price charged on each of the given days before today. */
function flat(price: number, agos: number[]): [number, number | null, number | null][] {
  return agos.map((ago) => [ago, null, price]);
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

function memoryOf(
  rows: [number, number | null, number | null][],
  price: number,
  claimedRegularPrice: number | null = null,
): PriceMemory {
  return priceMemory(history(rows), { day: TODAY, price, claimedRegularPrice });
}

describe('priceMemory: the lowest of 30 days and the usual price', () => {
  it.each<[string, [number, number | null, number | null][], number | null, number | null, number]>(
    [
      ['no history', [], null, null, 0],
      ['the sale price is the price charged', [[1, 20, 30]], 20, 20, 1],
      ['the regular price when there is no sale', [[1, null, 30]], 30, 30, 1],
      [
        'a day with neither price is not seen',
        [
          [1, null, null],
          [2, null, 40],
        ],
        40,
        40,
        1,
      ],
      // 2024-03-01 less 30 days is 2024-01-31 (a leap February): in; 2024-01-30: out.
      [
        'the 30th day before today counts, the 31st not',
        [
          [30, 10, null],
          [31, 5, null],
        ],
        10,
        10,
        1,
      ],
      [
        'today is left out',
        [
          [0, 5, null],
          [1, 30, null],
        ],
        30,
        30,
        1,
      ],
      [
        'a later day is left out',
        [
          [-1, 5, null],
          [1, 30, null],
        ],
        30,
        30,
        1,
      ],
      [
        'the median of an odd count',
        [
          [1, 10, null],
          [2, 50, null],
          [3, 20, null],
        ],
        10,
        20,
        3,
      ],
      [
        'an even count: the mean of the middle two',
        flat(20, [1, 2]).concat(flat(30, [3, 4])),
        20,
        25,
        4,
      ],
      [
        'a price with a fraction of a cent rounds half up on its decimal',
        [[1, 2.675, null]],
        2.68,
        2.68,
        1,
      ],
      ['a price with less than half a cent rounds down', [[1, 2.674, null]], 2.67, 2.67, 1],
      [
        'half a cent rounds up',
        [
          [1, 10, null],
          [2, 10.01, null],
        ],
        10,
        10.01,
        2,
      ],
      ['gaps do not count as days', flat(30, [1, 9, 17, 29]), 30, 30, 4],
    ],
  )('%s', (_, rows, lowest30d, usualPrice, daysSeen) => {
    const memory = memoryOf(rows, 25);
    expect(memory).toMatchObject({ lowest30d, usualPrice, daysSeen });
  });

  it('reads the observations in any order', () => {
    const rows = history([
      [5, 30, null],
      [1, 25, null],
      [12, 22, null],
      [3, 28, null],
      [8, null, 35],
    ]);
    const today = { day: TODAY, price: 25, claimedRegularPrice: 40 };
    const expected = priceMemory(rows, today);
    expect(priceMemory([...rows].reverse(), today)).toEqual(expected);
    expect(priceMemory([rows[2]!, rows[0]!, rows[4]!, rows[1]!, rows[3]!], today)).toEqual(
      expected,
    );
    expect(expected).toMatchObject({ lowest30d: 22, usualPrice: 28, previousPrice: 28 });
  });

  it('compares in cents, so float noise is the same price', () => {
    const memory = memoryOf(
      [
        [1, 0.1 + 0.2, null],
        [2, 19.990000000000002, null],
      ],
      0.3,
    );
    expect(memory).toMatchObject({ lowest30d: 0.3, usualPrice: 10.15, price: 0.3 });
    expect(memoryOf([[1, 19.990000000000002, null]], 19.99).previousPrice).toBeNull();
  });
});

describe('priceMemory: the previous price and when the price changed', () => {
  it.each<[string, [number, number | null, number | null][], number, number | null, string | null]>(
    [
      ['no history', [], 25, null, null],
      [
        'never a different price: the change is older than the history',
        flat(25, [1, 2, 3]),
        25,
        null,
        null,
      ],
      [
        'changed today',
        [
          [1, 30, null],
          [2, 25, null],
        ],
        25,
        30,
        TODAY,
      ],
      [
        'changed three days ago',
        [
          [1, 25, null],
          [2, 25, null],
          [3, 25, null],
          [4, 30, null],
        ],
        25,
        30,
        addDays(TODAY, -3),
      ],
      [
        'a gap does not break the run',
        [
          [1, 25, null],
          [6, 25, null],
          [9, 30, null],
        ],
        25,
        30,
        addDays(TODAY, -6),
      ],
      [
        'the last different price, not the first',
        [
          [1, 25, null],
          [2, 28, null],
          [3, 35, null],
        ],
        25,
        28,
        addDays(TODAY, -1),
      ],
      [
        'back to a price charged before',
        [
          [1, 25, null],
          [2, 30, null],
          [3, 25, null],
        ],
        25,
        30,
        addDays(TODAY, -1),
      ],
      [
        'older than 30 days counts here',
        [
          [40, 30, null],
          [35, 25, null],
        ],
        25,
        30,
        addDays(TODAY, -35),
      ],
      ['a price up', [[1, 20, null]], 25, 20, TODAY],
      [
        'days without a price are not days seen',
        [
          [1, null, null],
          [2, 30, null],
        ],
        25,
        30,
        TODAY,
      ],
    ],
  )('%s', (_, rows, price, previousPrice, priceChangedAt) => {
    expect(memoryOf(rows, price)).toMatchObject({ previousPrice, priceChangedAt });
  });
});

describe('priceMemory: the discount check', () => {
  const week = range(1, 7);
  it.each<[string, [number, number | null, number | null][], number, number | null, string]>([
    ['6 days seen is unknown', flat(30, range(1, 6)), 20, 100, 'unknown'],
    [
      '6 days in the window and older ones is unknown',
      flat(30, [...range(1, 6), 31, 40]),
      20,
      100,
      'unknown',
    ],
    ['7 days seen, below the usual price: real', flat(30, week), 25, 30, 'real'],
    ['at the usual price: none', flat(30, week), 30, 30, 'none'],
    ['above the usual price: none', flat(30, week), 35, null, 'none'],
    ['below the usual price with no claim: real', flat(30, week), 29.99, null, 'real'],
    ['a claim 5% above the highest price is plausible', flat(40, week), 30, 42, 'real'],
    ['a claim a cent more than 5% above is inflated', flat(40, week), 30, 42.01, 'inflated'],
    ['inflated wins over real', flat(30, week), 25, 45, 'inflated'],
    ['inflated when nothing is off the usual price', flat(30, week), 30, 45, 'inflated'],
    [
      'the highest price of the window decides',
      [...flat(30, range(1, 6)), [7, null, 44]],
      25,
      45,
      'real',
    ],
    [
      'the claim is compared with prices charged, not claimed',
      [...flat(30, range(1, 7)).map(([ago]) => [ago, 30, 50] as [number, number, number])],
      25,
      50,
      'inflated',
    ],
  ])('%s', (_, rows, price, claimed, discountCheck) => {
    expect(memoryOf(rows, price, claimed).discountCheck).toBe(discountCheck);
  });
});

describe('priceMemory: bad input is refused', () => {
  const good = { day: TODAY, price: 25, claimedRegularPrice: 30 };
  const observation = (patch: Partial<Record<keyof PriceObservation, unknown>>) =>
    ({
      day: '2024-02-20',
      salePrice: 20,
      regularPrice: 30,
      onDeal: true,
      ...patch,
    }) as PriceObservation;

  it.each<[string, PriceObservation[], object, RegExp]>([
    [
      'a NaN sale price',
      [observation({ salePrice: Number.NaN })],
      good,
      /2024-02-20: salePrice .* got NaN/,
    ],
    [
      'a negative regular price',
      [observation({ regularPrice: -1 })],
      good,
      /regularPrice .* got -1/,
    ],
    [
      'a price above MAX_MONEY',
      [observation({ salePrice: MAX_MONEY + 0.01 })],
      good,
      /salePrice must be a price from 0 to 1000000/,
    ],
    [
      'an infinite price',
      [observation({ regularPrice: Number.POSITIVE_INFINITY })],
      good,
      /got Infinity/,
    ],
    ['a price that is text', [observation({ salePrice: '20' })], good, /salePrice .* got 20/],
    [
      'a day not written YYYY-MM-DD',
      [observation({ day: '2024-2-20' })],
      good,
      /not written YYYY-MM-DD: "2024-2-20"/,
    ],
    ['a day that does not exist', [observation({ day: '2023-02-29' })], good, /"2023-02-29"/],
    [
      'two observations of one day',
      [observation({}), observation({ salePrice: 18 })],
      good,
      /two observations of 2024-02-20/,
    ],
    ['a bad today', [], { ...good, day: '03/01/2024' }, /Not a calendar day/],
    [
      "a NaN today's price",
      [],
      { ...good, price: Number.NaN },
      /today \(2024-03-01\): price .* got NaN/,
    ],
    [
      'a negative claimed regular price',
      [],
      { ...good, claimedRegularPrice: -5 },
      /claimedRegularPrice .* got -5/,
    ],
  ])('%s', (_, observations, today, message) => {
    expect(() => priceMemory(observations, today as typeof good)).toThrow(RangeError);
    expect(() => priceMemory(observations, today as typeof good)).toThrow(message);
  });

  it('takes MAX_MONEY and zero as prices', () => {
    const memory = memoryOf(
      [
        [1, 0, MAX_MONEY],
        [2, null, MAX_MONEY],
      ],
      MAX_MONEY,
    );
    expect(memory).toMatchObject({ lowest30d: 0, usualPrice: MAX_MONEY / 2 });
  });
});

describe('priceMemoryCard and priceMemoryText', () => {
  const week = range(1, 7);
  it.each<
    [
      string,
      [number, number | null, number | null][],
      number,
      number | null,
      object | null,
      string | null,
    ]
  >([
    ['unknown history: nothing', flat(50, range(1, 6)), 20, 100, null, null],
    ['no news: nothing', [...flat(30, week), [8, 20, null]], 30, 30, null, null],
    [
      'at the lowest of 30 days (a tie counts)',
      [...flat(30, week), [8, 25, null]],
      25,
      null,
      { kind: 'lowest-in-30-days', lowest30d: 25 },
      'Lowest in 30 days',
    ],
    [
      'below the lowest of 30 days',
      flat(30, week),
      24.5,
      null,
      { kind: 'lowest-in-30-days', lowest30d: 30 },
      'Lowest in 30 days',
    ],
    [
      'a price drop 6 days ago is news',
      [...flat(25, range(1, 6)), ...flat(30, range(7, 12)), [20, 20, null]],
      25,
      null,
      {
        kind: 'price-dropped',
        drop: 5,
        price: 25,
        previousPrice: 30,
        changedAt: addDays(TODAY, -6),
      },
      'Down $5 to $25',
    ],
    [
      'a drop today with cents',
      [...flat(30, week), [20, 20, null]],
      25.5,
      null,
      { kind: 'price-dropped', drop: 4.5, price: 25.5, previousPrice: 30, changedAt: TODAY },
      'Down $4.50 to $25.50',
    ],
    [
      'a price drop 7 days ago is old',
      [...flat(25, range(1, 7)), ...flat(30, range(8, 12)), [20, 20, null]],
      25,
      null,
      null,
      null,
    ],
    ['a price up is no drop', [...flat(20, week), [8, 10, null]], 25, null, null, null],
    [
      'an inflated claim says nothing here (the shown discount corrects it)',
      flat(40, week),
      45,
      60,
      null,
      null,
    ],
    [
      'an inflated claim at its lowest of 30 days is at its lowest',
      flat(40, week),
      20,
      60,
      { kind: 'lowest-in-30-days', lowest30d: 40 },
      'Lowest in 30 days',
    ],
    [
      'the lowest of 30 days wins over a drop',
      [[1, 30, null], ...flat(40, range(2, 8))],
      30,
      null,
      { kind: 'lowest-in-30-days', lowest30d: 30 },
      'Lowest in 30 days',
    ],
  ])('%s', (_, rows, price, claimed, card, text) => {
    const result = priceMemoryCard(memoryOf(rows, price, claimed));
    expect(result).toEqual(card);
    expect(result === null ? null : priceMemoryText(result)).toBe(text);
  });
});

describe('priceMemory: a day far from the history is held back', () => {
  // 20 days at $40, a broken feed's day of 100x prices 10 days ago, and $40 again since.
  const brokenDay: [number, number | null, number | null][] = [
    ...flat(40, range(11, 30)),
    [10, 3000, 4000],
    ...flat(40, range(1, 9)),
  ];

  it('leaves one 100x day out of the lowest, usual and previous prices', () => {
    const memory = memoryOf(brokenDay, 30, 40);
    expect(memory).toMatchObject({
      daysSeen: 29,
      lowest30d: 40,
      usualPrice: 40,
      previousPrice: 40,
      discountCheck: 'real',
      heldBack: { today: false, days: 1 },
    });
  });

  it('does not let the 100x day make an inflated claim plausible', () => {
    // Claiming $3100 regular: within 5% of the broken day's $3000, far above the 29 others' $40.
    expect(memoryOf(brokenDay, 30, 3100).discountCheck).toBe('inflated');
  });

  it('does not let the 100x day be the previous price of a price back to normal', () => {
    // 20 days at $40 and then the bad day yesterday: today at $40 has no change to tell of.
    const memory = memoryOf([...flat(40, range(2, 30)), [1, 4000, null]], 40);
    expect(memory.previousPrice).toBeNull();
    expect(memory.priceChangedAt).toBeNull();
    expect(memory.lowest30d).toBe(40);
  });

  it('holds today back when today alone is far, and says so', () => {
    const memory = memoryOf(flat(40, range(1, 30)), 4000);
    expect(memory.heldBack).toEqual({ today: true, days: 0 });
  });

  it('releases a far price the next days confirm: three days in a row are a new price', () => {
    const twoDays = memoryOf([...flat(10, range(3, 30)), [2, null, 45], [1, null, 45]], 45);
    expect(twoDays.heldBack).toBeUndefined();
    expect(twoDays).toMatchObject({ previousPrice: 10, priceChangedAt: addDays(TODAY, -2) });
    const oneDay = memoryOf([...flat(10, range(2, 30)), [1, null, 45]], 45);
    expect(oneDay.heldBack).toEqual({ today: true, days: 1 });
  });

  it('judges nothing with fewer than 3 days seen', () => {
    expect(memoryOf(flat(40, [1, 2]), 4000).heldBack).toBeUndefined();
  });

  it('gives the same facts whatever the order of the days', () => {
    const rows = history(brokenDay);
    const today = { day: TODAY, price: 30, claimedRegularPrice: 40 };
    expect(priceMemory([...rows].reverse(), today)).toEqual(priceMemory(rows, today));
  });
});

describe('priceMemory: the usual price is robust to single days', () => {
  it('is the median of the days seen, not their mean', () => {
    // 6 days at $20 and one at $60 (near enough to be counted): the median stays $20.
    const memory = memoryOf([...flat(20, range(1, 6)), [7, null, 60]], 20);
    expect(memory.usualPrice).toBe(20);
    expect(memory.heldBack).toBeUndefined();
  });
});

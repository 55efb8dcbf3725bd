import { describe, expect, it } from 'vitest';
import type { SortKey } from '../contract/options';
import type { DealCategory } from '../contract/values';
import type { Deal } from '../contract/deal';
import type { DealView } from './deal-view';
import type { DispensaryTax } from '../contract/dispensary';
import { pricesWithTax } from './prices-with-tax';
import { dispensarySortName, sortDeals } from './sort';

interface ViewSpec {
  id: string;
  rank: number;
  price?: number;
  dispensary?: string;
  category?: DealCategory;
  miles?: number;
}

/** A deal view whose title is its id, so a sorted list reads as a string of ids. */
function view({
  id,
  rank,
  price = 0,
  dispensary = 'Store',
  category = 'other',
  miles = 1,
}: ViewSpec): DealView {
  return {
    deal: {
      title: id,
      description: '',
      price: `$${price}`,
      imageUrl: '',
      sourceUrl: `https://example.com/${id}`,
      dispensary,
      dispensaryKey: dispensary.toLowerCase(),
    },
    category,
    distanceMiles: miles,
    sortPrice: price,
    rank,
  };
}

function ids(views: readonly DealView[]): string {
  return views.map((item) => item.deal.title).join(' ');
}

/** Given in a shuffled order; rank says the service's order a..f. */
const MIXED: readonly DealView[] = [
  view({ id: 'd', rank: 3, price: 20, dispensary: 'Zen Leaf', category: 'edibles', miles: 2.5 }),
  view({ id: 'a', rank: 0, price: 35, dispensary: '🌿 Greenlight', category: 'vapes', miles: 10 }),
  view({ id: 'f', rank: 5, price: 0, dispensary: 'ackerman', category: 'other', miles: Infinity }),
  view({ id: 'b', rank: 1, price: 10, dispensary: 'Beyond Hello', category: 'flower', miles: 0.4 }),
  view({ id: 'e', rank: 4, price: 10, dispensary: 'Alpine', category: 'flower', miles: 7 }),
  view({ id: 'c', rank: 2, price: 50, dispensary: 'Swade', category: 'pre-rolls', miles: 2.5 }),
];

describe('sortDeals', () => {
  it.each<[SortKey, string, string]>([
    ['relevance', 'a b c d e f', 'by rank, the service order'],
    ['price-low', 'f b e d a c', 'cheapest first; 0 (no price) first; tie b/e by rank'],
    ['price-high', 'c a d b e f', 'dearest first; tie b/e by rank; 0 last'],
    ['dispensary', 'f e b a c d', 'A-Z ignoring case and the leading emoji'],
    ['category', 'b e d a c f', 'flower, edibles, vapes, pre-rolls, other; flower tie by rank'],
    ['category-dispensary', 'e b d a c f', 'category, then dispensary (Alpine before Beyond)'],
    ['distance', 'b c d e a f', 'near to far; 2.5 tie by rank; Infinity last'],
  ])('%s gives %s (%s)', (key, expected) => {
    expect(ids(sortDeals(MIXED, key))).toBe(expected);
  });

  it.each<[SortKey, ViewSpec[], string, string]>([
    [
      'category',
      [
        { id: 'x', rank: 0, category: 'other' },
        { id: 'y', rank: 1, category: 'accessories' },
        { id: 'z', rank: 2, category: 'topicals' },
        { id: 'w', rank: 3, category: 'concentrates' },
      ],
      'w z y x',
      'the DEAL_CATEGORIES order: concentrates, topicals, accessories, other',
    ],
    [
      'category-dispensary',
      [
        { id: 'x', rank: 0, category: 'flower', dispensary: 'Zen' },
        { id: 'y', rank: 1, category: 'edibles', dispensary: 'Ace' },
        { id: 'z', rank: 2, category: 'flower', dispensary: 'Ace' },
        { id: 'w', rank: 3, category: 'flower', dispensary: 'ace' },
      ],
      'z w x y',
      'category first, then name; same name (any case) by rank',
    ],
    [
      'dispensary',
      [
        { id: 'x', rank: 0, dispensary: 'Store 10' },
        { id: 'y', rank: 1, dispensary: 'Store 2' },
        { id: 'z', rank: 2, dispensary: 'Éden' },
        { id: 'w', rank: 3, dispensary: 'Apex' },
      ],
      'w z y x',
      'accents ignored (Éden as Eden), numbers in natural order',
    ],
    [
      'dispensary',
      [
        { id: 'x', rank: 0, dispensary: '' },
        { id: 'y', rank: 1, dispensary: '🏪' },
        { id: 'z', rank: 2, dispensary: 'Zen' },
        { id: 'w', rank: 3, dispensary: '3Fifteen' },
      ],
      'w z x y',
      'digits sort before letters; blank and emoji-only names last',
    ],
    [
      'dispensary',
      [
        { id: 'x', rank: 0, dispensary: '🍃 Zen' },
        { id: 'y', rank: 1, dispensary: '  "Alpha"' },
        { id: 'z', rank: 2, dispensary: 'Mellow' },
      ],
      'y z x',
      'leading spaces, quotes and emoji are ignored',
    ],
    [
      'price-low',
      [
        { id: 'x', rank: 0, price: Number.NaN },
        { id: 'y', rank: 1, price: 5.5 },
        { id: 'z', rank: 2, price: 5.25 },
      ],
      'z y x',
      'decimal prices; NaN last',
    ],
    [
      'price-high',
      [
        { id: 'x', rank: 0, price: Number.NaN },
        { id: 'y', rank: 1, price: 5.25 },
        { id: 'z', rank: 2, price: 5.5 },
      ],
      'z y x',
      'decimal prices; NaN last high-to-low too',
    ],
    [
      'distance',
      [
        { id: 'x', rank: 2, miles: Infinity },
        { id: 'y', rank: 1, miles: Number.NaN },
        { id: 'z', rank: 0, miles: Infinity },
        { id: 'w', rank: 3, miles: 0 },
      ],
      'w z x y',
      'Infinity after every finite distance, ties by rank; NaN after Infinity',
    ],
    [
      'relevance',
      [
        { id: 'x', rank: 1 },
        { id: 'y', rank: 1 },
        { id: 'z', rank: 0 },
      ],
      'z x y',
      'equal ranks keep their input order (stable)',
    ],
    [
      'price-low',
      [
        { id: 'x', rank: 7, price: 5 },
        { id: 'y', rank: 7, price: 5 },
        { id: 'z', rank: 3, price: 5 },
      ],
      'z x y',
      'equal price and rank keep their input order (stable)',
    ],
    ['relevance', [], '', 'an empty list'],
  ])('%s: %j gives %s (%s)', (key, specs, expected) => {
    expect(ids(sortDeals(specs.map(view), key))).toBe(expected);
  });

  it.each<[SortKey]>([
    ['relevance'],
    ['price-low'],
    ['price-high'],
    ['real-discount'],
    ['dispensary'],
    ['category'],
    ['category-dispensary'],
    ['distance'],
  ])('%s returns a new array and never mutates its input', (key) => {
    const input = [...MIXED];
    const before = ids(input);
    const sorted = sortDeals(input, key);
    expect(sorted).not.toBe(input);
    expect(ids(input)).toBe(before);
    expect(sorted).toHaveLength(input.length);
    expect(new Set(sorted)).toEqual(new Set(input));
  });

  it('falls back to relevance for an unknown sort key', () => {
    expect(ids(sortDeals(MIXED, 'nonsense' as SortKey))).toBe('a b c d e f');
  });
});

describe('dispensarySortName', () => {
  it.each([
    ['🌿 Greenlight', 'Greenlight'],
    ['🏪🌿  Swade', 'Swade'],
    ['"Zen" Leaf', 'Zen" Leaf'],
    ['3Fifteen', '3Fifteen'],
    ['Greenlight', 'Greenlight'],
    ['🌿', ''],
    ['', ''],
  ])('%j -> %j', (name, expected) => {
    expect(dispensarySortName(name)).toBe(expected);
  });
});

describe('the sorts beyond the spec', () => {
  const base = { deal: {} as never, category: 'other' as const, distanceMiles: Infinity };
  const make = (id: string, rank: number, extra: Partial<DealView>): DealView => ({
    ...base,
    deal: { id } as never,
    rank,
    sortPrice: 0,
    ...extra,
  });
  const ids = (views: DealView[]) =>
    views.map((view) => (view.deal as { id: string }).id).join(' ');

  const claimed = (percent: number): Partial<DealView> => ({
    shown: { basis: 'claimed', percent, regularPrice: null },
  });
  const judged = (percent: number): Partial<DealView> => ({
    shown: { basis: 'usual', usualPrice: 50, percent, standing: 'below' },
  });

  it('biggest discount first, unknown last', () => {
    const views = [
      make('a', 0, claimed(10)),
      make('b', 1, claimed(Number.NaN)),
      make('c', 2, claimed(40)),
      make('d', 3, {}),
      make('e', 4, claimed(40)),
    ];
    expect(ids(sortDeals(views, 'discount'))).toBe('c e a b d');
  });

  it('biggest discount: the checked percent where the history judges, never the claimed one', () => {
    // 'a' claims 99% off a regular price never charged: 38.46% below its usual price.
    const views = [
      make('a', 0, judged(38.46)),
      make('b', 1, claimed(50)),
      make('c', 2, judged(-22)),
      make('d', 3, judged(50)),
      make('e', 4, judged(0)),
    ];
    expect(ids(sortDeals(views, 'discount'))).toBe('b d a e c');
  });

  it.each<[string, Array<number | undefined>, string]>([
    ['furthest below the usual price first', [10, 25, 0, 40], 'd b a c'],
    [
      'above the usual price (negative) after at it, before unknown',
      [-5, undefined, 0, 3],
      'd c a b',
    ],
    [
      'unknown (NaN or none) last, in the service order',
      [Number.NaN, 12, undefined, 12],
      'b d a c',
    ],
    ['equal percents by rank', [20, 20, 20], 'a b c'],
  ])('best real discount: %s', (_name, percents, expected) => {
    const views = percents.map((percent, rank) =>
      make(String.fromCharCode(97 + rank), rank, percent === undefined ? {} : judged(percent)),
    );
    expect(ids(sortDeals(views.reverse(), 'real-discount'))).toBe(expected);
  });

  it('lowest unit price within comparable units: per g, per 100 mg, each, none', () => {
    const views = [
      make('a', 0, { unitPrice: { amount: 2, per: '100mg' } }),
      make('b', 1, {}),
      make('c', 2, { unitPrice: { amount: 9, per: 'g' } }),
      make('d', 3, { unitPrice: { amount: 5, per: 'each' } }),
      make('e', 4, { unitPrice: { amount: 7.5, per: 'g' } }),
      make('f', 5, { unitPrice: { amount: 1.5, per: '100mg' } }),
    ];
    expect(ids(sortDeals(views, 'unit-price'))).toBe('e c f a d b');
  });

  it('most THC per dollar first: a percent by its weight, a package by its mg, unknown last', () => {
    const thc = (id: string, figure: Deal['thc']) => ({ id, thc: figure }) as never;
    const views = [
      // 3.5 g at 20% for $35: 20 mg a dollar.
      make('a', 0, { deal: thc('a', { min: 20, max: 20, unit: '%' }), grams: 3.5, sortPrice: 35 }),
      // 100 mg for $20: 5 mg a dollar.
      make('b', 1, { deal: thc('b', { min: 100, max: 100, unit: 'mg' }), sortPrice: 20 }),
      make('c', 2, { deal: thc('c', undefined), grams: 3.5, sortPrice: 10 }),
      // 1 g at 80% (its range's bottom) for $20: 40 mg a dollar.
      make('d', 3, { deal: thc('d', { min: 80, max: 90, unit: '%' }), grams: 1, sortPrice: 20 }),
      // No price: unknown.
      make('e', 4, { deal: thc('e', { min: 100, max: 100, unit: 'mg' }), sortPrice: Number.NaN }),
      // 7 g at 10% for $35, 20 mg a dollar: a tie, in the service's order.
      make('f', 5, { deal: thc('f', { min: 10, max: 10, unit: '%' }), grams: 7, sortPrice: 35 }),
    ];
    expect(ids(sortDeals(views, 'thc-value'))).toBe('d a f b c e');
  });

  it('newest first, never dated last', () => {
    const views = [
      make('a', 0, { firstSeenMs: 100 }),
      make('b', 1, {}),
      make('c', 2, { firstSeenMs: 300 }),
      make('d', 3, { firstSeenMs: 200 }),
    ];
    expect(ids(sortDeals(views, 'newest'))).toBe('c d a b');
  });

  it('puts deals with no price after the priced ones in both price sorts', () => {
    const views = [
      make('a', 0, { sortPrice: Number.NaN }),
      make('b', 1, { sortPrice: 0 }),
      make('c', 2, { sortPrice: 20 }),
    ];
    expect(ids(sortDeals(views, 'price-low'))).toBe('b c a');
    expect(ids(sortDeals(views, 'price-high'))).toBe('c b a');
  });
});

describe('the price sorts with tax', () => {
  const rates = (localMarijuana: number, sales: number): DispensaryTax => ({
    localMarijuana: { rate: localMarijuana, status: 'verified' },
    sales: { rate: sales, status: 'verified' },
  });
  const stores = [
    { key: 'high', tax: rates(3, 10) },
    { key: 'low', tax: rates(0, 5) },
    // No rates sent: sorted at the lowest rates known (0% local, 5% sales), never as if none.
    { key: 'unknown' },
  ];
  const at = (id: string, rank: number, key: string, price: number, unit?: number): DealView => ({
    deal: {
      title: id,
      description: '',
      price: `$${price}`,
      imageUrl: '',
      sourceUrl: '',
      dispensary: key,
      dispensaryKey: key,
      thc: { min: 20, max: 20, unit: '%' },
    },
    category: 'flower',
    distanceMiles: 1,
    sortPrice: price,
    rank,
    ...(unit === undefined ? {} : { unitPrice: { amount: unit, per: 'g' as const } }),
    grams: 3.5,
  });
  // With adult-use tax: a $35.70 (19%), b $34.41 (11%), c $36.63 (6% + the lowest 5%), d unknown.
  // With medical tax: a $34.20 (14%), b $33.79 (9%), c $34.65 (4% + the lowest 5%).
  const views = [
    at('a', 0, 'high', 30, 8.57),
    at('b', 1, 'low', 31, 8.86),
    at('c', 2, 'unknown', 33, 9.43),
    at('d', 3, 'low', Number.NaN),
  ];

  it.each<[SortKey, 'off' | 'rec' | 'med', string]>([
    ['price-low', 'off', 'a b c d'],
    ['price-low', 'rec', 'b a c d'],
    ['price-low', 'med', 'b a c d'],
    ['price-high', 'off', 'c b a d'],
    ['price-high', 'rec', 'c a b d'],
    ['price-high', 'med', 'c a b d'],
    ['unit-price', 'off', 'a b c d'],
    ['unit-price', 'rec', 'b a c d'],
    ['unit-price', 'med', 'b a c d'],
    // The same THC everywhere: the least price with tax holds the most per dollar.
    ['thc-value', 'off', 'a b c d'],
    ['thc-value', 'rec', 'b a c d'],
    // Sorts that read no price are the same with tax.
    ['dispensary', 'rec', 'a b d c'],
    ['relevance', 'med', 'a b c d'],
  ])('%s with tax %s gives %s', (key, mode, expected) => {
    const tax = pricesWithTax(mode, stores);
    expect(ids(sortDeals([...views].reverse(), key, tax))).toBe(expected);
  });

  it('is off (no prices with tax) when the switch is off', () => {
    expect(pricesWithTax('off', stores)).toBeNull();
    expect(pricesWithTax('rec', stores)?.rates.get('low')).toEqual(rates(0, 5));
  });

  it('treats a deal of a dispensary missing from the list as one with no rates', () => {
    const stray = [at('x', 0, 'gone', 32), at('y', 1, 'high', 30)];
    // x: $35.52 (6% + the lowest 5%), y: $35.70.
    expect(ids(sortDeals(stray, 'price-low', pricesWithTax('rec', stores)))).toBe('x y');
  });

  it('sorts an estimate after a complete price of the same amount, in both directions', () => {
    // Both $36.63 with adult-use tax: 'low' complete (0% + 5%), 'unknown' at the lowest known.
    const tied = [at('e', 0, 'unknown', 33), at('f', 1, 'low', 33)];
    const tax = pricesWithTax('rec', stores);
    expect(ids(sortDeals(tied, 'price-low', tax))).toBe('f e');
    expect(ids(sortDeals(tied, 'price-high', tax))).toBe('f e');
  });
});

import { describe, expect, it } from 'vitest';
import type { DealView } from './deal-view';
import { brandKey, brandOptions, matchesBrand } from './brand-filter';

describe('brandKey', () => {
  it.each<[string | undefined, string]>([
    ['Good Day Farm', 'good day farm'],
    ['GOOD DAY FARM', 'good day farm'],
    ['  Good \t Day\nFarm ', 'good day farm'],
    // Full-width letters read as plain ones (NFKC).
    ['Ｗｙｌｄ', 'wyld'],
    ['', ''],
    ['   ', ''],
    [undefined, ''],
  ])('%j -> %j', (brand, key) => {
    expect(brandKey(brand)).toBe(key);
  });

  it('is cut to the contract bound, so a hostile brand cannot grow the key', () => {
    expect(brandKey('x'.repeat(5000)).length).toBeLessThanOrEqual(200);
  });
});

/** A view of a deal of `brand`. */
const view = (brand: string | undefined): DealView => ({
  deal: {
    title: 'A deal',
    description: '',
    price: '$10',
    imageUrl: '',
    sourceUrl: '',
    dispensary: 'Store',
    dispensaryKey: 'store',
    ...(brand === undefined ? {} : { brand }),
  },
  category: 'flower',
  distanceMiles: Infinity,
  sortPrice: 10,
  rank: 0,
});

describe('brandOptions', () => {
  it('lists each brand once, case and spaces folded, labelled as first spelled, sorted by key', () => {
    const views = [
      view('Wyld'),
      view('good day farm'),
      view('WYLD'),
      view(undefined),
      view('  '),
      view('Good  Day Farm'),
      view('Illicit Gardens'),
    ];
    expect(brandOptions(views)).toEqual([
      { value: 'good day farm', label: 'good day farm' },
      { value: 'illicit gardens', label: 'Illicit Gardens' },
      { value: 'wyld', label: 'Wyld' },
    ]);
  });

  it('keeps the brands with the most deals when there are more than the bound', () => {
    const views = [
      ...['c', 'c', 'c', 'a', 'd', 'd', 'b', 'b'].map((brand) => view(brand)),
      view('e'),
    ];
    // c 3, b 2, d 2, a 1, e 1: the three most, ties by key (b before d), listed by key.
    expect(brandOptions(views, 3).map((option) => option.value)).toEqual(['b', 'c', 'd']);
    expect(brandOptions(views, 0)).toEqual([]);
    expect(brandOptions([])).toEqual([]);
  });

  it('makes a brand named like an object member an ordinary option', () => {
    expect(brandOptions([view('constructor'), view('__proto__')])).toEqual([
      { value: '__proto__', label: '__proto__' },
      { value: 'constructor', label: 'constructor' },
    ]);
  });
});

describe('matchesBrand', () => {
  it.each<[string | undefined, string, boolean]>([
    ['wyld', '', true],
    [undefined, '', true],
    ['', '', true],
    ['wyld', 'wyld', true],
    ['wyld', 'kiva', false],
    ['', 'wyld', false],
    [undefined, 'wyld', false],
  ])('deal %j, chosen %j: %s', (key, brand, kept) => {
    expect(matchesBrand(key, brand)).toBe(kept);
  });
});

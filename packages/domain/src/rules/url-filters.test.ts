import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  MAX_STORES,
  readFilters,
  readStoreKeys,
  searchQuery,
  withKnownDispensaries,
  writeFilters,
  type Filters,
} from './url-filters';

describe('readFilters', () => {
  it('reads each filter by its parameter and nothing else', () => {
    expect(
      readFilters('?utm_source=x&dispensary=swade&category=edibles&search=gummy+bears&day=friday'),
    ).toEqual({
      ...DEFAULT_FILTERS,
      dispensary: 'swade',
      category: 'edibles',
      search: 'gummy bears',
      day: 'friday',
    });
  });

  it("takes a parameter given twice by its first value, as the page's URLSearchParams does", () => {
    expect(readFilters('?category=flower&category=edibles').category).toBe('flower');
    expect(readFilters('?category=candy&category=edibles').category).toBe('all');
  });

  it("does not filter by 'other', which is no choice of the Category dropdown", () => {
    expect(readFilters('?category=other').category).toBe('all');
  });

  it.each<[string, Pick<Filters, 'thc' | 'type'>]>([
    ['?thc=25&type=Indica', { thc: '25', type: 'Indica' }],
    ['?thc=100mg&type=CBD', { thc: '100mg', type: 'CBD' }],
    // Only the dropdowns' choices: a percent not offered, a unit spelled otherwise, a type's case.
    ['?thc=22&type=indica', { thc: 'any', type: 'any' }],
    ['?thc=25%25&type=Kush', { thc: 'any', type: 'any' }],
    ['?thc=100+mg', { thc: 'any', type: 'any' }],
  ])('reads THC and Type from %s', (query, expected) => {
    expect(readFilters(query)).toMatchObject(expected);
  });

  it.each([
    ['?open=now', 'now'],
    ['?open=any', 'any'],
    ['?open=NOW', 'any'],
    ['?open=1', 'any'],
    ['', 'any'],
  ])("reads 'Open now' from '%s'", (query, open) => {
    expect(readFilters(query).open).toBe(open);
    expect(writeFilters(readFilters(query))).toBe(open === 'now' ? '?open=now' : '');
  });
});

describe('searchQuery', () => {
  it('writes the search without the place in the list', () => {
    const filters = readFilters('?page=3&pageSize=48&search=blue&sort=newest&distance=10');
    expect(searchQuery(filters)).toBe('?sort=newest&distance=10&search=blue');
    expect(writeFilters(filters)).toBe('?sort=newest&distance=10&search=blue&pageSize=48&page=3');
  });

  it('keeps the size, brand and tax choices: they change which deals are listed, and their order', () => {
    const filters = readFilters('?page=2&size=half&brand=Wyld&tax=med&sort=price-low');
    expect(searchQuery(filters)).toBe('?size=half&brand=wyld&sort=price-low&tax=med');
    expect(searchQuery(readFilters('?type=Hybrid&thc=20&page=2'))).toBe('?thc=20&type=Hybrid');
  });

  it('is empty for the whole list', () => {
    expect(searchQuery(readFilters('?page=2'))).toBe('');
  });

  it('reads back as the same search', () => {
    const filters = readFilters('?dispensary=a%26b&search=50%25+off+%3Cb%3E&day=tomorrow');
    expect(readFilters(searchQuery(filters))).toEqual(filters);
  });
});

describe("'My stores' in the URL", () => {
  const long = 'k'.repeat(101);
  it.each<[string, string | null, string[]]>([
    ['keys in order', 'swade,greenlight', ['swade', 'greenlight']],
    ['trimmed, a repeat counted once', ' b , a ,b', ['b', 'a']],
    ['empty parts left out', ',,a,,', ['a']],
    ['an over-long key left out', `a,${long},b`, ['a', 'b']],
    ['nothing', '', []],
    ['no parameter', null, []],
  ])('reads a store list: %s', (_rule, text, expected) => {
    expect(readStoreKeys(text)).toEqual(expected);
  });

  it('keeps at most MAX_STORES stores, the first ones', () => {
    const many = Array.from({ length: MAX_STORES + 10 }, (_, n) => `store-${n}`);
    expect(readStoreKeys(many.join(','))).toEqual(many.slice(0, MAX_STORES));
    // Repeats do not take a place.
    expect(readStoreKeys(['a', 'a', 'a', ...many].join(','))).toHaveLength(MAX_STORES);
  });

  it.each<[string, string, Pick<Filters, 'dispensary' | 'stores'>]>([
    ['my stores', '?dispensary=mine&stores=b,a,b', { dispensary: 'mine', stores: ['b', 'a'] }],
    ['commas escaped', '?dispensary=mine&stores=b%2Ca', { dispensary: 'mine', stores: ['b', 'a'] }],
    [
      "'mine' with no store is every dispensary",
      '?dispensary=mine',
      { dispensary: 'all', stores: [] },
    ],
    ["'mine' with empty stores", '?dispensary=mine&stores=,', { dispensary: 'all', stores: [] }],
    ['stores without mine are not read', '?stores=a,b', { dispensary: 'all', stores: [] }],
    [
      'nor beside one dispensary',
      '?dispensary=swade&stores=a',
      { dispensary: 'swade', stores: [] },
    ],
  ])('reads the dispensary choice: %s', (_rule, query, expected) => {
    const { dispensary, stores } = readFilters(query);
    expect({ dispensary, stores }).toEqual(expected);
  });

  it('writes the stores after the dispensary, commas as they are', () => {
    const mine = { ...DEFAULT_FILTERS, dispensary: 'mine', stores: ['swade', 'greenlight'] };
    expect(writeFilters({ ...mine, category: 'vapes', page: 2 })).toBe(
      '?dispensary=mine&stores=swade,greenlight&category=vapes&page=2',
    );
    expect(searchQuery({ ...mine, page: 2 })).toBe('?dispensary=mine&stores=swade,greenlight');
    // Stores beside another choice are written as given, and read as none.
    const beside = writeFilters({ ...mine, dispensary: 'swade' });
    expect(beside).toBe('?dispensary=swade&stores=swade,greenlight');
    expect(writeFilters(readFilters(beside))).toBe('?dispensary=swade');
  });

  it('round-trips a store list, whatever its keys hold but commas', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      dispensary: 'mine',
      stores: ['a&b', 'c d', 'e=f%2C', 'ü'],
    };
    const query = writeFilters({ ...filters, search: 'x,y' });
    expect(query).toBe('?dispensary=mine&stores=a%26b,c+d,e%3Df%252C,%C3%BC&search=x,y');
    expect(readFilters(query)).toEqual({ ...filters, search: 'x,y' });
  });

  describe('withKnownDispensaries', () => {
    const known = new Set(['swade', 'greenlight']);
    const isKnown = (key: string) => known.has(key);
    it.each<[string, string, Pick<Filters, 'dispensary' | 'stores'>]>([
      ['every dispensary', '', { dispensary: 'all', stores: [] }],
      ['a known dispensary', '?dispensary=swade', { dispensary: 'swade', stores: [] }],
      ['an unknown dispensary is every one', '?dispensary=gone', { dispensary: 'all', stores: [] }],
      [
        'unknown stores left out, the order kept',
        '?dispensary=mine&stores=gone,greenlight,swade',
        { dispensary: 'mine', stores: ['greenlight', 'swade'] },
      ],
      [
        'no known store is every dispensary',
        '?dispensary=mine&stores=gone,closed',
        { dispensary: 'all', stores: [] },
      ],
    ])('%s', (_rule, query, expected) => {
      const { dispensary, stores } = withKnownDispensaries(readFilters(query), isKnown);
      expect({ dispensary, stores }).toEqual(expected);
    });

    it('gives the same filters when every dispensary is known', () => {
      const filters = readFilters('?dispensary=mine&stores=swade,greenlight');
      expect(withKnownDispensaries(filters, isKnown)).toBe(filters);
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  changeFilters,
  DEFAULT_FILTERS,
  normalizedQuery,
  readFilters,
  writeFilters,
} from './url-filters';

describe('readFilters', () => {
  it('gives the defaults for an empty query', () => {
    expect(readFilters('')).toEqual({
      dispensary: 'all',
      stores: [],
      category: 'all',
      size: 'any',
      brand: '',
      thc: 'any',
      type: 'any',
      open: 'any',
      sort: 'relevance',
      tax: 'off',
      distance: 'all',
      search: '',
      day: 'today',
      pageSize: 12,
      page: 1,
    });
  });

  it('reads every filter', () => {
    expect(
      readFilters(
        '?dispensary=swade&category=edibles&size=eighth&brand=Good+Day+Farm&thc=25&type=Indica&open=now&sort=price-low&tax=med&distance=10&search=gummy+bears&day=friday&pageSize=48&page=3',
      ),
    ).toEqual({
      dispensary: 'swade',
      stores: [],
      category: 'edibles',
      size: 'eighth',
      brand: 'good day farm',
      thc: '25',
      type: 'Indica',
      open: 'now',
      sort: 'price-low',
      tax: 'med',
      distance: '10',
      search: 'gummy bears',
      day: 'friday',
      pageSize: 48,
      page: 3,
    });
  });

  it.each([
    ['category=candy', 'category', 'all'],
    ['sort=cheapest', 'sort', 'relevance'],
    ['distance=7', 'distance', 'all'],
    ['pageSize=13', 'pageSize', 12],
    ['page=0', 'page', 1],
    ['page=-2', 'page', 1],
    ['page=2.5', 'page', 1],
    ['page=two', 'page', 1],
    ['dispensary=', 'dispensary', 'all'],
    [`dispensary=${'x'.repeat(101)}`, 'dispensary', 'all'],
    ['size=3.5g', 'size', 'any'],
    ['size=1%2F8oz', 'size', 'any'],
    ['size=EIGHTH', 'size', 'any'],
    ['size=constructor', 'size', 'any'],
    ['tax=on', 'tax', 'off'],
    ['tax=REC', 'tax', 'off'],
    ['tax=medical', 'tax', 'off'],
    ['brand=', 'brand', ''],
    ['brand=+++', 'brand', ''],
  ] as const)('falls back to the default for %s', (query, name, expected) => {
    expect(readFilters(`?${query}`)[name]).toBe(expected);
  });

  it('cuts an overlong search', () => {
    expect(readFilters(`?search=${'a'.repeat(500)}`).search).toHaveLength(200);
  });

  it('reads a brand as its key, so any spelling of it is the same filter', () => {
    expect(readFilters('?brand=%20Good%20%20DAY%20Farm%20').brand).toBe('good day farm');
    expect(readFilters(`?brand=${'b'.repeat(500)}`).brand).toHaveLength(200);
  });
});

describe('writeFilters', () => {
  it('leaves the defaults out', () => {
    expect(writeFilters(DEFAULT_FILTERS)).toBe('');
    expect(writeFilters({ ...DEFAULT_FILTERS, category: 'vapes', page: 2 })).toBe(
      '?category=vapes&page=2',
    );
  });

  it('round-trips through readFilters', () => {
    const filters = { ...DEFAULT_FILTERS, search: 'live resin & rosin', pageSize: 24 as const };
    expect(readFilters(writeFilters(filters))).toEqual(filters);
  });

  it('writes the size, brand and tax choices, and reads them back', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      size: 'quarter' as const,
      brand: 'flora & fauna',
      sort: 'real-discount' as const,
      tax: 'rec' as const,
    };
    const query = writeFilters(filters);
    expect(query).toBe('?size=quarter&brand=flora+%26+fauna&sort=real-discount&tax=rec');
    expect(readFilters(query)).toEqual(filters);
  });
});

describe('changeFilters', () => {
  const onPage3 = { ...DEFAULT_FILTERS, page: 3 };

  it.each([
    ['dispensary', { dispensary: 'swade' }],
    ['dispensary to My stores', { dispensary: 'mine', stores: ['swade', 'greenlight'] }],
    ['category', { category: 'flower' as const }],
    ['size', { size: 'ounce' as const }],
    ['brand', { brand: 'wyld' }],
    ['THC', { thc: '30' as const }],
    ['type', { type: 'CBD' as const }],
    ['tax', { tax: 'med' as const }],
    ['sort', { sort: 'price-high' as const }],
    ['distance', { distance: '25' as const }],
    ['search', { search: 'cart' }],
    ['page size', { pageSize: 48 as const }],
  ])('goes back to page 1 when the %s changes', (_name, change) => {
    expect(changeFilters(onPage3, change)).toEqual({ ...onPage3, ...change, page: 1 });
  });

  it('keeps the other filters when only the page changes', () => {
    const filters = { ...DEFAULT_FILTERS, category: 'vapes' as const };
    expect(changeFilters(filters, { page: 4 })).toEqual({ ...filters, page: 4 });
  });
});

describe('normalizedQuery', () => {
  it.each([
    ['', ''],
    ['?category=edibles', '?category=edibles'],
    ['?category=candy&sort=cheapest&pageSize=7&page=zero', ''],
    ['?page=2&category=vapes', '?category=vapes&page=2'],
    ['?day=someday&sort=newest', '?sort=newest'],
    ['?utm_source=x&category=candy', '?utm_source=x'],
    ['?stores=a%2Cb&category=vapes', '?category=vapes'],
    ['?stores=b,a,b&x=1&dispensary=mine', '?dispensary=mine&stores=b,a&x=1'],
    ['?search=blue%20dream', '?search=blue+dream'],
    ['?tax=vat&size=2g&category=flower', '?category=flower'],
    ['?brand=WYLD&tax=rec', '?brand=wyld&tax=rec'],
  ])('%j -> %j', (query, expected) => {
    expect(normalizedQuery(query)).toBe(expected);
  });
});

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
      category: 'all',
      sort: 'relevance',
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
        '?dispensary=swade&category=edibles&sort=price-low&distance=10&search=gummy+bears&day=friday&pageSize=48&page=3',
      ),
    ).toEqual({
      dispensary: 'swade',
      category: 'edibles',
      sort: 'price-low',
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
  ] as const)('falls back to the default for %s', (query, name, expected) => {
    expect(readFilters(`?${query}`)[name]).toBe(expected);
  });

  it('cuts an overlong search', () => {
    expect(readFilters(`?search=${'a'.repeat(500)}`).search).toHaveLength(200);
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
});

describe('changeFilters', () => {
  const onPage3 = { ...DEFAULT_FILTERS, page: 3 };

  it.each([
    ['dispensary', { dispensary: 'swade' }],
    ['category', { category: 'flower' as const }],
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
    ['?search=blue%20dream', '?search=blue+dream'],
  ])('%j -> %j', (query, expected) => {
    expect(normalizedQuery(query)).toBe(expected);
  });
});

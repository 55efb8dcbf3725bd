import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, readFilters, searchQuery, writeFilters } from './url-filters';

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
  });

  it('is empty for the whole list', () => {
    expect(searchQuery(readFilters('?page=2'))).toBe('');
  });

  it('reads back as the same search', () => {
    const filters = readFilters('?dispensary=a%26b&search=50%25+off+%3Cb%3E&day=tomorrow');
    expect(readFilters(searchQuery(filters))).toEqual(filters);
  });
});

import { describe, expect, it } from 'vitest';
import { normalizedQuery } from './url-filters';
import { readProductParam, withProductParam } from './product-param';

describe('the product param', () => {
  it.each<[string, string | null]>([
    ['', null],
    ['?product=', null],
    ['?product=%20%20', null],
    ['?product=cookies%7Cgary%20payton%7C3.5g', 'cookies|gary payton|3.5g'],
    ['?category=flower&product=%20p1%20', 'p1'],
    [`?product=${'x'.repeat(200)}`, 'x'.repeat(200)],
    [`?product=${'x'.repeat(201)}`, null],
  ])('reads %j as %j', (query, key) => {
    expect(readProductParam(query)).toBe(key);
  });

  it('is added and removed leaving the other parameters as they were', () => {
    const opened = withProductParam('?category=flower&utm_source=x', 'a b|c');
    expect(opened).toBe('?category=flower&utm_source=x&product=a+b%7Cc');
    expect(readProductParam(opened)).toBe('a b|c');
    expect(withProductParam(opened, 'other')).toBe('?category=flower&utm_source=x&product=other');
    expect(withProductParam(opened, null)).toBe('?category=flower&utm_source=x');
    expect(withProductParam('?product=p', null)).toBe('');
  });

  it('survives the filters being read and written back', () => {
    const query = withProductParam('?sort=price-low&page=2', 'p1');
    expect(normalizedQuery(query)).toBe(query);
    expect(readProductParam(normalizedQuery('?product=p1&sort=nonsense'))).toBe('p1');
  });
});

import { describe, expect, it } from 'vitest';
import { normalizedQuery } from './url-filters';
import { readDialogParam, withDialogParam } from './dialog-param';

describe('the dialog params', () => {
  it.each<[string, string | null]>([
    ['', null],
    ['?product=', null],
    ['?product=%20%20', null],
    ['?product=cookies%7Cgary%20payton%7C3.5g', 'cookies|gary payton|3.5g'],
    ['?category=flower&product=%20p1%20', 'p1'],
    [`?product=${'x'.repeat(200)}`, 'x'.repeat(200)],
    [`?product=${'x'.repeat(201)}`, null],
  ])('reads the product of %j as %j', (query, key) => {
    expect(readDialogParam(query, 'product')).toBe(key);
  });

  it.each<[string, string | null]>([
    ['?store=swade-ellisville', 'swade-ellisville'],
    ['?store=', null],
    [`?store=${'k'.repeat(101)}`, null],
  ])('reads the store of %j as %j', (query, key) => {
    expect(readDialogParam(query, 'store')).toBe(key);
  });

  it('is added and removed leaving the other parameters as they were', () => {
    const opened = withDialogParam('?category=flower&utm_source=x', 'product', 'a b|c');
    expect(opened).toBe('?category=flower&utm_source=x&product=a+b%7Cc');
    expect(readDialogParam(opened, 'product')).toBe('a b|c');
    expect(withDialogParam(opened, 'product', 'other')).toBe(
      '?category=flower&utm_source=x&product=other',
    );
    expect(withDialogParam(opened, 'product', null)).toBe('?category=flower&utm_source=x');
    expect(withDialogParam('?product=p', 'product', null)).toBe('');
  });

  it('opens one dialog at a time', () => {
    const store = withDialogParam('?sort=price-low&product=p1', 'store', 'mint');
    expect(store).toBe('?sort=price-low&store=mint');
    expect(readDialogParam(store, 'product')).toBeNull();
    expect(withDialogParam(store, 'product', 'p2')).toBe('?sort=price-low&product=p2');
  });

  it('survives the filters being read and written back', () => {
    const query = withDialogParam('?sort=price-low&page=2', 'product', 'p1');
    expect(normalizedQuery(query)).toBe(query);
    expect(readDialogParam(normalizedQuery('?store=mint&sort=nonsense'), 'store')).toBe('mint');
  });
});

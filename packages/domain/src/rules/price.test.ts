import { describe, expect, it } from 'vitest';
import { priceForSorting } from './price';

describe('priceForSorting', () => {
  it.each<[string, number | undefined, number]>([
    ['$30', undefined, 30],
    ['$30 (was $45)', undefined, 30],
    ['$12.50', undefined, 12.5],
    ['$ 9.99 each', undefined, 9.99],
    ['12.5', undefined, 12],
    ['Only 40 dollars', undefined, 40],
    ['25% off', undefined, 25],
    ['2 for $50', undefined, 2],
    ['BOGO', undefined, 0],
    ['', undefined, 0],
    ['$1,200', undefined, 1],
    // a sent salePrice is the true number
    ['2 for $50', 25, 25],
    ['BOGO', 0, 0],
  ])('%j (salePrice %s) -> %s', (price, salePrice, expected) => {
    expect(priceForSorting({ price, ...(salePrice !== undefined ? { salePrice } : {}) })).toBe(
      expected,
    );
  });
});

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
    // Beyond the spec: a percentage is not a price, and no number is no price (NaN sorts last)
    ['25% off', undefined, Number.NaN],
    ['50 % off', undefined, Number.NaN],
    ['25% off, now $30', undefined, 30],
    ['Save 20 percent: $16', undefined, 16],
    ['2 for $50', undefined, 2],
    ['BOGO', undefined, Number.NaN],
    ['', undefined, Number.NaN],
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

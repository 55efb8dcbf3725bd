import { describe, expect, it } from 'vitest';
import type { Deal } from '../contract/deal';
import { checkDealPrices, type PriceProblem } from './deal-prices';

type Numbers = Pick<Deal, 'regularPrice' | 'salePrice' | 'discountPercent' | 'unitPrice'>;

describe('checkDealPrices', () => {
  it.each<[string, Numbers, Numbers, PriceProblem[]]>([
    [
      'consistent prices and percent stay',
      { regularPrice: 40, salePrice: 30, discountPercent: 25 },
      { regularPrice: 40, salePrice: 30, discountPercent: 25 },
      [],
    ],
    [
      'a stated percent the prices do not give is theirs',
      { regularPrice: 40, salePrice: 30, discountPercent: 99 },
      { regularPrice: 40, salePrice: 30, discountPercent: 25 },
      ['percent-from-prices'],
    ],
    [
      'a percent the prices give is filled in',
      { regularPrice: 45, salePrice: 30 },
      { regularPrice: 45, salePrice: 30, discountPercent: 33 },
      [],
    ],
    [
      'prices that save nothing take a stated percent away',
      { regularPrice: 30, salePrice: 30, discountPercent: 50 },
      { regularPrice: 30, salePrice: 30 },
      ['percent-from-prices'],
    ],
    [
      'a free item is 100% off',
      { regularPrice: 40, salePrice: 0, discountPercent: 100 },
      { regularPrice: 40, salePrice: 0, discountPercent: 100 },
      [],
    ],
    [
      'a sale above the regular price leaves out every number',
      {
        regularPrice: 30,
        salePrice: 40,
        discountPercent: 25,
        unitPrice: { amount: 11.43, per: 'g' },
      },
      {},
      ['sale-above-regular'],
    ],
    [
      'a sale price with a regular price of 0 is above it',
      { regularPrice: 0, salePrice: 10 },
      {},
      ['sale-above-regular'],
    ],
    [
      'an absurd price is left out, the percent stays unchecked',
      { regularPrice: 1e308, salePrice: 30, discountPercent: 20 },
      { salePrice: 30, discountPercent: 20 },
      ['price-out-of-range'],
    ],
    [
      'a price over the bound, a negative one, NaN and infinity are left out',
      { regularPrice: 1_000_000.01, salePrice: -5, unitPrice: { amount: NaN, per: 'g' } },
      {},
      ['price-out-of-range'],
    ],
    [
      'an infinite unit price is left out',
      { salePrice: 30, unitPrice: { amount: Infinity, per: 'each' } },
      { salePrice: 30 },
      ['price-out-of-range'],
    ],
    ['a percent outside 0-100 is left out', { discountPercent: 150 }, {}, ['percent-out-of-range']],
    ['a NaN percent is left out', { discountPercent: NaN }, {}, ['percent-out-of-range']],
    ['a percent alone is kept', { discountPercent: 30 }, { discountPercent: 30 }, []],
  ])('%s', (_rule, numbers, expected, problems) => {
    const checked = checkDealPrices(numbers);
    expect(checked.deal).toStrictEqual(expected);
    expect(checked.problems).toEqual(problems);
  });

  it('keeps the other fields, and gives the same deal back when nothing changes', () => {
    const deal = { title: 'Half off', regularPrice: 40, salePrice: 20, discountPercent: 50 };
    expect(checkDealPrices(deal).deal).toBe(deal);
    expect(checkDealPrices({ ...deal, discountPercent: 10 }).deal).toEqual(deal);
  });
});

import { describe, expect, it } from 'vitest';
import type { Deal } from '../contract/deal';
import { realDiscountOf } from './real-discount';

type Memory = Pick<Deal, 'usualPrice' | 'discountCheck'>;

describe('realDiscountOf', () => {
  it.each<[string, Memory, number, number]>([
    ['a quarter below the usual price', { usualPrice: 40, discountCheck: 'real' }, 30, 25],
    ['a multi-buy, by its price per item', { usualPrice: 40, discountCheck: 'real' }, 32.5, 18.75],
    [
      'an inflated claim, from the usual price',
      { usualPrice: 40, discountCheck: 'inflated' },
      36,
      10,
    ],
    ['at the usual price', { usualPrice: 40, discountCheck: 'none' }, 40, 0],
    ['above the usual price: negative', { usualPrice: 40, discountCheck: 'none' }, 50, -25],
    ['no check sent, a usual price', { usualPrice: 20 }, 15, 25],
    ['a tenth, without floating-point noise', { usualPrice: 100, discountCheck: 'real' }, 90, 10],
    ['a third, to a hundredth of a percent', { usualPrice: 30, discountCheck: 'real' }, 20, 33.33],
  ])('%s', (_name, memory, price, percent) => {
    expect(realDiscountOf(memory, price)).toBe(percent);
  });

  it.each<[string, Memory, number]>([
    ['no usual price', { discountCheck: 'real' }, 30],
    ['too few days seen', { usualPrice: 40, discountCheck: 'unknown' }, 30],
    ['a usual price of 0', { usualPrice: 0, discountCheck: 'real' }, 30],
    ['no price', { usualPrice: 40, discountCheck: 'real' }, Number.NaN],
    ['a price of 0', { usualPrice: 40, discountCheck: 'real' }, 0],
    ['an infinite price', { usualPrice: 40, discountCheck: 'real' }, Infinity],
    ['an infinite usual price', { usualPrice: Infinity, discountCheck: 'real' }, 30],
  ])('is unknown (NaN) with %s', (_name, memory, price) => {
    expect(realDiscountOf(memory, price)).toBeNaN();
  });
});

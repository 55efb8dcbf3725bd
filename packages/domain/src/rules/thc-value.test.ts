import { describe, expect, it } from 'vitest';
import type { Deal } from '../contract/deal';
import { thcPerDollar } from './thc-value';

const view = (thc: Deal['thc'], grams?: number) => ({
  deal: { title: 'x', description: '', price: '', imageUrl: '', sourceUrl: '', thc } as Deal,
  grams,
});

describe('thcPerDollar', () => {
  it.each([
    ['an eighth at 20%', view({ min: 20, max: 20, unit: '%' }, 3.5), 700],
    ['a range by its bottom', view({ min: 18, max: 24, unit: '%' }, 1), 180],
    ['a package by its mg', view({ min: 100, max: 100, unit: 'mg' }, 50), 100],
    ['a percent with no weight', view({ min: 20, max: 20, unit: '%' }), Number.NaN],
    ['no THC figure', view(undefined, 3.5), Number.NaN],
  ])('%s', (_, deal, mg) => {
    // At a dollar: the item's milligrams.
    expect(thcPerDollar(deal, 1)).toBe(mg);
  });

  it('divides by the price of an item, unknown for no price', () => {
    const eighth = view({ min: 20, max: 20, unit: '%' }, 3.5);
    expect(thcPerDollar(eighth, 35)).toBe(20);
    expect(thcPerDollar(eighth, 0)).toBeNaN();
    expect(thcPerDollar(eighth, Number.NaN)).toBeNaN();
    expect(thcPerDollar(view(undefined, 3.5), 35)).toBeNaN();
  });
});

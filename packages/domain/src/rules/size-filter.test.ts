import { describe, expect, it } from 'vitest';
import type { Deal } from '../contract/deal';
import { SIZE_FILTERS, type SizeFilter } from '../contract/options';
import { dealGrams, matchesSize } from './size-filter';

describe('dealGrams', () => {
  it.each<[string | undefined, Deal['category'], number]>([
    ['3.5g', 'flower', 3.5],
    ['1/8 oz', 'flower', 3.5],
    ['1/8oz', undefined, 3.5],
    ['eighth', 'flower', 3.5],
    ['3.54 Grams', 'flower', 3.54],
    ['1 oz', 'flower', 28],
    ['half ounce', 'flower', 14],
    ['2 x 0.5g', 'pre-rolls', 1],
    ['1g', 'edibles', 1],
    // A weight sold by weight may be written in milligrams.
    ['1000mg', 'vapes', 1],
    ['500mg', 'concentrates', 0.5],
    // A dose is no weight; nor is a size the reader cannot read, or none.
    ['100mg', 'edibles', Number.NaN],
    ['1000mg', undefined, Number.NaN],
    ['10mg each', 'edibles', Number.NaN],
    ['XL', 'flower', Number.NaN],
    ['N/A', 'flower', Number.NaN],
    ['', 'flower', Number.NaN],
    [undefined, 'flower', Number.NaN],
  ])('%j (%s) weighs %d g', (size, category, grams) => {
    expect(dealGrams({ size, category })).toBe(grams);
  });
});

describe('matchesSize', () => {
  it.each<[SizeFilter, number[], number[]]>([
    ['gram', [0.95, 1, 1.05], [0.9, 0.94, 1.06, 2, 3.5]],
    ['eighth', [3.4, 3.5, 3.54, 3.543, 3.6], [3.39, 3.61, 1, 7]],
    ['quarter', [6.8, 7, 7.09, 7.2], [6.79, 7.21, 3.5, 14]],
    ['half', [13.6, 14, 14.17, 14.4], [13.59, 14.41, 7, 28]],
    ['ounce', [27.2, 28, 28.35, 28.8], [27.19, 28.81, 14, 56]],
  ])('%s takes %j and not %j, nor an unknown weight', (size, taken, refused) => {
    for (const grams of taken) expect(matchesSize(grams, size), `${grams} g`).toBe(true);
    for (const grams of refused) expect(matchesSize(grams, size), `${grams} g`).toBe(false);
    expect(matchesSize(Number.NaN, size)).toBe(false);
  });

  it("'any' takes every deal, of a known weight or not", () => {
    for (const grams of [0.5, 3.5, 100, Number.NaN]) expect(matchesSize(grams, 'any')).toBe(true);
  });

  it('gives every choice but any a range of its own, apart from the others', () => {
    const weights = [1, 3.5, 7, 14, 28];
    const sized = SIZE_FILTERS.filter((size) => size !== 'any');
    for (const [i, size] of sized.entries()) {
      expect(weights.filter((grams) => matchesSize(grams, size))).toEqual([weights[i]]);
    }
  });

  it('takes nothing for a choice that is not one (a hostile value)', () => {
    for (const size of ['constructor', 'toString', '__proto__', '']) {
      expect(matchesSize(1, size as SizeFilter)).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { claimedDiscountsByStore } from './claimed-discounts';
import {
  classPrice,
  MARKET_CLASSES,
  MARKET_MIN_STORES,
  listedMarketClass,
  marketClassOf,
  marketFigures,
  marketTrendPercent,
  type MarketFacts,
  type MarketItem,
  type MarketPrice,
} from './market';
import { marketStanding, marketStandingText } from './market-standing';

describe('marketClassOf', () => {
  it.each<[string, MarketFacts, MarketItem | null]>([
    [
      'an eighth in grams',
      { category: 'flower', size: '3.5g' },
      { classId: 'flower-3.5g', units: 1 },
    ],
    [
      'an eighth as a fraction',
      { category: 'flower', size: '1/8 oz' },
      { classId: 'flower-3.5g', units: 1 },
    ],
    [
      'an eighth by its name',
      { category: 'flower', size: 'eighth' },
      { classId: 'flower-3.5g', units: 1 },
    ],
    [
      'an eighth weighed to 3.54 g',
      { category: 'flower', size: '3.54g' },
      { classId: 'flower-3.5g', units: 1 },
    ],
    ['a gram', { category: 'flower', size: '1g' }, { classId: 'flower-1g', units: 1 }],
    ['a quarter', { category: 'flower', size: '7g' }, { classId: 'flower-7g', units: 1 }],
    ['a half', { category: 'flower', size: '1/2 oz' }, { classId: 'flower-14g', units: 1 }],
    ['an ounce', { category: 'flower', size: '1 oz' }, { classId: 'flower-28g', units: 1 }],
    [
      'an ounce of 28.35 g',
      { category: 'flower', size: '28.35g' },
      { classId: 'flower-28g', units: 1 },
    ],
    ['a 3 g jar is no eighth', { category: 'flower', size: '3g' }, null],
    ['a 5 g jar has no class', { category: 'flower', size: '5g' }, null],
    ['flower in milligrams has no class', { category: 'flower', size: '1000mg' }, null],
    ['a half-gram cart', { category: 'vapes', size: '0.5g' }, { classId: 'vapes-0.5g', units: 1 }],
    [
      'a cart in milligrams',
      { category: 'vapes', size: '500mg' },
      { classId: 'vapes-0.5g', units: 1 },
    ],
    ['a gram cart', { category: 'vapes', size: '1g' }, { classId: 'vapes-1g', units: 1 }],
    ['a 2 g vape has no class', { category: 'vapes', size: '2g' }, null],
    [
      'a half-gram concentrate',
      { category: 'concentrates', size: '.5g' },
      { classId: 'concentrates-0.5g', units: 1 },
    ],
    [
      'a gram of badder',
      { category: 'concentrates', size: '1 gram' },
      { classId: 'concentrates-1g', units: 1 },
    ],
    ['pre-rolls have no class', { category: 'pre-rolls', size: '1g' }, null],
    ['no category, no class', { size: '3.5g' }, null],
    ['no size, no class', { category: 'flower' }, null],
    ['an unreadable size, no class', { category: 'flower', size: '1gC' }, null],
    [
      'an edible by its stated package THC',
      { category: 'edibles', size: '10 x 10mg', thc: { min: 100, max: 100, unit: 'mg' } },
      { classId: 'edibles-100mg', units: 1 },
    ],
    [
      'a 250 mg edible is 2.5 units of 100 mg',
      { category: 'edibles', thc: { min: 250, max: 250, unit: 'mg' } },
      { classId: 'edibles-100mg', units: 2.5 },
    ],
    [
      'an edible by its size in mg',
      { category: 'edibles', size: '100mg' },
      { classId: 'edibles-100mg', units: 1 },
    ],
    [
      'a pack of doses by its total',
      { category: 'edibles', size: '10 x 10mg' },
      { classId: 'edibles-100mg', units: 1 },
    ],
    [
      'a THC range is no figure, whatever the size says',
      { category: 'edibles', size: '100mg', thc: { min: 90, max: 110, unit: 'mg' } },
      null,
    ],
    [
      'a percent is no package figure',
      { category: 'edibles', size: '100mg', thc: { min: 5, max: 5, unit: '%' } },
      null,
    ],
    ['a per-serving 5 mg is no package', { category: 'edibles', size: '5mg' }, null],
    [
      'up to 1,000 mg',
      { category: 'edibles', size: '1000mg' },
      { classId: 'edibles-100mg', units: 10 },
    ],
    ['above any package', { category: 'edibles', size: '2000mg' }, null],
    ['an edible in grams has no class', { category: 'edibles', size: '50g' }, null],
  ])('%s', (_name, product, expected) => {
    expect(marketClassOf(product)).toEqual(expected);
  });

  it('gives every class an id of its category', () => {
    for (const each of MARKET_CLASSES) expect(each.id.startsWith(`${each.category}-`)).toBe(true);
  });
});

describe('listedMarketClass', () => {
  it.each<[string, Parameters<typeof listedMarketClass>[0], string | null]>([
    ['an eighth by its grams', { category: 'flower', grams: 3.5 }, 'flower-3.5g'],
    ['an ounce of 28.35 g', { category: 'flower', grams: 28.35 }, 'flower-28g'],
    ['a half-gram cart', { category: 'vapes', grams: 0.5 }, 'vapes-0.5g'],
    ['a 3 g jar', { category: 'flower', grams: 3 }, null],
    ['no grams', { category: 'flower' }, null],
    ['pre-rolls', { category: 'pre-rolls', grams: 1 }, null],
    [
      'an edible priced per 100 mg',
      { category: 'edibles', unitPrice: { amount: 18, per: '100mg' } },
      'edibles-100mg',
    ],
    ['an edible with no unit price', { category: 'edibles' }, null],
    ['an edible priced each', { category: 'edibles', unitPrice: { amount: 5, per: 'each' } }, null],
  ])('%s', (_name, deal, expected) => {
    expect(listedMarketClass(deal)).toBe(expected);
  });

  it('agrees with marketClassOf on sized deals', () => {
    for (const size of ['1g', '3.5g', '7g', '14g', '28g', '0.5g', '2g', '5g']) {
      for (const category of ['flower', 'vapes', 'concentrates'] as const) {
        const full = marketClassOf({ category, size })?.classId ?? null;
        expect(listedMarketClass({ category, grams: Number.parseFloat(size) }), size).toBe(full);
      }
    }
  });
});

describe('classPrice', () => {
  it.each<[string, number, MarketItem, number]>([
    ['a sized class is its price', 36, { classId: 'flower-3.5g', units: 1 }, 36],
    ['a 250 mg edible per 100 mg', 45, { classId: 'edibles-100mg', units: 2.5 }, 18],
    ['to the cent', 10, { classId: 'edibles-100mg', units: 3 }, 3.33],
  ])('%s', (_name, price, item, expected) => {
    expect(classPrice(price, item)).toBe(expected);
  });
});

const at = (stores: number, prices: number[]): MarketPrice[] =>
  prices.map((price, index) => ({ dispensaryKey: `store-${index % stores}`, price }));

describe('marketFigures', () => {
  it.each<[string, MarketPrice[], ReturnType<typeof marketFigures>]>([
    ['no price, no figures', [], null],
    [
      'an odd count: the middle price',
      at(5, [40, 30, 36, 50, 25]),
      { median: 36, low: 25, high: 50, stores: 5, products: 5, enough: true },
    ],
    [
      'an even count: the mean of the middle two, half a cent up',
      at(2, [30, 30.05]),
      { median: 30.03, low: 30, high: 30.05, stores: 2, products: 2, enough: false },
    ],
    [
      'a store counts once however many products it has',
      at(4, [20, 22, 24, 26, 28, 30, 32, 34]),
      { median: 27, low: 20, high: 34, stores: 4, products: 8, enough: false },
    ],
    [
      'prices that are no price are left out',
      at(5, [0, Number.NaN, 40, -1, 1e308]),
      { median: 40, low: 40, high: 40, stores: 1, products: 1, enough: false },
    ],
  ])('%s', (_name, prices, expected) => {
    expect(marketFigures(prices)).toEqual(expected);
  });

  it(`is enough at ${MARKET_MIN_STORES} stores, not one fewer`, () => {
    const prices = (stores: number) =>
      at(
        stores,
        Array.from({ length: stores }, () => 30),
      );
    expect(marketFigures(prices(MARKET_MIN_STORES))?.enough).toBe(true);
    expect(marketFigures(prices(MARKET_MIN_STORES - 1))?.enough).toBe(false);
  });
});

describe('marketTrendPercent', () => {
  it.each<[string, number[], number | null]>([
    ['no day', [], null],
    ['one day: no change known', [36], null],
    ['down from the first day to the last', [40, 38, 36], -10],
    ['up', [30, 33], 10],
    ['half a percent rounds away from zero', [200, 201], 1],
    ['flat', [36, 30, 36], 0],
  ])('%s', (_name, medians, expected) => {
    const points = medians.map((median, index) => ({ day: `2026-11-${10 + index}`, median }));
    expect(marketTrendPercent(points)).toBe(expected);
  });
});

const eighths = { median: 36, low: 20, high: 60, stores: 9, products: 120, enough: true };
const eighth: MarketItem = { classId: 'flower-3.5g', units: 1 };

describe('marketStandingText', () => {
  it.each<[string, number, MarketItem, typeof eighths, string | null]>([
    [
      'below the median',
      28,
      eighth,
      eighths,
      '22% below the St. Louis median for 1/8 oz flower ($36)',
    ],
    ['above it', 40, eighth, eighths, '11% above the St. Louis median for 1/8 oz flower ($36)'],
    [
      'within half a percent is at it',
      36.15,
      eighth,
      eighths,
      'At the St. Louis median for 1/8 oz flower ($36)',
    ],
    ['too few stores: nothing', 28, eighth, { ...eighths, stores: 4, enough: false }, null],
    [
      'an edible per 100 mg, with cents',
      45,
      { classId: 'edibles-100mg', units: 2.5 },
      { ...eighths, median: 22.5 },
      '20% below the St. Louis median for edibles per 100 mg THC ($22.50)',
    ],
    ['no price: nothing', 0, eighth, eighths, null],
  ])('%s', (_name, price, item, figures, expected) => {
    expect(marketStandingText(marketStanding(price, item, figures), item.classId)).toBe(expected);
  });

  it('says nothing for a class it does not know', () => {
    expect(
      marketStandingText({ standing: 'below', percent: 5, median: 30 }, 'rosin-2g'),
    ).toBeNull();
  });
});

describe('claimedDiscountsByStore', () => {
  const judged = { dispensaryKey: 'a', usualPrice: 40, regularPrice: 50 };
  it.each<
    [
      string,
      Parameters<typeof claimedDiscountsByStore>[0],
      ReturnType<typeof claimedDiscountsByStore>,
    ]
  >([
    [
      'claimed against real, per store',
      [
        { ...judged, salePrice: 30, discountCheck: 'real' },
        { ...judged, salePrice: 40, discountCheck: 'none', discountPercent: 20 },
        {
          ...judged,
          dispensaryKey: 'b',
          salePrice: 35,
          discountCheck: 'inflated',
          regularPrice: 70,
        },
      ],
      [
        { dispensaryKey: 'a', deals: 2, claimedPercent: 30, realPercent: 13, realShare: 0.5 },
        { dispensaryKey: 'b', deals: 1, claimedPercent: 50, realPercent: 13, realShare: 0 },
      ],
    ],
    [
      'a price above its usual one takes nothing off, not a negative percent',
      [{ ...judged, salePrice: 44, discountCheck: 'none', discountPercent: 12 }],
      [{ dispensaryKey: 'a', deals: 1, claimedPercent: 12, realPercent: 0, realShare: 0 }],
    ],
    [
      'unjudged deals and deals claiming nothing are left out',
      [
        { ...judged, salePrice: 30, discountCheck: 'unknown' },
        { ...judged, salePrice: 30 },
        { dispensaryKey: 'a', usualPrice: 40, salePrice: 30, discountCheck: 'real' },
      ],
      [],
    ],
  ])('%s', (_name, deals, expected) => {
    expect(claimedDiscountsByStore(deals)).toEqual(expected);
  });
});

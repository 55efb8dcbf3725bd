import { MAX_MONEY, type Deal } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import type { ProductPrice } from './adapters/shared/product-price';
import { MAX_MENU_PRICES, menuPrices } from './menu-prices';

const deal = (fields: Partial<Deal>): Deal => ({
  title: 'Proper Jealousy',
  description: '',
  price: '',
  imageUrl: '',
  sourceUrl: '',
  ...fields,
});

const product = (key: string, regularPrice?: unknown, salePrice?: unknown): ProductPrice =>
  ({ storeProductKey: key, regularPrice, salePrice }) as ProductPrice;

describe('menuPrices', () => {
  it('prices every product, on a deal or not, at what it sells for', () => {
    const prices = menuPrices(
      [deal({ storeProductKey: 'id:a', regularPrice: 40, salePrice: 30 })],
      [product('id:a', 40, 30), product('id:b', 45), product('id:c', 50, 42.5)],
    );
    expect(prices).toEqual([
      { storeProductKey: 'id:a', salePrice: 30, regularPrice: 40, onDeal: true },
      { storeProductKey: 'id:b', salePrice: 45, regularPrice: 45, onDeal: false },
      { storeProductKey: 'id:c', salePrice: 42.5, regularPrice: 50, onDeal: false },
    ]);
  });

  it("takes a deal's shown price over its product's, and a product's for a deal with none", () => {
    const prices = menuPrices(
      [
        deal({ storeProductKey: 'id:a', regularPrice: 40, salePrice: 28 }),
        deal({ storeProductKey: 'id:bogo', price: 'BOGO' }),
      ],
      [product('id:a', 40, 30), product('id:bogo', 22)],
    );
    expect(prices).toEqual([
      { storeProductKey: 'id:a', salePrice: 28, regularPrice: 40, onDeal: true },
      { storeProductKey: 'id:bogo', salePrice: 22, regularPrice: 22, onDeal: true },
    ]);
  });

  it("carries each price's market class: a deal's from its own facts, a product's as read", () => {
    const eighth = { classId: 'flower-3.5g', units: 1 } as const;
    const prices = menuPrices(
      [
        deal({ storeProductKey: 'id:a', salePrice: 30, category: 'flower', size: '3.5g' }),
        deal({ storeProductKey: 'id:b', salePrice: 12, title: '20% off everything' }),
        deal({
          storeProductKey: 'id:c',
          salePrice: 18,
          category: 'edibles',
          thc: { min: 200, max: 200, unit: 'mg' },
        }),
      ],
      [
        { storeProductKey: 'id:a', regularPrice: 40, market: null },
        { storeProductKey: 'id:d', regularPrice: 36, market: eighth },
        { storeProductKey: 'id:e', regularPrice: 20, market: null },
        { storeProductKey: 'id:f', regularPrice: 20 },
      ],
    );
    expect(prices.map(({ storeProductKey, market }) => [storeProductKey, market])).toEqual([
      ['id:a', eighth],
      ['id:b', undefined],
      ['id:c', { classId: 'edibles-100mg', units: 2 }],
      ['id:d', eighth],
      ['id:e', null],
      ['id:f', undefined],
    ]);
  });

  it("prices a specials page's deals from their own numbers", () => {
    const prices = menuPrices(
      [
        deal({ storeProductKey: 'title:one', regularPrice: 20 }),
        deal({ storeProductKey: 'title:two', salePrice: 15 }),
        deal({ storeProductKey: 'title:store-wide', price: '20% off' }),
      ],
      [],
    );
    expect(prices).toEqual([
      { storeProductKey: 'title:one', salePrice: 20, regularPrice: 20, onDeal: true },
      { storeProductKey: 'title:two', salePrice: 15, regularPrice: null, onDeal: true },
    ]);
  });

  it('keeps one price per key: the first deal, else the first product', () => {
    const prices = menuPrices(
      [
        deal({ storeProductKey: 'id:a', salePrice: 30, regularPrice: 40 }),
        deal({ storeProductKey: 'id:a', salePrice: 25, regularPrice: 40 }),
      ],
      [product('id:b', 10), product('id:a', 40), product('id:b', 12)],
    );
    expect(prices).toEqual([
      { storeProductKey: 'id:a', salePrice: 30, regularPrice: 40, onDeal: true },
      { storeProductKey: 'id:b', salePrice: 10, regularPrice: 10, onDeal: false },
    ]);
  });

  it('reads a sale price at or above the regular price as no sale', () => {
    const prices = menuPrices([], [product('id:a', 40, 40), product('id:b', 40, 55)]);
    expect(prices.map((price) => price.salePrice)).toEqual([40, 40]);
  });

  it.each([
    ['NaN', NaN],
    ['negative', -1],
    ['over MAX_MONEY', MAX_MONEY + 0.01],
    ['1e308', 1e308],
    ['infinite', Number.POSITIVE_INFINITY],
    ['a numeric string', '30'],
    ['a word', 'thirty'],
    ['an object', { amount: 30 }],
    ['zero (not sold in this size)', 0],
    ['null', null],
  ])('gives no price for %s, on a product or a deal', (_, hostile) => {
    const hostileDeal = deal({
      storeProductKey: 'id:deal',
      regularPrice: hostile as number,
      salePrice: hostile as number,
    });
    const prices = menuPrices(
      [hostileDeal],
      [product('id:product', hostile, hostile), product('id:deal', hostile)],
    );
    expect(prices).toEqual([]);
  });

  it('keeps a good regular price beside a hostile sale price', () => {
    expect(menuPrices([], [product('id:a', 40, NaN), product('id:b', 40, -5)])).toEqual([
      { storeProductKey: 'id:a', salePrice: 40, regularPrice: 40, onDeal: false },
      { storeProductKey: 'id:b', salePrice: 40, regularPrice: 40, onDeal: false },
    ]);
  });

  it('rounds to whole cents', () => {
    expect(menuPrices([], [product('id:a', 19.990000000000002)])[0]?.salePrice).toBe(19.99);
  });

  it('leaves out keys the store cannot keep', () => {
    const prices = menuPrices(
      [deal({ storeProductKey: '', salePrice: 5 })],
      [product(' ', 10), product('k'.repeat(101), 10), product(42 as unknown as string, 10)],
    );
    expect(prices).toEqual([]);
  });

  it('is bounded, keeping the prices on deals first', () => {
    const deals = [deal({ storeProductKey: 'id:late', salePrice: 9, regularPrice: 10 })];
    const products = [
      ...Array.from({ length: 5 }, (_, index) => product(`id:${index}`, 10)),
      product('id:late', 10, 9),
    ];
    const prices = menuPrices(deals, products, 3);
    expect(prices.map((price) => price.storeProductKey)).toEqual(['id:late', 'id:0', 'id:1']);
    const many = Array.from({ length: MAX_MENU_PRICES + 10 }, (_, index) =>
      product(`id:${index}`, 10),
    );
    expect(menuPrices([], many)).toHaveLength(MAX_MENU_PRICES);
  });
});

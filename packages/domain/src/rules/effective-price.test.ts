import { describe, expect, it } from 'vitest';
import { MAX_MONEY } from '../contract/constants';
import type { UnitPrice } from '../contract/deal';
import {
  effectivePrice,
  effectivePriceFields,
  type PricedDeal,
  offerText,
} from './effective-price';
import { effectiveUnitPrice } from './price-per-item';

const deal = (overrides: Partial<PricedDeal>): PricedDeal => ({
  title: 'Deal',
  description: '',
  price: '',
  ...overrides,
});

describe('effectivePrice', () => {
  it.each<[string, Partial<PricedDeal>, number | null, string | null]>([
    // Multi-buys as St. Louis menus word them: the amount over the count.
    ['2/$50', { price: '2/$50' }, 25, '2/$50'],
    [
      '2 for 50: "for" makes the amount dollars even without a $',
      { price: '2 for 50' },
      25,
      '2 for 50',
    ],
    ['3 for $100', { price: '3 for $100' }, 100 / 3, '3 for $100'],
    ['2 FOR $55, as written', { price: '2 FOR $55' }, 27.5, '2 FOR $55'],
    ['2 for $65 of a $42 half gram', { price: '2 for $65', regularPrice: 42 }, 32.5, '2 for $65'],
    [
      'a multi-buy in the title',
      { title: 'Carts 2 for $50 all weekend', price: '$30' },
      25,
      '2 for $50',
    ],
    [
      'a multi-buy in the special',
      { specialName: 'Pre-rolls 5 for $20', price: '$6' },
      4,
      '5 for $20',
    ],
    ['two for $50 in words', { price: 'two for $50' }, 25, 'two for $50'],
    ['2 @ $50: an at sign before a price', { price: '2 @ $50', regularPrice: 30 }, 25, '2 @ $50'],
    // No multi-buy, so the sale price the deal sends stands.
    [
      'an at sign before a time is no multi-buy',
      { price: 'Happy hour 4 @ 4:20', salePrice: 30 },
      30,
      null,
    ],
    ['nor before a bare number', { price: 'Doors open 2 @ 5 pm', salePrice: 30 }, 30, null],
    [
      "a price 'each' is one item's",
      { price: 'Limit 2 @ $20 each', salePrice: 20, regularPrice: 25 },
      20,
      null,
    ],
    ["'3 for $10 ea' too", { price: '3 for $10 ea', salePrice: 10 }, 10, null],
    ['a size is no amount, nor a part of it', { price: '2 for 3.5g', salePrice: 40 }, 40, null],
    ['an e-mail address is no multi-buy', { price: '$30, ask 2@store.example' }, 30, null],
    ['$1,200 for a case of 3', { price: '3 for $1,200' }, 400, '3 for $1,200'],
    // A multi-buy dearer per item than the item alone is another product's offer: the item's price.
    ['2 for $100 on a $30 item', { price: '2 for $100', regularPrice: 30 }, 30, null],

    // Buy-and-get offers need the product's price: what is paid over what is received.
    ['BOGO', { price: 'BOGO', regularPrice: 40 }, 20, 'BOGO'],
    ['BOGO 50%: the second at half price', { price: 'BOGO 50%', regularPrice: 40 }, 30, 'BOGO 50%'],
    [
      "'buy any 2, get 1 free'",
      { price: 'Buy any 2, get 1 free', regularPrice: 30 },
      20,
      'Buy any 2, get 1 free',
    ],
    ['B2G1', { price: 'B2G1', regularPrice: 30 }, 20, 'B2G1'],
    [
      'Buy 2 Get 1 Free',
      { description: 'Buy 2 Get 1 Free', regularPrice: 30 },
      20,
      'Buy 2 Get 1 Free',
    ],
    [
      'buy one get one half off',
      { title: 'Wyld: buy one get one half off', regularPrice: 20 },
      15,
      'buy one get one half off',
    ],
    [
      'Buy 1 Smokiez Get the 2nd for a Penny',
      { specialName: 'Buy 1 Smokiez Get the 2nd for a Penny!', regularPrice: 20 },
      10.005,
      'Buy 1 Smokiez Get the 2nd for a Penny',
    ],
    [
      'Buy 2 get 1 for a penny: three items for two prices and a cent',
      { price: 'Buy 2 get 1 for a penny', regularPrice: 30 },
      60.01 / 3,
      'Buy 2 get 1 for a penny',
    ],
    [
      'Buy two pre-rolls, get the third free',
      { description: 'Buy two Good Day Farm pre-rolls, get the third free.', regularPrice: 12 },
      8,
      'Buy two Good Day Farm pre-rolls, get the third free',
    ],
    [
      'buy 1 get 1 for $5',
      { price: 'Buy 1 get 1 for $5', regularPrice: 25 },
      15,
      'Buy 1 get 1 for $5',
    ],
    [
      '2 for 1: two items for the price of one',
      { price: '2 for 1', regularPrice: 12 },
      6,
      '2 for 1',
    ],
    [
      'a BOGO on the sale price',
      { price: '$30 (was $40)', description: 'BOGO', salePrice: 30, regularPrice: 40 },
      15,
      'BOGO',
    ],
    [
      'buy 1 ounce, get 20% off: a saving, not twenty items',
      { description: 'Buy 1 ounce, get 20% off', regularPrice: 100 },
      80,
      null,
    ],
    // Without the product's price a BOGO says nothing of what an item costs; its digits are no price.
    ['B2G1 with no price: not $2', { price: 'B2G1' }, null, null],
    ['Buy 2 Get 1 Free with no price', { price: 'Buy 2 Get 1 Free' }, null, null],
    [
      'buy 1 get 1 for $5 with no price: neither 1 nor $5',
      { price: 'Buy 1 get 1 for $5' },
      null,
      null,
    ],
    [
      '3.5 for $10: no count; an eighth for $10 perhaps, too unsure to read',
      { price: '3.5 for $10' },
      null,
      null,
    ],
    ['3.5 for $10 of a $15 item: its price', { price: '3.5 for $10', regularPrice: 15 }, 15, null],
    ['$2 for $50: an amount, no count, and no price to trust', { price: '$2 for $50' }, null, null],
    [
      'BOGO beside a stated price: the price as stated',
      { title: 'BOGO gummies', price: '$20' },
      20,
      null,
    ],
    // A received item dearer than the product is no offer on it.
    [
      'buy 1 get 1 for $50 on a $25 item',
      { price: 'Buy 1 get 1 for $50', regularPrice: 25 },
      25,
      null,
    ],

    // Savings are taken off the regular price; a sent sale price is the menu's own reckoning.
    ['$5 off eighths', { price: '$5 off eighths', regularPrice: 40 }, 35, null],
    ['20% off all vapes', { title: '20% off all vapes', price: '', regularPrice: 50 }, 40, null],
    ['half price', { price: 'Half price edibles', regularPrice: 18 }, 9, null],
    ['save 15%', { description: 'Veterans save 15%', regularPrice: 20 }, 17, null],
    [
      'a sale price wins over the wording',
      { price: '20% off', salePrice: 35, regularPrice: 50 },
      35,
      null,
    ],
    ['a sale price alone', { price: 'Special', salePrice: 24.5 }, 24.5, null],
    ['$5 off with no price: a saving is no price', { price: '$5 off' }, null, null],
    ['20% off with no price', { price: '20% off' }, null, null],
    ['$5 off a $3 item: about another product', { price: '$5 off', regularPrice: 3 }, 3, null],
    ['a regular price and nothing else', { price: '', regularPrice: 42 }, 42, null],

    // The spec's first number, once offers and dates are out of the text.
    ['a plain price', { price: '$30' }, 30, null],
    ['sale and regular in words', { price: '$30 (was $45)' }, 30, null],
    ['a percent then a price', { price: '25% off, now $30' }, 30, null],
    ['4/20 is a date', { price: '4/20 special' }, null, null],
    ['4/20 then a price', { price: '4/20 special $4.20' }, 4.2, null],
    ['24/7 is the hours', { price: 'Open 24/7' }, null, null],
    ['no number', { price: 'Ask in store' }, null, null],
    ['$0 is no price', { price: '$0' }, null, null],

    // Hostile and odd offers.
    ['2 for $0: nothing is free; no price', { price: '2 for $0' }, null, null],
    ['0 for $50: no items; no price', { price: '0 for $50' }, null, null],
    ['1000 for $1: no store counts so; no price, not $1', { price: '1000 for $1' }, null, null],
    [
      '1000 for $1 beside a sale price: the sale price',
      { price: '1000 for $1', salePrice: 9 },
      9,
      null,
    ],
    ['1 for $10: the price of one, no multi-buy', { price: '1 for $10' }, 10, null],
    ['2/50 without $: could be a date, not read as a multi-buy', { price: '2/50' }, null, null],
    [
      'an amount beyond what a number holds: no price',
      { price: `2 for $${'9'.repeat(400)}` },
      null,
      null,
    ],
    ['a sale price of 0: no price', { price: 'Free', salePrice: 0 }, null, null],
    // The contract's bound: MAX_MONEY ($1,000,000) is the most any price or amount may be.
    [
      'an amount over the bound: no price, though the price per item is within it',
      { price: '2 for $1,500,000' },
      null,
      null,
    ],
    [
      'a regular price at the bound',
      { price: 'B2G1', regularPrice: MAX_MONEY },
      MAX_MONEY * (2 / 3),
      'B2G1',
    ],
    [
      'a regular price over the bound is no price to take a BOGO from',
      { price: 'B2G1', regularPrice: 1e308 },
      null,
      null,
    ],
    ['an ill-written amount is no amount', { price: '2 for $1,20' }, null, null],
  ])('%s', (_name, overrides, each, multiBuy) => {
    const price = effectivePrice(deal(overrides));
    if (each === null) {
      expect(price).toBeNull();
    } else {
      expect(price?.each).toBeCloseTo(each, 9);
      expect(price?.multiBuy).toBe(multiBuy);
    }
  });

  it('reads the price text before the special, the title and the description', () => {
    expect(
      effectivePrice(deal({ price: '3 for $60', specialName: '2 for $50', title: '4 for $60' })),
    ).toEqual({ each: 20, multiBuy: '3 for $60' });
    expect(effectivePrice(deal({ specialName: '2 for $50', title: '4 for $60' }))?.each).toBe(25);
  });
});

describe('effectivePriceFields', () => {
  it('gives the price per item and the multi-buy, as the service sends them', () => {
    expect(effectivePriceFields(deal({ price: '2 for $65', regularPrice: 42 }))).toEqual({
      effectivePrice: 32.5,
      multiBuy: '2 for $65',
    });
    expect(effectivePriceFields(deal({ price: '$30' }))).toEqual({ effectivePrice: 30 });
  });

  it('sends null when the rule finds no price, so the page does not read one of its own', () => {
    expect(effectivePriceFields(deal({ price: '4/20 only' }))).toEqual({ effectivePrice: null });
  });

  it('leaves out a multi-buy phrase longer than the contract carries, keeping the price', () => {
    const long = `buy 2 ${'x'.repeat(150)} ${'y'.repeat(60)} get 1 free`;
    const price = effectivePrice(deal({ price: long, regularPrice: 30 }));
    expect(price?.each).toBe(20);
    expect(price?.multiBuy?.length).toBeGreaterThan(200);
    expect(effectivePriceFields(deal({ price: long, regularPrice: 30 }))).toEqual({
      effectivePrice: 20,
    });
  });
});

describe('effectiveUnitPrice', () => {
  const perGram: UnitPrice = { amount: 84, per: 'g' };

  it('scales the sent unit price to the price per item', () => {
    const half = { price: '2 for $65', regularPrice: 42, unitPrice: perGram };
    expect(effectiveUnitPrice(half, effectivePrice(deal(half)))).toEqual({ amount: 65, per: 'g' });
  });

  it('keeps the sent unit price when the price per item is the price it was worked out at', () => {
    const sale = { price: '$42', salePrice: 42, regularPrice: 50, unitPrice: perGram };
    expect(effectiveUnitPrice(sale, effectivePrice(deal(sale)))).toBe(perGram);
    expect(effectiveUnitPrice({ unitPrice: perGram }, null)).toBe(perGram);
    expect(effectiveUnitPrice({ unitPrice: perGram }, { each: 30, multiBuy: null })).toBe(perGram);
  });

  it('drops the unit price of a multi-buy whose own price is unknown', () => {
    expect(effectiveUnitPrice({ unitPrice: perGram }, { each: 30, multiBuy: '2 for $60' })).toBe(
      undefined,
    );
  });

  it('has none when none was sent', () => {
    expect(effectiveUnitPrice({ regularPrice: 42 }, { each: 21, multiBuy: 'BOGO' })).toBe(
      undefined,
    );
  });
});

describe('offerText', () => {
  it.each<[string, string]>([
    ['2 for $65', '2 for $65'],
    ['2 FOR $65', '2 for $65'],
    ['2/$50', '2/$50'],
    ['B2G1', 'B2G1'],
    ['bogo 50%', 'BOGO 50%'],
    ['BUY 2 GET 1 FREE', 'Buy 2 get 1 free'],
    ['buy any 2, get 1 free', 'Buy any 2, get 1 free'],
    ['Buy 1 Smokiez Get the 2nd for a Penny', 'Buy 1 Smokiez Get the 2nd for a Penny'],
    ['  3  for   $100 ', '3 for $100'],
  ])('%j -> %j', (offer, expected) => {
    expect(offerText(offer)).toBe(expected);
  });
});

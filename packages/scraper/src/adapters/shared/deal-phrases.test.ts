import { describe, expect, it } from 'vitest';
import { bundlePhraseIn, buyXGetYIn, isSizeNamed, sizesNamedIn } from './deal-phrases';

describe('bundlePhraseIn', () => {
  it.each([
    ['BOGO WANA GUMMIES', 'BOGO'],
    ['B2G1 pre-rolls', 'B2G1'],
    ['Buy 1 Get 1 free Robhots', 'Buy 1 Get 1 free'],
    ['2 for $50 Sinse carts', '2 for $50'],
    ['3/$60 eighths', '3/$60'],
    ['25% off', undefined],
    ['Bogota Kush', undefined],
    // Buy X, get Y as written, in every way stores write it.
    ['Buy 2 Get 1 Proper Pre-Rolls', 'Buy 2 Get 1'],
    ['Proper pre-rolls: buy two get one free', 'buy two get one free'],
    ['Buy Two, Get One Free on Keef', 'Buy Two, Get One Free'],
    ['BUY2GET1 carts', 'BUY2GET1'],
    ['B4G1 FREE pre-rolls', 'B4G1 FREE'],
    // A percent after 'get' is the reward, not a count.
    ['Buy 2 Vapes Get 25% off', 'Buy 2 Vapes Get'],
    ['Buy 2 get 15% off', 'Buy 2 get'],
  ])('%s -> %s', (input, phrase) => {
    expect(bundlePhraseIn(input)).toBe(phrase);
  });
});

describe('buyXGetYIn', () => {
  it.each([
    ['BOGO Keef Edibles', { phrase: 'BOGO', buy: 1, get: 1 }],
    ['B1G1 Wana', { phrase: 'B1G1', buy: 1, get: 1 }],
    ['B2G1 Proper Pre-Rolls', { phrase: 'B2G1', buy: 2, get: 1 }],
    ['Buy 2 Get 1 Proper Pre-Rolls', { phrase: 'Buy 2 Get 1', buy: 2, get: 1 }],
    ['buy two get one free', { phrase: 'buy two get one free', buy: 2, get: 1 }],
    ['Buy one, get one 50% off', { phrase: 'Buy one, get one', buy: 1, get: 1 }],
    ['Buy 2 Vapes Get 25% off', undefined],
    ['Buy online, get it today', undefined],
  ])('%s', (input, expected) => {
    expect(buyXGetYIn(input)).toEqual(expected);
  });
});

describe('sizesNamedIn and isSizeNamed', () => {
  it.each([
    ['4 for $110 Proper Eighths', [{ grams: 3.5 }]],
    ['$5 Off Flora Farms 3.5g', [{ grams: 3.5 }]],
    ['2 for $100 1/4 oz', [{ grams: 7 }]],
    ['Quarters for $60', [{ grams: 7 }]],
    ['Half ounce Thursday', [{ grams: 14 }]],
    ['Ounces $150', [{ grams: 28 }]],
    ['Mix and match any two half-gram cartridges', [{ grams: 0.5 }]],
    ['BOGO 100mg gummies', [{ milligrams: 100 }]],
    ['B2G1 Proper Pre-Rolls', []],
    ['2 for $60 Carts', []],
    ['Half Off Smalls', []],
  ])('%s', (input, sizes) => {
    expect(sizesNamedIn(input)).toEqual(sizes);
  });

  it('matches menu sizes as platforms write them', () => {
    const eighths = sizesNamedIn('Eighths');
    expect(['1/8oz', '3.5g', '1/8 oz', '3.5 g'].every((size) => isSizeNamed(eighths, size))).toBe(
      true,
    );
    expect(
      ['1/4oz', '7g', '1g', 'Each', undefined].some((size) => isSizeNamed(eighths, size)),
    ).toBe(false);
    expect(isSizeNamed(sizesNamedIn('100mg'), '100mg')).toBe(true);
    expect(isSizeNamed(sizesNamedIn('100mg'), '200mg')).toBe(false);
  });
});

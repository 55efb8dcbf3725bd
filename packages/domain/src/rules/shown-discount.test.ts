import { describe, expect, it } from 'vitest';
import { shownDiscountText } from './shown-discount-text';
import {
  isDiscounted,
  shownDiscount,
  shownPercent,
  showsDealBadge,
  usualPriceLine,
  type DiscountFacts,
} from './shown-discount';

describe('shownDiscount', () => {
  it.each<[string, DiscountFacts, number, ReturnType<typeof shownDiscount>]>([
    [
      'a real discount, against the usual price',
      { usualPrice: 40, discountCheck: 'real', salePrice: 30, regularPrice: 60 },
      30,
      { basis: 'usual', usualPrice: 40, percent: 25, standing: 'below' },
    ],
    [
      'an inflated claim: the usual price, not the claimed one',
      { usualPrice: 52, discountCheck: 'inflated', salePrice: 32, regularPrice: 64 },
      32,
      { basis: 'usual', usualPrice: 52, percent: 38.46, standing: 'below' },
    ],
    [
      'a multi-buy, by its price per item',
      { usualPrice: 40, discountCheck: 'none', salePrice: 40 },
      32.5,
      { basis: 'usual', usualPrice: 40, percent: 18.75, standing: 'below' },
    ],
    [
      'at the usual price, whatever the store claims',
      { usualPrice: 40, discountCheck: 'none', salePrice: 40, discountPercent: 20 },
      40,
      { basis: 'usual', usualPrice: 40, percent: 0, standing: 'at' },
    ],
    [
      'less than half a percent below is at it',
      { usualPrice: 50, discountCheck: 'real', salePrice: 49.9 },
      49.9,
      { basis: 'usual', usualPrice: 50, percent: 0.2, standing: 'at' },
    ],
    [
      'above the usual price: negative',
      { usualPrice: 50, discountCheck: 'inflated', salePrice: 61, regularPrice: 71 },
      61,
      { basis: 'usual', usualPrice: 50, percent: -22, standing: 'above' },
    ],
    [
      'a cent above is above',
      { usualPrice: 50, discountCheck: 'none' },
      50.01,
      { basis: 'usual', usualPrice: 50, percent: -0.02, standing: 'above' },
    ],
    [
      'a third, to a hundredth of a percent',
      { usualPrice: 30, discountCheck: 'real' },
      20,
      { basis: 'usual', usualPrice: 30, percent: 33.33, standing: 'below' },
    ],
    [
      'too few days seen: the claim, from the prices',
      { usualPrice: 40, discountCheck: 'unknown', salePrice: 30, regularPrice: 60 },
      30,
      { basis: 'claimed', percent: 50, regularPrice: 60 },
    ],
    [
      'no check sent: the claim as sent',
      { usualPrice: 40, discountPercent: 99, salePrice: 30, regularPrice: 4000 },
      30,
      { basis: 'claimed', percent: 99, regularPrice: 4000 },
    ],
    [
      'a usual price of 0 cannot judge',
      { usualPrice: 0, discountCheck: 'real', salePrice: 30 },
      30,
      { basis: 'claimed', percent: Number.NaN, regularPrice: null },
    ],
    [
      'no price cannot be judged',
      { usualPrice: 40, discountCheck: 'real', discountPercent: 20 },
      Number.NaN,
      { basis: 'claimed', percent: 20, regularPrice: null },
    ],
    [
      'an infinite price cannot be judged',
      { usualPrice: 40, discountCheck: 'real' },
      Infinity,
      { basis: 'claimed', percent: Number.NaN, regularPrice: null },
    ],
    [
      'a regular price at the sale price is no claim',
      { salePrice: 30, regularPrice: 30 },
      30,
      { basis: 'claimed', percent: Number.NaN, regularPrice: null },
    ],
  ])('%s', (_, deal, price, expected) => {
    expect(shownDiscount(deal, price)).toEqual(expected);
  });
});

describe('what each surface reads of the verdict', () => {
  const verdicts = {
    below: shownDiscount({ usualPrice: 52, discountCheck: 'inflated' }, 32),
    at: shownDiscount({ usualPrice: 50, discountCheck: 'real' }, 50),
    above: shownDiscount({ usualPrice: 50, discountCheck: 'none' }, 61),
    claimed: shownDiscount({ discountCheck: 'unknown', salePrice: 30, regularPrice: 64 }, 30),
    unclaimed: shownDiscount({ salePrice: 30 }, 30),
  };
  const price = { below: 32, at: 50, above: 61, claimed: 30, unclaimed: 30 };

  it.each<[keyof typeof verdicts, number | null, boolean, boolean, boolean, string | null]>([
    // verdict, chip, badge with words, badge without words, discounted, text
    ['below', 38, true, true, true, 'Usual $52, 38% off'],
    ['at', null, false, false, false, 'Its usual price'],
    ['above', null, false, false, false, '$11 above its usual price'],
    ['claimed', 53, true, false, true, '53% off (claimed)'],
    ['unclaimed', null, true, false, true, null],
  ])('%s', (kind, chip, badgeWithWords, badgeWithout, discounted, text) => {
    const shown = verdicts[kind];
    expect(shownPercent(shown)).toBe(chip);
    expect(showsDealBadge(shown, true)).toBe(badgeWithWords);
    expect(showsDealBadge(shown, false)).toBe(badgeWithout);
    expect(isDiscounted(shown)).toBe(discounted);
    expect(shownDiscountText(shown, price[kind])).toBe(text);
  });

  it('names the usual price beside today’s, in the card’s money', () => {
    expect(usualPriceLine(verdicts.below, 32)).toBe('Usual $52');
    expect(usualPriceLine(verdicts.claimed, 30)).toBeNull();
    const cents = shownDiscount({ usualPrice: 39.99, discountCheck: 'none' }, 44.49);
    expect(usualPriceLine(cents, 44.49)).toBe('$4.50 above its usual price');
  });
});

import { describe, expect, it } from 'vitest';
import { decimalText, dollarsText, wholeNumberText } from './number-text';

const intl = (digits: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Prices, unit prices (divisions), ties on the decimal form, tiny and huge numbers. */
const VALUES = [
  0,
  0.004,
  0.005,
  0.05,
  0.5,
  1,
  1.005,
  2.675,
  8.575,
  9.995,
  999.995,
  1234.5,
  99_999.95,
  1e-7,
  5e-324,
  1e21,
  1.2345e25,
  123_456_789.125,
  Number.MAX_SAFE_INTEGER,
  ...Array.from({ length: 400 }, (_, index) => (index * 37) / 7),
  ...Array.from({ length: 400 }, (_, index) => index / 8 + index * 1.1),
];

describe('decimalText', () => {
  it.each([0, 1, 2])("writes what Intl's US English writes, %i decimals", (digits) => {
    const format = intl(digits);
    for (const value of VALUES) {
      expect(decimalText(value, digits)).toBe(format.format(value));
      expect(decimalText(-value - 1, digits)).toBe(format.format(-value - 1));
    }
  });

  it('rounds the shortest decimal half away from zero, as toFixed does not', () => {
    expect(decimalText(2.675, 2)).toBe('2.68');
    expect((2.675).toFixed(2)).toBe('2.67');
    expect(decimalText(-2.675, 2)).toBe('-2.68');
    expect(decimalText(999.95, 1)).toBe('1,000.0');
  });

  it('writes zero without a sign, and what is not a number as Intl does', () => {
    expect(decimalText(-0, 1)).toBe('0.0');
    expect(decimalText(Number.NaN, 2)).toBe('NaN');
    expect(decimalText(Number.POSITIVE_INFINITY, 0)).toBe('∞');
    expect(decimalText(Number.NEGATIVE_INFINITY, 0)).toBe('-∞');
  });
});

describe('wholeNumberText and dollarsText', () => {
  it('group thousands and put the dollar sign after a minus', () => {
    expect(wholeNumberText(12_345)).toBe('12,345');
    expect(wholeNumberText(999.5)).toBe('1,000');
    expect(dollarsText(24.5, { cents: true })).toBe('$24.50');
    expect(dollarsText(25, { cents: false })).toBe('$25');
    expect(dollarsText(-5, { cents: true })).toBe('-$5.00');
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const value of VALUES) expect(dollarsText(value, { cents: true })).toBe(usd.format(value));
  });
});

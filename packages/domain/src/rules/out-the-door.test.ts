import { describe, expect, it } from 'vitest';
import type { DispensaryTax } from '../contract/dispensary';
import { outTheDoorPrice, outTheDoorText, type TaxMode } from './out-the-door';

/** A store's rates: a percent, or null for unknown. */
function rates(localMarijuana: number | null, sales: number | null): DispensaryTax {
  const part = (rate: number | null) =>
    rate === null ? { rate, status: 'unknown' as const } : { rate, status: 'verified' as const };
  return { localMarijuana: part(localMarijuana), sales: part(sales) };
}

describe('outTheDoorPrice', () => {
  it.each<[string, number, DispensaryTax | undefined, TaxMode, number, number, string[]]>([
    // 25.00 * (1 + 0.06 + 0.03 + 0.09679) = 29.66975 -> 29.67
    ['St. Louis City, adult-use', 25, rates(3, 9.679), 'rec', 29.67, 18.679, []],
    // the local marijuana tax never applies to a medical sale
    ['St. Louis City, medical', 25, rates(3, 9.679), 'med', 28.42, 13.679, []],
    ['a city without a local marijuana tax', 40, rates(0, 9.113), 'rec', 46.05, 15.113, []],
    [
      'local marijuana tax unknown, adult-use',
      20,
      rates(null, 8.738),
      'rec',
      22.95,
      14.738,
      ['local-marijuana'],
    ],
    [
      'local marijuana tax unknown, medical: nothing missing',
      20,
      rates(null, 8.738),
      'med',
      22.55,
      12.738,
      [],
    ],
    ['sales tax unknown', 50, rates(3, null), 'rec', 54.5, 9, ['sales']],
    ['sales tax unknown, medical', 50, rates(3, null), 'med', 52, 4, ['sales']],
    ['no rates for the store', 10, undefined, 'rec', 10.6, 6, ['local-marijuana', 'sales']],
    ['no rates for the store, medical', 10, undefined, 'med', 10.4, 4, ['sales']],
    ['a free item', 0, rates(3, 9.679), 'rec', 0, 18.679, []],
    // 8.33 (a '3 for $25' item) is read as 833 cents: 833 * 0.18679 = 155.596 -> 156
    ['a price per item of a multi-buy', 25 / 3, rates(3, 9.679), 'rec', 9.89, 18.679, []],
    // exactly half a cent of tax rounds up: 50 cents * 7% = 3.5 cents
    ['half a cent', 0.5, rates(0, 1), 'rec', 0.54, 7, []],
  ])('%s', (_case, shelf, storeRates, mode, total, rate, missing) => {
    const price = outTheDoorPrice(shelf, storeRates, mode);
    expect(price).toEqual({ total, rate, estimate: missing.length > 0, missing });
  });

  it('adds the rates, each on the shelf price, rather than taxing a tax', () => {
    // Compounded, 6% then 3% then 8.988% on $100 would be $118.99; added, it is $117.99.
    expect(outTheDoorPrice(100, rates(3, 8.988), 'rec').total).toBe(117.99);
    expect(outTheDoorPrice(100, rates(3, 8.988), 'rec').rate).toBe(17.988);
  });

  it('keeps the rate a clean sum of the parts (no binary fractions)', () => {
    expect(outTheDoorPrice(1, rates(3, 9.679), 'rec').rate).toBe(18.679);
    expect(outTheDoorPrice(1, rates(0.1, 0.2), 'rec').rate).toBe(6.3);
  });

  it.each([
    ['a negative price', -1],
    ['NaN', Number.NaN],
    ['Infinity', Infinity],
    ['a price above MAX_MONEY', 1_000_001],
  ])('refuses %s with a RangeError naming the price', (_case, shelf) => {
    expect(() => outTheDoorPrice(shelf, rates(3, 9), 'rec')).toThrow(RangeError);
    expect(() => outTheDoorPrice(shelf, rates(3, 9), 'rec')).toThrow(/shelf price/);
  });

  it('refuses a mode that is neither rec nor med', () => {
    expect(() => outTheDoorPrice(10, rates(3, 9), 'adult' as TaxMode)).toThrow(
      new RangeError("A sale is 'rec' or 'med'; got adult"),
    );
  });

  it.each([
    ['a negative local rate', rates(-3, 9), /local marijuana tax rate/],
    ['a sales rate of NaN', rates(3, Number.NaN), /sales tax rate/],
    ['a sales rate above 100', rates(3, 101), /sales tax rate/],
  ])('refuses %s with a RangeError naming the part', (_case, storeRates, message) => {
    expect(() => outTheDoorPrice(10, storeRates, 'rec')).toThrow(RangeError);
    expect(() => outTheDoorPrice(10, storeRates, 'rec')).toThrow(message);
  });
});

describe('outTheDoorText', () => {
  it.each<[Parameters<typeof outTheDoorText>[0], string]>([
    [{ total: 27.43, missing: [] }, '~$27.43 with tax'],
    [{ total: 26.5, missing: ['sales'] }, '~$26.50 with tax (estimate: sales tax unknown)'],
    [
      { total: 26.5, missing: ['local-marijuana'] },
      '~$26.50 with tax (estimate: local tax unknown)',
    ],
    [
      { total: 25.44, missing: ['local-marijuana', 'sales'] },
      '~$25.44 with tax (estimate: local and sales tax unknown)',
    ],
    [{ total: 1234.5, missing: [] }, '~$1,234.50 with tax'],
    [{ total: 0, missing: [] }, '~$0.00 with tax'],
  ])('%j -> %s', (price, text) => {
    expect(outTheDoorText(price)).toBe(text);
  });
});

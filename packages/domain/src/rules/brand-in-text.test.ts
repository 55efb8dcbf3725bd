import { describe, expect, it } from 'vitest';
import { BRAND_LOGOS } from '../data/brand-logos';
import { MISSOURI_BRANDS } from '../data/missouri-brands';
import { brandInText, type BrandTexts } from './brand-in-text';

const product = (title: string, description = ''): BrandTexts => ({
  title,
  description,
  product: true,
});
const offer = (title: string, description = ''): BrandTexts => ({ title, description });

describe('brandInText (a deal’s own words)', () => {
  it.each<[string, BrandTexts, string | undefined]>([
    // Safe spellings, anywhere, in any case.
    ['a safe spelling leading the title', product('Robhots Cherry Lime 100mg'), 'Robhots'],
    ['a safe spelling inside it', offer('25% off Flora Farms flower'), 'Flora Farms'],
    ['in capitals', offer('30% OFF HEAD CHANGE VAPES'), 'Head Change'],
    ['run together', offer('BOGO headchange rosin'), 'Head Change'],
    ['written another way', product('Good Day Farms Blue Dream 3.5g'), 'Good Day Farm'],
    ['an apostrophe left out', product('Missouris Own Gelato 3.5g'), "Missouri's Own"],
    ['a curly apostrophe', product('Missouri’s Own Gelato 3.5g'), "Missouri's Own"],
    ['the longest spelling wins', product('Platinum Vape Blue Dream Cart 1g'), 'Platinum Vape'],
    ['one of two close names', offer('20% off Cloud Cover concentrates'), 'Cloud Cover'],
    ['the other one', offer('20% off Cloud 9 edibles'), 'Cloud Nine'],
    [
      'in the description when the title names none',
      offer('Weekend Deal', '30% off Wyld gummies'),
      'Wyld',
    ],
    // Whole words only.
    ['not inside a word (clover)', product('Clover Kush 3.5g'), undefined],
    ['not a prefix of a word', offer('Iwanaa Sale', '20% off'), undefined],
    ['C4 is not C45', product('C45 Haze 3.5g'), undefined],
    // Ordinary words count only as a product's brand.
    [
      'an ordinary brand leading a product',
      product('Proper Blue Dream', '3.5g · Indica'),
      'Proper',
    ],
    ['an abbreviation leading a product', product('GDF Oreoz 3.5g'), 'Good Day Farm'],
    ['an ordinary brand after by', offer('Blue Dream by Vivid', '20% off'), 'Vivid'],
    [
      'an ordinary brand after a Brand label',
      offer('Featured', 'Brand: Elevate · 20% off'),
      'Elevate',
    ],
    ['not leading a store-wide offer', offer('Proper Savings', '20% off everything'), undefined],
    ['not in the middle of a title', product('Get the proper eighth 3.5g'), undefined],
    ['not without a capital', product('proper blue dream 3.5g'), undefined],
    ['not after by without a capital', offer('Stop by elevate', '20% off'), undefined],
    ['not before a little word', product('Elevate Your Weekend', '20% off eighths'), undefined],
    ['not alone', product('Vivid', '3.5g'), undefined],
    ['not a strain’s name', product('Platinum Cookies 3.5g'), undefined],
    ['not a strain’s name (cookies)', product('Cookies and Cream 3.5g'), undefined],
    ['a strain word in the middle', product('Purple Haze 3.5g'), undefined],
    [
      'an ordinary word in the description',
      offer('Weekly Deal', 'Proper Blue Dream 20% off'),
      undefined,
    ],
    // Two brands: a special on both.
    ['two brands', offer('25% off Wyld and Robhots'), undefined],
    ['one brand twice', offer('Wyld Wednesday', '20% off all Wyld gummies'), 'Wyld'],
    // None.
    ['no brand', offer('Munchie Monday', '15% off edibles'), undefined],
    ['empty', offer(''), undefined],
  ])('%s', (_, texts, expected) => {
    expect(brandInText(texts)).toBe(expected);
  });

  it('reads the page’s own store as its store, not a brand, unless a product names it', () => {
    const storeNames = ['Good Day Farm Central West End'];
    expect(brandInText({ title: 'Shop Good Day Farm online for 10% off', storeNames })).toBe(
      undefined,
    );
    expect(brandInText({ title: 'Good Day Farm Blue Dream 3.5g', product: true, storeNames })).toBe(
      'Good Day Farm',
    );
    expect(brandInText({ title: 'Greenlight Gas 3.5g', product: true, storeNames })).toBe(
      'Greenlight',
    );
  });

  it('reads a bounded text and hostile input without failing', () => {
    expect(brandInText(offer(`${'a '.repeat(100_000)}Robhots`))).toBe(undefined);
    expect(brandInText(offer('\u0000\u202e Robhots <script>'))).toBe('Robhots');
  });
});

describe('MISSOURI_BRANDS', () => {
  it('names every brand with a logo under the logo table’s name and spellings', () => {
    for (const logo of BRAND_LOGOS) {
      const brand = MISSOURI_BRANDS.find((each) => each.brand === logo.brand);
      expect(brand?.spellings).toEqual(logo.keywords);
      expect(brand?.ordinary ?? []).toEqual(
        expect.arrayContaining([...(logo.brandFieldKeywords ?? [])]),
      );
    }
  });

  it('names each brand once and each spelling for one brand', () => {
    const names = MISSOURI_BRANDS.map((each) => each.brand);
    expect(new Set(names).size).toBe(names.length);
    const spellings = MISSOURI_BRANDS.flatMap((each) => [
      ...each.spellings,
      ...(each.ordinary ?? []),
    ]);
    expect(new Set(spellings).size).toBe(spellings.length);
  });
});

import { describe, expect, it } from 'vitest';
import { doseOption, productSize, readSize, sizeInText, unitPrice, type Measure } from './size';

const g = (amount: number): Measure => ({ amount, unit: 'g' });
const mg = (amount: number): Measure => ({ amount, unit: 'mg' });

describe('readSize: a size field read as a whole', () => {
  it.each<[unknown, Measure | undefined]>([
    ['3.5g', g(3.5)],
    ['3.5 g', g(3.5)],
    ['.5g', g(0.5)],
    ['1 gram', g(1)],
    ['3.5 Grams', g(3.5)],
    ['5 g', g(5)],
    ['1/8oz', g(3.5)],
    ['1/8 oz', g(3.5)],
    ['1/2 oz', g(14)],
    ['1/4 OZ', g(7)],
    ['1 oz', g(28)],
    ['1 ounce', g(28)],
    ['eighth ounce', g(3.5)],
    ['half gram', g(0.5)],
    ['Quarter', g(7)],
    ['100mg', mg(100)],
    ['100 MG', mg(100)],
    ['10 x 10mg', mg(100)],
    ['10mg ea | 10-Pack', mg(100)],
    ['0.5g ea | 2-Pack', g(1)],
    ['2 x 0.5g', g(1)],
    // Raw platform labels are no sizes.
    ['1gC', undefined],
    ['N/A', undefined],
    ['XL', undefined],
    ['each', undefined],
    ['10mg each', undefined],
    ['0g', undefined],
    ['constructor', undefined],
    ['__proto__', undefined],
    [undefined, undefined],
    [42, undefined],
  ])('%j -> %j', (size, measure) => {
    expect(readSize(size)).toEqual(measure);
  });
});

describe('sizeInText: the size a product name states', () => {
  it.each<[string, Measure | undefined]>([
    ['Grape Gas | 3.5g', g(3.5)],
    ['Mr Jack (S) (3.5g)', g(3.5)],
    ['Blue Dream 1/2 oz', g(14)],
    ['Sour Diesel Half Ounce', g(14)],
    ['Jack Herer 1 Gram Pre-Roll', g(1)],
    ['OMC - Chernobyl - 5g - Shake', g(5)],
    ['Wana Gummies 10pk 100MG', mg(100)],
    ['RSO Tincture 1000mg 30ml (60mg each)', mg(1000)],
    ['Gummies 10mg each', mg(10)],
    ['Dogwalkers 5 x 0.35g', g(1.75)],
    ['Live Resin 800mg/g 1g', g(1)],
    ['1:1 Gummies 100mg THC 100mg CBD', mg(200)],
    ['WYLD Peach 2:1 CBD + Hybrid Gummies 100:50mg', mg(150)],
    ['1000mg CBD Only 60mg each', mg(1000)],
    ['Gelato 41', undefined],
    ['Cart 1gC', undefined],
  ])('%s -> %j', (name, measure) => {
    expect(sizeInText(name)).toEqual(measure);
  });
});

describe('productSize', () => {
  it('keeps the first readable field as written', () => {
    expect(productSize(['1/8 oz', '3.5g'])).toBe('1/8 oz');
    expect(productSize(['  3.5   Grams '])).toBe('3.5 Grams');
  });

  it('never passes a raw label through: the name says the size, or there is none', () => {
    expect(productSize(['1gC'], 'Rove Cart 1g')).toBe('1g');
    expect(productSize(['N/A'], 'Kiva Bar 100mg')).toBe('100mg');
    expect(productSize(['N/A', undefined, 7], 'Grinder')).toBeUndefined();
  });

  it('writes a size read from a name plainly', () => {
    expect(productSize([], 'Blue Dream 1/2 oz')).toBe('14g');
  });

  // What adapters pass: a platform's option, amount or weight field, then the product's name.
  it.each<[string, string, string]>([
    // A field holding a piece's serving the name counts gives way to the pack's total.
    ['60mg', '1000mg CBD Only 60mg each', '1000mg'],
    ['10mg', 'Camino Gummies 100mg (10 x 10mg)', '100mg'],
    ['5mg', 'Mints 10pk 5mg each 50mg', '50mg'],
    ['.5g', 'Billy the kid | Banana berry kush | 3pk x .5g', '1.5g'],
    // A field holding one cannabinoid's share of a ratio gives way to the ratio's total.
    ['50mg', 'WYLD Peach 2:1 CBD + Hybrid Gummies 100:50mg', '150mg'],
    ['10mg', 'Camino 1:1 THC:CBD 10mg:10mg', '20mg'],
    ['5mg', 'Wana 20:1 100mg', '100mg'],
    ['10mg', 'Gron Fun Size Pearls 1:1 CBG:THC - 20mg', '20mg'],
  ])('a field of %s on %j is a part of the total: %s', (field, name, size) => {
    expect(productSize([field], name)).toBe(size);
  });

  it.each<[string, string]>([
    // The field is the total the name's ratio share is part of.
    ['100mg', 'WYLD Strawberry 20:1 CBD:THC - 10mg'],
    // A price slot's weight is what the price buys, whatever weight the name states.
    ['1/8 oz', 'Baklava | Indoor Flower - 10g Big Buds'],
    ['1g', 'Dogwalkers 5 x 0.35g'],
    ['100mg', 'Kiva Bar 100mg'],
  ])('keeps a field of %s on %j', (field, name) => {
    expect(productSize([field], name)).toBe(field);
  });
});

describe('unitPrice: the one rule', () => {
  it.each<
    [
      number | undefined,
      string | undefined,
      Parameters<typeof unitPrice>[2],
      ReturnType<typeof unitPrice>,
    ]
  >([
    [35, '3.5g', 'flower', { amount: 10, per: 'g' }],
    [25, '1/8oz', 'flower', { amount: 7.14, per: 'g' }],
    [100, '1/2 oz', 'flower', { amount: 7.14, per: 'g' }],
    [40, '1g', 'vapes', { amount: 40, per: 'g' }],
    [30, '500mg', 'vapes', { amount: 60, per: 'g' }],
    [18, '100mg', 'edibles', { amount: 18, per: '100mg' }],
    [20, '200mg', 'edibles', { amount: 10, per: '100mg' }],
    [20, '10mg ea | 10-Pack', 'edibles', { amount: 20, per: '100mg' }],
    [18, '3.5g', 'edibles', undefined],
    [18, '100mg', 'topicals', undefined],
    [35, '1gC', 'vapes', undefined],
    [35, undefined, 'flower', undefined],
    [undefined, '3.5g', 'flower', undefined],
  ])('%s for %j of %s -> %j', (price, size, category, expected) => {
    expect(unitPrice(price, size, category)).toEqual(expected);
  });
});

describe('doseOption', () => {
  it('reads a POS edible or topical option in grams as its THC dose', () => {
    expect(doseOption('.1g', 'edibles')).toBe('100mg');
    expect(doseOption('0.025g', 'edibles')).toBe('25mg');
    expect(doseOption('.1g', 'topicals')).toBe('100mg');
  });

  it('leaves weights, doses already in mg and other categories alone', () => {
    expect(doseOption('1g', 'edibles')).toBe('1g');
    expect(doseOption('100mg', 'edibles')).toBe('100mg');
    expect(doseOption('.5g', 'vapes')).toBe('.5g');
    expect(doseOption(undefined, 'edibles')).toBeUndefined();
  });
});

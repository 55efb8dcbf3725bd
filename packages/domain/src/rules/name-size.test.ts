import { describe, expect, it } from 'vitest';
import { sizeInText, statedSize, withoutSizes, type Measure } from './size';

const g = (amount: number): Measure => ({ amount, unit: 'g' });
const mg = (amount: number): Measure => ({ amount, unit: 'mg' });

describe('statedSize: a pack total is the size, a per-piece amount a serving', () => {
  it.each<[string, Measure | undefined, Measure[]]>([
    ['1000mg CBD Only 60mg each', mg(1000), [mg(60)]],
    ['Vivos CBD Tincture 1000mg CBD Only 60mg each', mg(1000), [mg(60)]],
    ['RSO Tincture 1000mg 30ml (60mg each)', mg(1000), [mg(60)]],
    ['Camino Gummies 100mg (10 x 10mg)', mg(100), [mg(10)]],
    ['10pk 5mg each 50mg', mg(50), [mg(5)]],
    // A pack's count multiplies a piece marked 'each' when the name states no total.
    ['Mints 10pk 5mg each', mg(50), [mg(5)]],
    ['Gummies (10 piece) 10mg each', mg(100), [mg(10)]],
    ['Billy the kid | Banana berry kush | 3pk x .5g', g(1.5), [g(0.5)]],
    ['Dogwalkers 5 x 0.35g', g(1.75), [g(0.35)]],
    // 'Npk 100mg' is 100 mg in all: the count multiplies only a piece.
    ['Wana Gummies 10pk 100MG', mg(100), []],
    // One piece alone is no total.
    ['Gummies 10mg each', undefined, [mg(10)]],
  ])('%s -> total %j, servings %j', (name, total, servings) => {
    expect(statedSize(name)).toMatchObject({ total, servings });
  });
});

describe('statedSize: a ratio is not a size, the total of its doses is', () => {
  it.each<[string, Measure]>([
    ['WYLD Peach 2:1 CBD + Hybrid Enhanced Gummies 100:50mg', mg(150)],
    ['Elderberry 2:1 CBN + Indica Enhanced Gummies 100mg:50mg', mg(150)],
    ['Camino 1:1 THC:CBD 10mg:10mg', mg(20)],
    ['Cheeba Chews 2:1:1 Taffy 100mg:50mg:50mg', mg(200)],
    ['Wana 20:1 100mg', mg(100)],
    ['Wana Classic Blood Orange 20:1 CBD:THC - 100mg', mg(100)],
    ['Gron Blueberry Lemonade Fun Size Pearls 1:1 CBG:THC - 20mg', mg(20)],
    ['Grön Blackberry Lemonade Fun Size Pearls 1:1:1: CBD:CBN:THC - 20mg', mg(20)],
    // Doses marked with their cannabinoids add up; each cannabinoid's first dose counts once.
    ['1:1 Gummies 100mg THC 100mg CBD', mg(200)],
    ['High CBD Tincture 500mg CBD 25mg THC', mg(525)],
    ['Kiva Bar 100mg THC · 100mg THC', mg(100)],
    ['Wyld - SB B10 - Strawberry 10mg THC', mg(10)],
    // A potency is no amount of product.
    ['Live Resin 800mg/g 1g', g(1)],
  ])('%s -> %j', (name, total) => {
    expect(statedSize(name).total).toEqual(total);
  });

  it('reads no amount from a ratio without a unit', () => {
    expect(sizeInText('Wana 20:1 CBD:THC Gummies')).toBeUndefined();
    expect(sizeInText('Happy hour 4:20 pre-rolls')).toBeUndefined();
  });

  it('reads nothing from what is not a name', () => {
    expect(statedSize(undefined)).toEqual({ servings: [] });
    expect(statedSize(42)).toEqual({ servings: [] });
    expect(sizeInText(`${'9:'.repeat(5000)}9mg`)).toBeUndefined();
  });
});

describe('withoutSizes: what names the product whatever its size', () => {
  const words = (value: string) => withoutSizes(value).replace(/\s+/g, ' ').trim();

  it.each<[string, string]>([
    ['Blue Dream 1/8 oz Smalls', 'Blue Dream Smalls'],
    [
      'WYLD Peach 2:1 CBD + Hybrid Enhanced Gummies 100:50mg',
      'WYLD Peach 2:1 CBD + Hybrid Enhanced Gummies',
    ],
    ['Vivos Tincture 1000mg CBD Only 60mg each', 'Vivos Tincture CBD Only'],
    ['Kiva Bar 100mg THC', 'Kiva Bar THC'],
    ['Camino Gummies 100mg', 'Camino Gummies'],
  ])('%s -> %s', (name, left) => {
    expect(words(name)).toBe(left);
  });
});

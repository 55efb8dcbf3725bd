import { describe, expect, it } from 'vitest';
import {
  at,
  discountPercent,
  isoInstant,
  list,
  mapCategory,
  money,
  priceText,
  text,
  weekdaysIn,
} from '../src/adapters/shared/deal-fields';
import * as scraper from '../src';

describe('money', () => {
  it.each<[unknown, number | undefined]>([
    [30, 30],
    [12.499, 12.5],
    ['$1,250.00', 1250],
    [' 9.99 ', 9.99],
    [0, 0],
    [-1, undefined],
    [NaN, undefined],
    [Infinity, undefined],
    ['free', undefined],
    [null, undefined],
    [{}, undefined],
    ['', undefined],
    [' ', undefined],
    ['0x10', undefined],
    ['1e3', undefined],
    [2_000_000, undefined],
  ])('%j -> %j', (input, expected) => {
    expect(money(input)).toBe(expected);
  });
});

describe('text', () => {
  it.each<[unknown, number | undefined, string | undefined]>([
    ['  Blue   Dream ', undefined, 'Blue Dream'],
    [42, undefined, '42'],
    ['', undefined, undefined],
    ['   ', undefined, undefined],
    [null, undefined, undefined],
    [['a'], undefined, undefined],
    ['abcdef', 3, 'abc'],
  ])('%j (max %s) -> %j', (input, max, expected) => {
    expect(text(input, max)).toBe(expected);
  });
});

describe('discountPercent and priceText', () => {
  it.each<[number | undefined, number | undefined, number | undefined, string]>([
    [30, 45, 33, '$30 (was $45)'],
    [22.5, 30, 25, '$22.50 (was $30)'],
    [45, 45, undefined, '$45'],
    [50, 45, undefined, '$50'],
    [0, 45, undefined, '$0 (was $45)'],
    [44.9, 45, undefined, '$44.90 (was $45)'],
    [30, undefined, undefined, '$30'],
    [undefined, 45, undefined, '$45'],
    [undefined, undefined, undefined, ''],
    [30, 0, undefined, '$30'],
  ])('sale %s, regular %s -> %s%% and %j', (sale, regular, percent, display) => {
    expect(discountPercent(sale, regular)).toBe(percent);
    expect(priceText(sale, regular)).toBe(display);
  });
});

describe('mapCategory', () => {
  it.each<[unknown, string | undefined]>([
    ['Flower', 'flower'],
    ['PRE_ROLLS', 'pre-rolls'],
    ['Pre-Rolls', 'pre-rolls'],
    ['Vaporizers', 'vapes'],
    ['Cartridge', 'vapes'],
    ['Concentrate', 'concentrates'],
    ['Extracts', 'concentrates'],
    ['Edible', 'edibles'],
    ['Tinctures', 'edibles'],
    ['Topicals', 'topicals'],
    ['Accessories', 'accessories'],
    ['Gear', 'accessories'],
    ['Seeds', 'other'],
    ['', undefined],
    [null, undefined],
  ])('%j -> %j', (input, expected) => {
    expect(mapCategory(input)).toBe(expected);
  });
});

describe('dates, weekdays and paths', () => {
  it.each<[unknown, string | undefined]>([
    ['2026-11-30T05:59:59Z', '2026-11-30T05:59:59.000Z'],
    [1764482399000, '2025-11-30T05:59:59.000Z'],
    [1764482399, '2025-11-30T05:59:59.000Z'],
    ['1764482399000', '2025-11-30T05:59:59.000Z'],
    ['next week', undefined],
    ['1900-01-01', undefined],
    [null, undefined],
  ])('isoInstant(%j) -> %j', (input, expected) => {
    expect(isoInstant(input)).toBe(expected);
  });

  it('reads weekdays from several texts', () => {
    expect(weekdaysIn('Munchie Monday', undefined, 'and Fridays')).toEqual(['monday', 'friday']);
    expect(weekdaysIn('20% off')).toBeUndefined();
  });

  it('walks untrusted paths', () => {
    const payload = { data: { items: [{ name: 'A' }] } };
    expect(at(payload, 'data', 'items', 0, 'name')).toBe('A');
    expect(at(payload, 'data', 'nope', 0)).toBeUndefined();
    expect(at(null, 'a')).toBeUndefined();
    expect(list(at(payload, 'data', 'items'))).toHaveLength(1);
    expect(list('not a list')).toEqual([]);
  });

  it('are the readers the package exports, so the simulator reads requests with them too', () => {
    expect(scraper.at).toBe(at);
    expect(scraper.list).toBe(list);
  });
});

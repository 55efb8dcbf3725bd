import { describe, expect, it } from 'vitest';
import { farSide, heldBackPrices, priceReference } from './price-outliers';

describe('farSide: over 3 times the reference or under a third of it', () => {
  it.each<[string, number, number | null, ReturnType<typeof farSide>]>([
    ['the reference itself', 1000, 1000, null],
    ['exactly 3 times is near', 3000, 1000, null],
    ['a cent over 3 times is far above', 3001, 1000, 'above'],
    ['100 times is far above', 100_000, 1000, 'above'],
    ['exactly a third is near', 1000, 3000, null],
    ['a cent under a third is far below', 999, 3000, 'below'],
    ['a free day is far below any priced history', 0, 1000, 'below'],
    ['no reference judges nothing', 100_000, null, null],
    ['a reference of 0 judges nothing', 100_000, 0, null],
  ])('%s', (_, price, reference, side) => {
    expect(farSide(price, reference)).toBe(side);
  });
});

describe('priceReference: the median of the window, a price charged', () => {
  it.each<[string, number[], number | null]>([
    ['no day', [], null],
    ['two days cannot say which is odd', [1000, 100_000], null],
    ['three days: the middle one', [1000, 1000, 100_000], 1000],
    ['an even count: the lower middle one', [1000, 1200, 1400, 100_000], 1200],
  ])('%s', (_, sorted, reference) => {
    expect(priceReference(sorted)).toBe(reference);
  });
});

const N = 1000; // a near price, in cents, against a reference of 1000
const HIGH = 100_000; // 100 times the reference
const LOW = 100; // a tenth of it

describe('heldBackPrices: one pass, oldest first', () => {
  it.each<[string, number[], number, boolean[], boolean]>([
    ['nothing far', [N, N, N], N, [false, false, false], false],
    ['one bad day among good ones', [N, HIGH, N], N, [false, true, false], false],
    ['two bad days in a row', [N, HIGH, HIGH, N], N, [false, true, true, false], false],
    [
      'three days in a row confirm the price',
      [N, HIGH, HIGH, HIGH, N],
      N,
      [false, false, false, false, false],
      false,
    ],
    ['a far low day is held back too', [N, LOW, N], N, [false, true, false], false],
    [
      'above then below are two runs, neither confirmed',
      [N, HIGH, LOW, HIGH, N],
      N,
      [false, true, true, true, false],
      false,
    ],
    ['today far alone: held back', [N, N, N], HIGH, [false, false, false], true],
    ['today after one far day: both held back', [N, N, HIGH], HIGH, [false, false, true], true],
    [
      'today after two far days: the third confirms all three',
      [N, HIGH, HIGH],
      HIGH,
      [false, false, false],
      false,
    ],
    [
      'yesterday far, today near: yesterday held back',
      [N, N, HIGH],
      N,
      [false, false, true],
      false,
    ],
    [
      'today far on the other side starts its own run',
      [N, HIGH, HIGH],
      LOW,
      [false, true, true],
      true,
    ],
  ])('%s', (_, prices, today, days, todayHeld) => {
    expect(heldBackPrices(prices, N, today)).toEqual({ days, today: todayHeld });
  });

  it('judges nothing without a reference', () => {
    expect(heldBackPrices([N, HIGH, N], null, HIGH)).toEqual({
      days: [false, false, false],
      today: false,
    });
  });

  it('takes a year of days in one pass (linear)', () => {
    const prices = Array.from({ length: 100_000 }, (_, index) => (index % 50 === 7 ? HIGH : N));
    const started = Date.now();
    const held = heldBackPrices(prices, N, N);
    expect(Date.now() - started).toBeLessThan(200);
    expect(held.days.filter(Boolean)).toHaveLength(2000);
  });
});

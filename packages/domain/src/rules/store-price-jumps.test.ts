import { describe, expect, it } from 'vitest';
import { storePriceJumps, type StoreProductDays } from './store-price-jumps';

const USUAL = 1000; // every product's usual price, in cents
const UP = 1500; // 1.5x: markedly more, yet under the single product's 3x
const SLIGHTLY_UP = 1400; // exactly 40% above: not markedly more

/**
 * A store of `count` products seen on days 1..N, each day's price from `dayPrices` (the same for
 * every product unless `differs` says which products keep the usual price), and today's price.
 */
function store(
  count: number,
  dayPrices: readonly number[],
  today: number | null,
  differs: (product: number) => boolean = () => false,
): StoreProductDays[] {
  return Array.from({ length: count }, (_, product) => ({
    days: dayPrices.map((_, day) => day + 1),
    prices: dayPrices.map((price) => (differs(product) ? USUAL : price)),
    today: today === null ? null : differs(product) ? USUAL : today,
  }));
}

const history = (...jumps: number[]) => [USUAL, USUAL, USUAL, USUAL, USUAL, ...jumps];

describe('storePriceJumps: a jump up most of a store shares is held back until confirmed', () => {
  it.each<[string, StoreProductDays[], number[], boolean]>([
    ['no jump', store(6, history(), USUAL), [], false],
    ['a jump today alone: today held', store(6, history(), UP), [], true],
    ['40% exactly is no jump', store(6, history(), SLIGHTLY_UP), [], false],
    ['one past jump day among usual ones', store(6, [...history(UP), USUAL], USUAL), [6], false],
    ['two jump days and today: the third confirms all', store(6, history(UP, UP), UP), [], false],
    ['one jump day and today: both held', store(6, history(UP), UP), [6], true],
    ['three past jump days confirm the price', store(6, history(UP, UP, UP), USUAL), [], false],
    ['a store-wide drop is a sale, never held', store(6, history(), 500), [], false],
    ['fewer than 5 products are no store', store(4, history(), UP), [], false],
    ['exactly half of the products share it', store(6, history(), UP, (p) => p >= 3), [], true],
    ['under half share it: no jump', store(7, history(), UP, (p) => p >= 3), [], false],
  ])('%s', (_, products, heldDays, heldToday) => {
    const jumps = storePriceJumps(products);
    expect([...jumps.heldDays].sort((a, b) => a - b)).toEqual(heldDays);
    expect(jumps.heldToday.some(Boolean)).toBe(heldToday);
  });

  it('holds back today only the products that share the jump', () => {
    const jumps = storePriceJumps(store(6, history(), UP, (p) => p === 0));
    expect(jumps.heldToday).toEqual([false, true, true, true, true, true]);
  });

  it('judges nothing of products with fewer than 3 days, nor a product off the menu today', () => {
    const young = store(6, [USUAL, USUAL], UP);
    expect(storePriceJumps(young).heldToday.some(Boolean)).toBe(false);
    const offMenu = [...store(4, history(), UP), ...store(2, history(), null)];
    expect(storePriceJumps(offMenu).heldToday.some(Boolean)).toBe(false);
  });

  it('answers an empty store with nothing held', () => {
    expect(storePriceJumps([])).toEqual({ heldDays: new Set(), heldToday: [] });
  });
});

import { describe, expect, it } from 'vitest';
import { interleaveForVariety, varietyKeys } from './variety';

interface Item {
  id: string;
  store: string;
  special?: string;
}

const keysOf = (item: Item) =>
  varietyKeys({
    dispensaryKey: item.store,
    ...(item.special ? { specialName: item.special } : {}),
  });

/** The longest run of neighbours sharing a key, within the first `window`. */
function longestRun(items: readonly Item[], key: (item: Item) => string | null, window = 48) {
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const item of items.slice(0, window)) {
    const value = key(item);
    run = value !== null && value === previous ? run + 1 : 1;
    previous = value;
    longest = Math.max(longest, run);
  }
  return longest;
}

describe('interleaveForVariety', () => {
  it('breaks a first page of one special into runs of at most two', () => {
    const halfOff = Array.from({ length: 12 }, (_, i) => ({
      id: `h${i}`,
      store: 'luxury-leaf',
      special: 'Half Off Smalls',
    }));
    const others = Array.from({ length: 60 }, (_, i) => ({ id: `o${i}`, store: `store-${i % 7}` }));
    const ordered = interleaveForVariety([...halfOff, ...others], keysOf);
    expect(ordered).toHaveLength(72);
    expect(new Set(ordered.map((item) => item.id)).size).toBe(72);
    expect(longestRun(ordered, (item) => item.special ?? null)).toBeLessThanOrEqual(2);
    expect(longestRun(ordered, (item) => item.store)).toBeLessThanOrEqual(2);
    // the order is kept as far as variety allows
    expect(ordered.slice(0, 3).map((item) => item.id)).toEqual(['h0', 'h1', 'o0']);
  });

  it('keeps the order when it is varied already, and past the window', () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ id: `d${i}`, store: `s${i % 3}` }));
    expect(interleaveForVariety(items, keysOf)).toEqual(items);
  });

  it('takes the next item when none fits (one store only), and never loses one', () => {
    const items = Array.from({ length: 5 }, (_, i) => ({ id: `d${i}`, store: 'only' }));
    expect(interleaveForVariety(items, keysOf)).toEqual(items);
  });

  it('puts the rest after the window in their order', () => {
    const items = [
      ...Array.from({ length: 4 }, (_, i) => ({ id: `a${i}`, store: 'a' })),
      { id: 'b0', store: 'b' },
      { id: 'b1', store: 'b' },
    ];
    const ordered = interleaveForVariety(items, keysOf, { window: 3 });
    expect(ordered.map((item) => item.id)).toEqual(['a0', 'a1', 'b0', 'a2', 'a3', 'b1']);
  });

  it('counts the same special name of two stores as two specials', () => {
    expect(keysOf({ id: 'x', store: 'a', special: 'BOGO' })).not.toEqual(
      keysOf({ id: 'y', store: 'b', special: 'BOGO' }),
    );
    expect(keysOf({ id: 'x', store: 'a' })[0]).toBeNull();
  });
});

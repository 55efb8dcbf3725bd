import { createHash } from 'node:crypto';

/**
 * A seeded source of randomness: the same parts give the same sequence on every machine, so a
 * seed and a dispensary always make the same menu. Not for anything secret.
 */
export interface Random {
  /** In [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Up to `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

/** A random source seeded by the hash of `parts` (mulberry32: small, fast, well mixed). */
export function seededRandom(...parts: ReadonlyArray<string | number>): Random {
  let state = digest(parts).readUInt32LE(0);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('Cannot pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    sample<T>(items: readonly T[], count: number): T[] {
      // Fisher-Yates on a copy.
      const pool = [...items];
      for (let index = pool.length - 1; index > 0; index--) {
        const other = int(0, index);
        const held = pool[index] as T;
        pool[index] = pool[other] as T;
        pool[other] = held;
      }
      return pool.slice(0, Math.max(0, count));
    },
  };
}

/** A stable lowercase hex id of `length` characters from `parts`, as platforms' ids look. */
export function hexId(length: number, ...parts: ReadonlyArray<string | number>): string {
  return digest(parts).toString('hex').slice(0, length);
}

/** A stable whole number in [min, max] from `parts`. */
export function numberId(min: number, max: number, ...parts: ReadonlyArray<string | number>) {
  return min + (digest(parts).readUInt32LE(4) % (max - min + 1));
}

function digest(parts: ReadonlyArray<string | number>): Buffer {
  return createHash('sha256').update(parts.map(String).join('\u0000')).digest();
}

/**
 * A well-mixed whole number in [0, 2^32) from whole numbers, without a digest: for what a menu
 * decides per product and day (thousands of times a menu), where `seededRandom` would hash each.
 */
export function hash32(...values: readonly number[]): number {
  let hash = 0x811c9dc5;
  for (const value of values) {
    hash = Math.imul(hash ^ (value | 0), 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
  }
  return hash >>> 0;
}

/** `hash32` as a fraction in [0, 1). */
export const hashUnit = (...values: readonly number[]) => hash32(...values) / 4_294_967_296;

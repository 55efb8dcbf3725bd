import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter } from '../../src/transports/retry-timing';

const NOW = Date.parse('2026-05-01T17:00:00Z');

describe('parseRetryAfter', () => {
  it.each<[string | null, number | null]>([
    ['120', 120_000],
    [' 0 ', 0],
    ['Fri, 01 May 2026 17:00:30 GMT', 30_000],
    ['Friday, 01-May-26 17:01:00 GMT', 60_000],
    ['Fri May  1 17:00:05 2026', 5_000],
    ['Fri, 01 May 2026 16:00:00 GMT', 0],
    ['1.5', null],
    ['-3', null],
    ['soon', null],
    ['', null],
    [null, null],
  ])('%j is %j ms', (header, ms) => {
    expect(parseRetryAfter(header, NOW)).toBe(ms);
  });
});

describe('backoffDelay', () => {
  it('doubles per attempt, jittered within the upper half of each step', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, 0))).toEqual([250, 500, 1000, 2000]);
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, 0.5))).toEqual([
      375, 750, 1500, 3000,
    ]);
  });

  it('never goes over 30 s, however many attempts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, random) => {
          const wait = backoffDelay(attempt, random);
          return wait >= 250 && wait <= 30_000;
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_ATTEMPTS, isRetryableStatus, retryDelayMs, SPEC_CALL_ATTEMPTS } from './retry';

describe('retryDelayMs', () => {
  it.each<[number, number, number]>([
    [0, 0, 2000],
    [1, 0, 4000],
    [2, 0, 8000],
    [3, 0, 16000],
    [4, 0, 32000],
    [5, 0, 32000],
    [10, 0, 32000],
    [0, 0.5, 2500],
    [4, 0.999, 32999],
    [0, 1, 2999],
    [-1, 0, 2000],
  ])('attempt %i with random %s -> %i ms', (attempt, random, expected) => {
    expect(retryDelayMs(attempt, () => random)).toBe(expected);
  });

  it('adds less than 1000 ms of jitter', () => {
    for (let i = 0; i < 100; i++) {
      const delay = retryDelayMs(1, Math.random);
      expect(delay).toBeGreaterThanOrEqual(4000);
      expect(delay).toBeLessThan(5000);
    }
  });
});

describe('attempts and retryable statuses', () => {
  it('makes 3 attempts for the spec calls and 5 by default', () => {
    expect(SPEC_CALL_ATTEMPTS).toBe(3);
    expect(DEFAULT_ATTEMPTS).toBe(5);
  });

  it.each<[number | null, boolean]>([
    [null, true],
    [500, true],
    [502, true],
    [503, true],
    [599, true],
    [400, false],
    [404, false],
    [429, false],
    [200, false],
  ])('status %s retryable: %s', (status, expected) => {
    expect(isRetryableStatus(status)).toBe(expected);
  });
});

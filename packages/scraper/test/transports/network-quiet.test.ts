import { describe, expect, it } from 'vitest';
import { isQuiet } from '../../src/transports/network-quiet';

describe('isQuiet', () => {
  const now = 100_000;
  it.each<[string, number, number[], boolean]>([
    ['nothing open for 500 ms', now - 500, [], true],
    ['something moved 499 ms ago', now - 499, [], false],
    ['a request open for a second', now - 1_000, [now - 1_000], false],
    ['only a request stalled for 5 s', now - 1_000, [now - 5_000], true],
  ])('%s: %s', (_case, lastActivity, open, quiet) => {
    expect(isQuiet(now, lastActivity, open)).toBe(quiet);
  });
});

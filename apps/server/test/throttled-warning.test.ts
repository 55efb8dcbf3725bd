import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttledWarning } from '../src/cluster/throttled-warning';

afterEach(() => {
  vi.useRealTimers();
});

describe('throttledWarning', () => {
  it('logs the first error at once, then at most once per period', () => {
    vi.useFakeTimers();
    const warn = vi.fn();
    const report = throttledWarning({ warn } as unknown as FastifyBaseLogger, 'queue', 60_000);
    for (let second = 0; second < 125; second++) {
      report(new Error(`down ${second}`));
      vi.advanceTimersByTime(1_000);
    }
    expect(warn.mock.calls.map(([fields]) => (fields as { err: Error }).err.message)).toEqual([
      'down 0',
      'down 60',
      'down 120',
    ]);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectionRun } from '../src/collection/collection';
import { jitteredDelay, Scheduler } from '../src/collection/scheduler';

describe('jitteredDelay', () => {
  it.each([
    [0, 54_000],
    [0.5, 60_000],
    [0.999_999, 66_000],
  ])('random %s -> %s ms', (random, delay) => {
    expect(jitteredDelay(60_000, random)).toBe(delay);
  });
});

describe('Scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const run = (): CollectionRun => ({
    total: 1,
    done: 1,
    finished: Promise.resolve({ refreshed: 1, failed: 0, skipped: 0, durationMs: 1 }),
  });

  it('refreshes the old snapshots on start, then everything once per jittered interval', async () => {
    const collection = { refreshOlderThan: vi.fn(run), refreshAll: vi.fn(run) };
    const scheduler = new Scheduler({ collection, intervalMs: 60_000, random: () => 0.5 });
    scheduler.start();
    expect(collection.refreshOlderThan).toHaveBeenCalledWith(60_000);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(collection.refreshAll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(collection.refreshAll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(collection.refreshAll).toHaveBeenCalledTimes(2);
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(collection.refreshAll).toHaveBeenCalledTimes(2);
  });

  it('waits for a slow pass before timing the next', async () => {
    let finish = () => {};
    const slow = (): CollectionRun => ({
      total: 1,
      done: 0,
      finished: new Promise((resolve) => {
        finish = () => resolve({ refreshed: 1, failed: 0, skipped: 0, durationMs: 1 });
      }),
    });
    const collection = { refreshOlderThan: vi.fn(slow), refreshAll: vi.fn(run) };
    const scheduler = new Scheduler({ collection, intervalMs: 60_000, random: () => 0.5 });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(collection.refreshAll).not.toHaveBeenCalled();
    finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(collection.refreshAll).toHaveBeenCalledTimes(1);
    scheduler.stop();
  });
});

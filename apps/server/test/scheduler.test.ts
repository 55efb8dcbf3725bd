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
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const INTERVAL = 60_000;
  /** A sixth of the interval, with random 0.5 (no jitter). */
  const TICK = 10_000;
  const logger = () => ({ error: vi.fn() });

  const run = (): CollectionRun => ({
    total: 1,
    done: 1,
    finished: Promise.resolve({ refreshed: 1, failed: 0, skipped: 0, durationMs: 1 }),
  });
  const endless = (): CollectionRun => ({ total: 1, done: 0, finished: new Promise(() => {}) });

  it('refreshes the due dispensaries at start, then on every tick, until stopped', async () => {
    const collection = { refreshDue: vi.fn(run) };
    const scheduler = new Scheduler({
      collection,
      intervalMs: INTERVAL,
      random: () => 0.5,
      logger: logger(),
    });
    scheduler.start();
    expect(collection.refreshDue).toHaveBeenCalledTimes(1);
    expect(collection.refreshDue).toHaveBeenCalledWith(INTERVAL);
    await vi.advanceTimersByTimeAsync(TICK - 1);
    expect(collection.refreshDue).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(collection.refreshDue).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(TICK);
    expect(collection.refreshDue).toHaveBeenCalledTimes(3);
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(10 * INTERVAL);
    expect(collection.refreshDue).toHaveBeenCalledTimes(3);
  });

  it('skips the ticks while the store cannot keep what a scrape finds', async () => {
    const collection = { refreshDue: vi.fn(run) };
    let storing = false;
    const scheduler = new Scheduler({
      collection,
      intervalMs: INTERVAL,
      random: () => 0.5,
      logger: logger(),
      storing: () => storing,
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(TICK);
    expect(collection.refreshDue).not.toHaveBeenCalled();
    storing = true;
    await vi.advanceTimersByTimeAsync(TICK);
    expect(collection.refreshDue).toHaveBeenCalledTimes(1);
    scheduler.stop();
  });

  it('ticks on time while a pass is still running (single-flight makes it join)', async () => {
    const collection = { refreshDue: vi.fn(endless) };
    const scheduler = new Scheduler({
      collection,
      intervalMs: INTERVAL,
      random: () => 0.5,
      logger: logger(),
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(3 * TICK);
    expect(collection.refreshDue).toHaveBeenCalledTimes(4);
    scheduler.stop();
  });

  it('keeps ticking after a pass that throws or rejects, and logs it', async () => {
    const failures = logger();
    const collection = {
      refreshDue: vi
        .fn<() => CollectionRun>()
        .mockImplementationOnce(() => {
          throw new Error('a bug');
        })
        .mockImplementationOnce(() => ({
          total: 1,
          done: 0,
          finished: Promise.reject(new Error('another bug')),
        }))
        .mockImplementation(run),
    };
    const scheduler = new Scheduler({
      collection,
      intervalMs: INTERVAL,
      random: () => 0.5,
      logger: failures,
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(2 * TICK);
    expect(collection.refreshDue).toHaveBeenCalledTimes(3);
    expect(failures.error).toHaveBeenCalledTimes(2);
    expect(
      failures.error.mock.calls.map(([detail]) => (detail as { err: Error }).err.message),
    ).toEqual(['a bug', 'another bug']);
    scheduler.stop();
  });

  it('starts one loop however often it is started', async () => {
    const collection = { refreshDue: vi.fn(run) };
    const scheduler = new Scheduler({
      collection,
      intervalMs: INTERVAL,
      random: () => 0.5,
      logger: logger(),
    });
    scheduler.start();
    scheduler.start();
    expect(collection.refreshDue).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(TICK);
    expect(collection.refreshDue).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });

  it('refreshes a snapshot just younger than the interval at start at most a tick late', async () => {
    // One dispensary, last attempted 1 ms less than an interval before the start.
    let lastAttempt = Date.now() - (INTERVAL - 1);
    const refreshedAt: number[] = [];
    const collection = {
      refreshDue: vi.fn((maxAgeMs: number) => {
        if (Date.now() - lastAttempt >= maxAgeMs) {
          lastAttempt = Date.now();
          refreshedAt.push(lastAttempt);
        }
        return run();
      }),
    };
    const startedAt = Date.now();
    // The longest jitter every time: the worst case.
    const scheduler = new Scheduler({
      collection,
      intervalMs: INTERVAL,
      random: () => 0.999_999,
      logger: logger(),
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(3 * INTERVAL);
    scheduler.stop();
    const first = refreshedAt[0] ?? Infinity;
    expect(first - startedAt).toBeLessThanOrEqual(jitteredDelay(TICK, 0.999_999));
    // And then once per interval, each at most a tick late.
    const gaps = refreshedAt.slice(1).map((at, index) => at - (refreshedAt[index] ?? 0));
    expect(gaps.length).toBeGreaterThanOrEqual(2);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(INTERVAL);
      expect(gap).toBeLessThanOrEqual(INTERVAL + jitteredDelay(TICK, 0.999_999));
    }
  });
});

import type { PruneOptions, StorageHealth } from '@stl-deals/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_FAULT_REASONS, StoreMaintenance } from '../src/collection/maintenance';
import { TestClock } from './support/harness';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECK_MS = 60_000;
const PRUNE_MS = 60 * 60 * 1000;

describe('StoreMaintenance', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setUp(healths: StorageHealth[], options: { prunes?: boolean } = {}) {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const clock = new TestClock();
    const prunes: Array<{ before: Date; options?: PruneOptions }> = [];
    const pricePrunes: Array<{ beforeDay: string; options?: PruneOptions }> = [];
    const repository = {
      checkHealth: vi.fn(() => Promise.resolve(healths.shift() ?? { ok: true as const })),
      pruneDealHistory: vi.fn((before: Date, options?: PruneOptions) => {
        prunes.push({ before, options });
        return Promise.resolve(0);
      }),
      pruneObservations: vi.fn((beforeDay: string, options?: PruneOptions) => {
        pricePrunes.push({ beforeDay, options });
        return Promise.resolve(0);
      }),
      // The test clock's market day, 2026-11-21, is recorded.
      newestObservationDay: vi.fn(() => Promise.resolve<string | null>('2026-11-21')),
    };
    const maintenance = new StoreMaintenance({
      repository,
      clock,
      logger,
      retentionMs: 90 * DAY_MS,
      priceHistoryDays: 400,
      checkIntervalMs: CHECK_MS,
      ...options,
    });
    return { maintenance, repository, logger, clock, prunes, pricePrunes };
  }

  it('prunes at start and hourly, from the clock less the retention', async () => {
    const { maintenance, prunes, clock } = setUp([]);
    maintenance.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(prunes.map(({ before }) => before)).toEqual([
      new Date(clock.now().getTime() - 90 * DAY_MS),
    ]);
    await vi.advanceTimersByTimeAsync(PRUNE_MS);
    expect(prunes).toHaveLength(2);
    maintenance.stop();
    expect(prunes[1]?.options?.signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * PRUNE_MS);
    expect(prunes).toHaveLength(2);
  });

  it('prunes the price history on the same schedule, the market day less PRICE_HISTORY_DAYS', async () => {
    const { maintenance, pricePrunes, repository, logger } = setUp([]);
    // The test clock reads 2026-11-21 12:00 in St. Louis: 400 days before is 2025-10-17.
    repository.pruneObservations.mockImplementationOnce((beforeDay, options) => {
      pricePrunes.push({ beforeDay, options });
      return Promise.reject(new Error('disk I/O error'));
    });
    maintenance.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(pricePrunes.map(({ beforeDay }) => beforeDay)).toEqual(['2025-10-17']);
    // A failed prune is logged, and the next hour's runs all the same.
    expect(logger.warn).toHaveBeenCalledWith(
      expect.anything(),
      'could not prune the price history',
    );
    await vi.advanceTimersByTimeAsync(PRUNE_MS);
    expect(pricePrunes).toHaveLength(2);
    maintenance.stop();
    expect(pricePrunes[1]?.options?.signal?.aborted).toBe(true);
  });

  it('never prunes while the clock is over a day ahead of the newest day kept, and resumes once it is not', async () => {
    const { maintenance, prunes, pricePrunes, repository, logger } = setUp([]);
    repository.newestObservationDay.mockResolvedValueOnce('2026-11-19');
    maintenance.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(prunes).toEqual([]);
    expect(pricePrunes).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith(
      { clockDay: '2026-11-21', newestKeptDay: '2026-11-19' },
      "not pruning: the clock is more than a day ahead of the price history's newest day",
    );
    // A day ahead is midnight come: pruned.
    repository.newestObservationDay.mockResolvedValueOnce('2026-11-20');
    await vi.advanceTimersByTimeAsync(PRUNE_MS);
    expect(prunes).toHaveLength(1);
    expect(pricePrunes).toHaveLength(1);
    maintenance.stop();
  });

  it('never prunes in a process told not to (a cluster API), and checks the store all the same', async () => {
    const { maintenance, prunes, pricePrunes, repository } = setUp([], { prunes: false });
    maintenance.start();
    await vi.advanceTimersByTimeAsync(3 * PRUNE_MS);
    expect(prunes).toHaveLength(0);
    expect(pricePrunes).toHaveLength(0);
    expect(repository.checkHealth.mock.calls.length).toBeGreaterThan(3);
    maintenance.stop();
  });

  it('logs a fault once per change, and the recovery', async () => {
    const missing = { ok: false, fault: 'missing', detail: '/data/deals.sqlite: ENOENT' } as const;
    const damaged = { ok: false, fault: 'damaged', detail: 'quick_check: page 3' } as const;
    const { maintenance, logger, repository } = setUp([
      { ok: true },
      missing,
      missing,
      damaged,
      { ok: true },
    ]);
    maintenance.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(maintenance.storage()).toEqual({ ok: true });

    await vi.advanceTimersByTimeAsync(2 * CHECK_MS);
    expect(maintenance.storage()).toEqual({ ok: false, reason: STORAGE_FAULT_REASONS.missing });
    expect(logger.error).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(CHECK_MS);
    expect(maintenance.storage()).toEqual({ ok: false, reason: STORAGE_FAULT_REASONS.damaged });
    expect(logger.error).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenLastCalledWith(
      { fault: 'damaged', detail: 'quick_check: page 3' },
      'the store failed its check',
    );

    await vi.advanceTimersByTimeAsync(CHECK_MS);
    expect(maintenance.storage()).toEqual({ ok: true });
    expect(logger.info).toHaveBeenCalledWith('the store passes its check again');
    expect(repository.checkHealth).toHaveBeenCalledTimes(5);
    maintenance.stop();
    await maintenance.settled();
  });
});

import { addDays, mayPrune } from '@stl-deals/domain';
import type { DealsRepository, StorageHealth } from '@stl-deals/store';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { marketDay } from './market-day';

/**
 * How often the deal history and the price history are pruned: their growth is per scrape, so
 * hourly keeps them small.
 */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** The storage part of the status: what anyone may read, never a path or a driver's message. */
export interface StorageStatus {
  ok: boolean;
  reason?: string;
}

type StorageFault = Exclude<StorageHealth, { ok: true }>['fault'];

/** Client-safe words per fault; the file and the engine's message go to the log only. */
export const STORAGE_FAULT_REASONS: Record<StorageFault, string> = {
  missing:
    "The service's storage file is gone; the last good deals are served and new ones are not saved.",
  replaced:
    "The service's storage file was replaced; the last good deals are served and new ones are not saved.",
  damaged:
    "The service's storage is damaged; the last good deals are served and new ones are not saved.",
  unreachable:
    "The service's database cannot be reached; the last good deals are served and new ones are not saved.",
  unwritable:
    "The service's storage cannot be written; the last good deals are served and new ones are not saved.",
  full: "The service's storage is full; the last good deals are served and new ones are not saved.",
};

export interface StoreMaintenanceOptions {
  repository: Pick<
    DealsRepository,
    'pruneDealHistory' | 'pruneObservations' | 'checkHealth' | 'newestObservationDay'
  >;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Deal history of keys unseen this long is pruned (keys in a snapshot never are). */
  retentionMs: number;
  /** Price observations of days more than this many before the market's today are pruned. */
  priceHistoryDays: number;
  checkIntervalMs: number;
  pruneIntervalMs?: number;
  /**
   * Whether this process prunes the deal and price histories (default true). A cluster's API
   * processes do not: the histories grow with scrapes, and the processes that scrape prune them,
   * rather than every process deleting the same rows. Every process checks the store, for its
   * own status.
   */
  prunes?: boolean;
}

/**
 * The store's upkeep while the service runs: prunes the deal and price histories at start and
 * hourly (in batches, each its own transaction, so scrapes write between them), and
 * checks the store's file every `checkIntervalMs` (at start too). A failed check is logged once
 * per change of fault and shown by `storage()`; the repository itself then refuses writes, so a
 * scrape cannot be written over a vanished or damaged file, while the deals already in memory
 * (validated when they were stored) go on being served.
 */
export class StoreMaintenance {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<void>>();
  private started = false;
  private health: StorageHealth = { ok: true };

  constructor(private readonly options: StoreMaintenanceOptions) {}

  /** Starts both tasks at once, then on their periods; a second call does nothing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.every(this.options.checkIntervalMs, () => this.check());
    if (this.options.prunes === false) return;
    this.every(this.options.pruneIntervalMs ?? PRUNE_INTERVAL_MS, () => this.prune());
  }

  /** No new task starts, and a pruning under way stops after its current batch. */
  stop(): void {
    this.stopping.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Resolves once no task runs: the store may then be closed. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  storage(): StorageStatus {
    return this.health.ok
      ? { ok: true }
      : { ok: false, reason: STORAGE_FAULT_REASONS[this.health.fault] };
  }

  /**
   * Runs `task` now and then `periodMs` after each run ends, so that a slow run never overlaps
   * the next. The timers alone do not keep the process alive.
   */
  private every(periodMs: number, task: () => Promise<void>): void {
    const run = () => {
      if (this.stopping.signal.aborted) return;
      const done = task().finally(() => {
        this.running.delete(done);
        if (this.stopping.signal.aborted) return;
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          run();
        }, periodMs);
        timer.unref();
        this.timers.add(timer);
      });
      this.running.add(done);
    };
    run();
  }

  private async check(): Promise<void> {
    const { repository, logger } = this.options;
    let health: StorageHealth;
    try {
      health = await repository.checkHealth();
    } catch (error) {
      // The store closed under a check during shutdown, or the check could not run (its thread
      // failed or hung): the last finding stands, and anything but shutdown is logged to see.
      if (!this.stopping.signal.aborted) logger.error({ err: error }, 'could not check the store');
      return;
    }
    const before = this.health;
    this.health = health;
    if (!health.ok && (before.ok || before.fault !== health.fault)) {
      logger.error({ fault: health.fault, detail: health.detail }, 'the store failed its check');
    } else if (health.ok && !before.ok) {
      logger.info('the store passes its check again');
    }
  }

  /**
   * Both histories, unless the clock reads ahead of every day the price history can confirm (see
   * `mayPrune`): a clock stepped a year ahead would take every kept day for old, and the history
   * cannot be collected again. A clock stepped back prunes less, never more.
   */
  private async prune(): Promise<void> {
    if (!(await this.clockMayPrune())) return;
    await this.pruneDealHistory();
    if (!this.stopping.signal.aborted) await this.prunePriceHistory();
  }

  private async clockMayPrune(): Promise<boolean> {
    const { repository, clock, logger } = this.options;
    const clockDay = marketDay(clock.now());
    let newestKeptDay: string | null;
    try {
      newestKeptDay = await repository.newestObservationDay();
    } catch (error) {
      if (!this.stopping.signal.aborted)
        logger.warn({ err: error }, 'could not prune the histories');
      return false;
    }
    if (mayPrune({ clockDay, newestKeptDay, sourceDay: null })) return true;
    logger.warn(
      { clockDay, newestKeptDay },
      "not pruning: the clock is more than a day ahead of the price history's newest day",
    );
    return false;
  }

  private async pruneDealHistory(): Promise<void> {
    const { repository, clock, logger, retentionMs } = this.options;
    const startedAt = Date.now();
    const before = new Date(clock.now().getTime() - retentionMs);
    try {
      const pruned = await repository.pruneDealHistory(before, {
        signal: this.stopping.signal,
      });
      if (pruned > 0) {
        logger.info(
          { pruned, lastSeenBefore: before.toISOString(), durationMs: Date.now() - startedAt },
          'pruned the deal history',
        );
      }
    } catch (error) {
      if (!this.stopping.signal.aborted)
        logger.warn({ err: error }, 'could not prune the deal history');
    }
  }

  private async prunePriceHistory(): Promise<void> {
    const { repository, clock, logger, priceHistoryDays } = this.options;
    const startedAt = Date.now();
    const beforeDay = addDays(marketDay(clock.now()), -priceHistoryDays);
    try {
      const pruned = await repository.pruneObservations(beforeDay, {
        signal: this.stopping.signal,
      });
      if (pruned > 0) {
        logger.info(
          { pruned, beforeDay, durationMs: Date.now() - startedAt },
          'pruned the price history',
        );
      }
    } catch (error) {
      if (!this.stopping.signal.aborted)
        logger.warn({ err: error }, 'could not prune the price history');
    }
  }
}

import type { Collection } from './collection';

/** How far a pass may move from the interval either way, so passes do not align with others'. */
const JITTER = 0.1;

/** The interval moved by up to ±10%, from `random` in [0, 1). */
export function jitteredDelay(intervalMs: number, random: number): number {
  return Math.round(intervalMs * (1 - JITTER + 2 * JITTER * random));
}

export interface SchedulerOptions {
  collection: Pick<Collection, 'refreshAll' | 'refreshOlderThan'>;
  intervalMs: number;
  random: () => number;
}

/**
 * Keeps the deals fresh in-process. On start it refreshes the snapshots older than the interval
 * (the others are served as stored), then refreshes every dispensary once per interval, with
 * jitter, sharing single-flight with the refresh endpoints. A pass starts only after the last
 * one finished, so a slow pass never overlaps the next.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: SchedulerOptions) {}

  start(): void {
    const { collection, intervalMs } = this.options;
    void this.pass(collection.refreshOlderThan(intervalMs).finished);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async pass(finished: Promise<unknown>): Promise<void> {
    await finished;
    if (this.stopped) return;
    const delay = jitteredDelay(this.options.intervalMs, this.options.random());
    this.timer = setTimeout(() => {
      void this.pass(this.options.collection.refreshAll().finished);
    }, delay);
    // The timer alone must not keep the process alive during shutdown.
    this.timer.unref();
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Collection } from './collection';

/** How far a tick may move from its period either way, so ticks do not align with others'. */
const JITTER = 0.1;

/** Ticks per refresh interval: a dispensary falls due at most a sixth of an interval before one. */
export const TICKS_PER_INTERVAL = 6;

/** The longest between ticks, so a failed dispensary's first retry (a minute on) is on time. */
export const MAX_TICK_MS = 60_000;

/** The period moved by up to ±10%, from `random` in [0, 1). */
export function jitteredDelay(periodMs: number, random: number): number {
  return Math.round(periodMs * (1 - JITTER + 2 * JITTER * random));
}

export interface SchedulerOptions {
  collection: Pick<Collection, 'refreshDue'>;
  intervalMs: number;
  random: () => number;
  logger: Pick<FastifyBaseLogger, 'error'>;
  /**
   * False skips a tick: while the store refuses writes (its file failed its check), a scrape
   * would load a menu for deals that cannot be kept. The ticks go on, so refreshing resumes once
   * the store passes again.
   */
  storing?: () => boolean;
  /** Run before each tick decides what is due (in a cluster: the store's last attempts read). */
  prepare?: () => Promise<void>;
}

/**
 * Keeps the deals fresh in-process with a periodic tick, every sixth of the interval (at most a
 * minute) with jitter: each tick refreshes the dispensaries due (see `isDue`: last attempted an
 * interval ago or more, failed and past their backoff, or with nothing recent stored at start),
 * so each one is refreshed once per interval, at most a tick late, however long a pass takes and
 * however old its snapshot was at start. The first tick runs at start, so stored snapshots younger than
 * the interval are served as they are. Ticks share single-flight with the refresh endpoints: a
 * tick during a slow pass joins the scrapes under way instead of starting them again, and the
 * next tick is timed from the last one, never from the end of a pass.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;

  constructor(private readonly options: SchedulerOptions) {}

  /** Starts ticking; a second call does nothing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.tick();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private tick(): void {
    if (this.stopped) return;
    const { collection, intervalMs, logger, random } = this.options;
    // A pass that throws or rejects (a bug: a run counts failures, it does not throw them) is
    // logged, and the next tick still comes.
    const failed = (error: unknown) => logger.error({ err: error }, 'scheduled refresh failed');
    const due = () => {
      if (this.options.storing?.() ?? true) return collection.refreshDue(intervalMs).finished;
    };
    const { prepare } = this.options;
    try {
      if (prepare) prepare().then(due).catch(failed);
      else due()?.catch(failed);
    } catch (error) {
      failed(error);
    }
    this.timer = setTimeout(
      () => this.tick(),
      jitteredDelay(Math.min(intervalMs / TICKS_PER_INTERVAL, MAX_TICK_MS), random()),
    );
    // The timer alone must not keep the process alive during shutdown.
    this.timer.unref();
  }
}

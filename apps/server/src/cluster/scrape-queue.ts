import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import { enforceOneJobPerDispensary } from './one-job-per-dispensary';
import { throttledWarning } from './throttled-warning';

/** The pg-boss queue of scrapes, one job per dispensary scrape. */
export const SCRAPE_QUEUE = 'scrape';

/** The schema pg-boss keeps its tables in, beside the deals' tables. */
const BOSS_SCHEMA = 'pgboss';

/** A job's data; the store's queue table is shared, so what a job carries is checked. */
const ScrapeJobSchema = z.object({ key: z.string().min(1).max(200) });

export interface ScrapeQueueOptions {
  url: string;
  /**
   * How long a worker holds a job before it counts as dead and the job is given to another
   * worker (pg-boss's expiry): longer than a scrape may take.
   */
  leaseS: number;
  /** How often an idle worker asks for a job, and expired jobs are looked for. */
  pollS: number;
  maintenanceS: number;
  /** A failed job (its worker died, or the store could not be written) is tried this often more. */
  retryLimit: number;
  logger: FastifyBaseLogger;
}

/** PostgreSQL's SQLSTATE for a transaction it aborted to break a deadlock. */
const DEADLOCK = '40P01';

/**
 * Makes the queue unless it exists. Its policy stays what it was made with: `stately` (one
 * waiting, one running per dispensary), narrowed to one in all by the one-job rule. pg-boss 10
 * makes a queue's table in a transaction that deadlocks with another process making it at the
 * same moment (processes starting together): the one PostgreSQL aborted looks again and finds
 * the queue made.
 */
async function makeQueue(boss: PgBoss, options: ScrapeQueueOptions): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(SCRAPE_QUEUE)) return;
    try {
      await boss.createQueue(SCRAPE_QUEUE, {
        name: SCRAPE_QUEUE,
        policy: 'stately',
        retryLimit: options.retryLimit,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: options.leaseS,
      });
      return;
    } catch (error) {
      if (attempt >= 3 || (error as { code?: unknown }).code !== DEADLOCK) throw error;
    }
  }
}

/**
 * Scrapes as pg-boss jobs on the deals' PostgreSQL database, one job per dispensary queued or
 * running across every process (see one-job-per-dispensary.ts): a scrape asked while one is
 * queued, waits for a retry or runs joins it. Retries back off; a job whose worker died (its
 * lease, `leaseS`, ran out) is retried by another.
 */
export class ScrapeQueue {
  /** Set while the one-job rule is still to be made (see `enforce`). */
  private enforcing: NodeJS.Timeout | undefined;
  private stopped = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: ScrapeQueueOptions,
  ) {}

  static async open(options: ScrapeQueueOptions): Promise<ScrapeQueue> {
    const boss = new PgBoss({
      connectionString: options.url,
      schema: BOSS_SCHEMA,
      application_name: 'stl-deals-queue',
      max: 4,
      // No cron here: the schedule is the service's own (the workers' ticks over the store's
      // last attempts).
      schedule: false,
      maintenanceIntervalSeconds: options.maintenanceS,
    });
    // pg-boss reports a lost database here, once per poll of every worker slot, and goes on
    // trying; without a listener the event would end the process.
    boss.on('error', throttledWarning(options.logger, 'job queue: the database did not answer'));
    await boss.start();
    await makeQueue(boss, options);
    const queue = new ScrapeQueue(boss, options);
    await queue.enforce();
    return queue;
  }

  /**
   * Makes the one-job rule. While a job still waits behind a running one of the same dispensary
   * (queued by a process without the rule), it cannot be made: the queue works as `stately` and
   * tries again every maintenance interval.
   */
  private async enforce(): Promise<void> {
    try {
      await enforceOneJobPerDispensary(this.boss.getDb(), BOSS_SCHEMA, SCRAPE_QUEUE);
    } catch (error) {
      if (this.stopped) return;
      this.options.logger.warn(
        { err: error },
        'job queue: one job per dispensary is not enforced yet; trying again',
      );
      this.enforcing = setTimeout(() => void this.enforce(), this.options.maintenanceS * 1000);
      this.enforcing.unref();
    }
  }

  /**
   * Queues a scrape of the dispensary: true. False: one is queued or running already, and the
   * caller joins it (its end is told to every process, see scrape-events.ts).
   */
  async send(key: string): Promise<boolean> {
    return (await this.boss.send(SCRAPE_QUEUE, { key }, { singletonKey: key })) !== null;
  }

  /**
   * Takes jobs, `concurrency` at a time, and runs `scrape` for each. `scrape` calls `complete`
   * once its result is stored and before it tells anyone of its end: a caller who asked while
   * the job ran was refused a job of its own (it joined this one), so it must still hear of this
   * end. A `scrape` that throws fails the job, which is retried.
   */
  async work(
    concurrency: number,
    scrape: (key: string, complete: () => Promise<void>) => Promise<void>,
  ): Promise<void> {
    for (let slot = 0; slot < concurrency; slot++) {
      await this.boss.work(
        SCRAPE_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: this.options.pollS },
        async ([job]) => {
          const parsed = ScrapeJobSchema.safeParse(job?.data);
          if (!job || !parsed.success) {
            this.options.logger.warn(
              { job: job?.id },
              'a scrape job without a dispensary key: dropped',
            );
            return;
          }
          // pg-boss completes the job again when this resolves: a job no longer active is left
          // as it is.
          await scrape(parsed.data.key, async () => {
            await this.boss.complete(SCRAPE_QUEUE, job.id);
          });
        },
      );
    }
  }

  /** Stops taking jobs; the jobs under way get `graceMs` to end before the queue closes. */
  async stop(graceMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.enforcing);
    await this.boss.stop({ graceful: true, timeout: graceMs, close: true, wait: true });
  }
}

import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { z } from 'zod';
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

/**
 * Scrapes as pg-boss jobs on the deals' PostgreSQL database. The queue's `stately` policy with
 * the dispensary's key as singleton key lets one job per dispensary wait and one run, across
 * every process: a refresh asked while one waits joins it. Retries back off; a job whose worker
 * died (its lease, `leaseS`, ran out) is retried by another.
 */
export class ScrapeQueue {
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
    await boss.createQueue(SCRAPE_QUEUE, {
      name: SCRAPE_QUEUE,
      policy: 'stately',
      retryLimit: options.retryLimit,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: options.leaseS,
    });
    return new ScrapeQueue(boss, options);
  }

  /** Queues a scrape of the dispensary, unless one already waits for its turn. */
  async send(key: string): Promise<void> {
    await this.boss.send(SCRAPE_QUEUE, { key }, { singletonKey: key });
  }

  /**
   * Takes jobs, `concurrency` at a time, and runs `scrape` for each: a job that throws is failed
   * (and retried); one that resolves is done.
   */
  async work(concurrency: number, scrape: (key: string) => Promise<void>): Promise<void> {
    for (let slot = 0; slot < concurrency; slot++) {
      await this.boss.work(
        SCRAPE_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: this.options.pollS },
        async ([job]) => {
          const parsed = ScrapeJobSchema.safeParse(job?.data);
          if (!parsed.success) {
            this.options.logger.warn(
              { job: job?.id },
              'a scrape job without a dispensary key: dropped',
            );
            return;
          }
          await scrape(parsed.data.key);
        },
      );
    }
  }

  /** Stops taking jobs; the jobs under way get `graceMs` to end before the queue closes. */
  async stop(graceMs: number): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: graceMs, close: true, wait: true });
  }
}

import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { PushDispatch } from '../follow/push-rounds';
import { throttledWarning } from './throttled-warning';

/** The pg-boss queue of push fan-outs: one job per pass, whichever process's pass it was. */
export const PUSH_QUEUE = 'push-fan-out';
/** Every fan-out job has this key, so that the queue's policy holds one queued and one running. */
const FAN_OUT_KEY = 'fan-out';
/** The schema pg-boss keeps its tables in (the scrape queue's, see scrape-queue.ts). */
const BOSS_SCHEMA = 'pgboss';
/** PostgreSQL's SQLSTATE for a transaction it aborted to break a deadlock. */
const DEADLOCK = '40P01';

export interface PushQueueOptions {
  url: string;
  /** A fan-out's lease: a worker silent this long is taken for dead, and the job is retried. */
  leaseS: number;
  pollS: number;
  logger: FastifyBaseLogger;
}

/**
 * Push fan-outs as jobs on the cluster's queue, so that exactly one process sends each pass's
 * messages however many workers ended a pass: the queue is `stately` and every job has one key,
 * so at most one job waits and one runs in the whole cluster (a pass ending while a fan-out runs
 * queues the one after it; more asks join that one). A worker that dies mid-job has its job
 * retried once its lease runs out (the scrape queue's maintenance expires it); what it had sent
 * was written back a page at a time. This process's own boss only sends and works: it does no
 * maintenance, which the scrape queue's boss does for the whole schema.
 */
export class PushQueue implements PushDispatch {
  private stopped = false;
  private readonly warn: (error: unknown) => void;

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: PushQueueOptions,
    private readonly run: (signal: AbortSignal) => Promise<unknown>,
    private readonly stopping = new AbortController(),
  ) {
    this.warn = throttledWarning(options.logger, 'push queue: a fan-out could not be queued');
  }

  static async open(
    options: PushQueueOptions,
    run: (signal: AbortSignal) => Promise<unknown>,
  ): Promise<PushQueue> {
    const boss = new PgBoss({
      connectionString: options.url,
      schema: BOSS_SCHEMA,
      application_name: 'stl-deals-push',
      max: 2,
      schedule: false,
      supervise: false,
    });
    boss.on('error', throttledWarning(options.logger, 'push queue: the database did not answer'));
    await boss.start();
    for (let attempt = 1; !(await boss.getQueue(PUSH_QUEUE)); attempt++) {
      try {
        await boss.createQueue(PUSH_QUEUE, {
          name: PUSH_QUEUE,
          policy: 'stately',
          retryLimit: 1,
          retryDelay: 30,
          expireInSeconds: options.leaseS,
        });
      } catch (error) {
        // Processes starting together race to make it (see scrape-queue.ts): look again.
        if (attempt >= 3 || (error as { code?: unknown }).code !== DEADLOCK) {
          await boss.stop({ graceful: false, close: true, wait: false });
          throw error;
        }
      }
    }
    return new PushQueue(boss, options, run);
  }

  request(): void {
    if (this.stopped) return;
    this.boss
      .send(PUSH_QUEUE, {}, { singletonKey: FAN_OUT_KEY })
      .catch((error: unknown) => this.warn(error));
  }

  /** Takes fan-out jobs here, one at a time. */
  async start(): Promise<void> {
    await this.boss.work(
      PUSH_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: this.options.pollS },
      async () => {
        await this.run(this.stopping.signal);
      },
    );
  }

  stop(): void {
    this.stopped = true;
    this.stopping.abort();
  }

  idle(): Promise<void> {
    return Promise.resolve();
  }

  async settled(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true, wait: true });
  }
}

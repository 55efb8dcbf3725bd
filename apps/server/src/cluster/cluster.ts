import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedHostTurns } from '@stl-deals/scraper';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Collection, ScrapeEvent } from '../collection/collection';
import { postgresHostTurns } from './host-turns';
import { QueuedScrapes } from './queued-scrapes';
import {
  listenToScrapeEvents,
  publishScrapeEvent,
  type ScrapeEventsListener,
} from './scrape-events';
import { ScrapeQueue } from './scrape-queue';
import { throttledWarning } from './throttled-warning';
import type { SubscriptionBudget } from '../follow/client-day-limit';
import { sharedClientDays } from './shared-client-days';
import { sharedRateLimitStore } from './shared-rate-limit';

/** What a process of the cluster does: serve the API, scrape, or both (ROLE). */
export type Role = 'api' | 'worker' | 'all';

export interface ClusterOptions {
  url: string;
  role: Role;
  /** A job's lease: a worker silent this long is taken for dead (see ScrapeQueue). */
  leaseS: number;
  pollS: number;
  maintenanceS: number;
  logger: FastifyBaseLogger;
}

/** How long a queue that gives a worker's job back takes for the jobs under way at shutdown. */
const STOP_GRACE_MS = 3_000;

/**
 * A process's part in a cluster on one PostgreSQL database (DATABASE_URL): scrapes are jobs of
 * the shared queue (`dispatch`), whichever process asks; workers run them (`work`) and tell every
 * process what they scraped over LISTEN/NOTIFY; API instances follow (`follow`), each serving
 * from its own read model; menu hosts' turns and the refresh rate limit are shared too.
 */
export class Cluster {
  readonly dispatch: QueuedScrapes;
  readonly hostTurns: SharedHostTurns;
  readonly rateLimitStore: FastifyRateLimitStoreCtor;
  private listener: ScrapeEventsListener | null = null;
  /** This process, as its scrape events name it. */
  private readonly id = randomUUID();
  /**
   * The dispensaries whose jobs run here, each with the end of its scrape once told: told to the
   * cluster only after the job is completed (see ScrapeQueue.work).
   */
  private readonly jobsHere = new Map<string, ScrapeEvent | null>();

  private constructor(
    private readonly options: ClusterOptions,
    private readonly pool: pg.Pool,
    private readonly queue: ScrapeQueue,
  ) {
    // Long enough for a job whose worker died: its lease runs out, then another worker retries.
    this.dispatch = new QueuedScrapes((key) => queue.send(key), 2 * options.leaseS * 1000 + 30_000);
    this.hostTurns = postgresHostTurns(pool, options.logger);
    this.rateLimitStore = sharedRateLimitStore(pool);
  }

  /**
   * The push subscriptions' (or, by `scope`, email sign-ups') daily budget per client, one over every API process (see
   * shared-client-days.ts); `secret` keys the clients' hashes and must be the same in every
   * process (the VAPID private key).
   */
  subscriptionBudget(secret: string, perDay: number, scope = 'push'): SubscriptionBudget {
    return sharedClientDays(this.pool, secret, perDay, this.options.logger, scope);
  }

  static async open(options: ClusterOptions): Promise<Cluster> {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 6,
      connectionTimeoutMillis: 5_000,
      application_name: 'stl-deals-cluster',
    });
    // A connection the server ends is an 'error' event of the pool; calls report the outage.
    pool.on('error', () => undefined);
    try {
      const queue = await ScrapeQueue.open({ ...options, retryLimit: 3 });
      return new Cluster(options, pool, queue);
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  get role(): Role {
    return this.options.role;
  }

  /**
   * Tells every process of the cluster of a scrape here (its start, its end). The end of a job's
   * scrape waits for the job to be completed.
   */
  publish(event: ScrapeEvent): void {
    if (event.kind === 'finished' && this.jobsHere.has(event.key)) {
      this.jobsHere.set(event.key, event);
      return;
    }
    this.tell(event);
  }

  private tell(event: ScrapeEvent): void {
    publishScrapeEvent(this.pool, { ...event, from: this.id }).catch((error: unknown) =>
      this.options.logger.warn({ err: error, dispensary: event.key }, 'scrape event not sent'),
    );
  }

  /**
   * Keeps `collection` current with the scrapes of every worker: each event read from the
   * channel, and the whole store read again whenever listening (re)starts, since events sent
   * meanwhile are lost.
   */
  follow(collection: Collection, keys: readonly string[]): void {
    const { logger } = this.options;
    const failed = (error: unknown) => logger.warn({ err: error }, 'could not follow a scrape');
    const lostWarning = throttledWarning(
      logger,
      'scrape events: the connection is lost; connecting again',
    );
    this.listener = listenToScrapeEvents({
      url: this.options.url,
      onEvent: (event) => {
        // This process's own scrape is in its collection already; only its waiters need word.
        if (event.from === this.id) {
          if (event.kind === 'finished') this.dispatch.finished(event.key, event.result);
          return;
        }
        if (event.kind === 'started') {
          collection.scrapeStartedElsewhere(event.key, new Date(event.leaseUntil));
          return;
        }
        collection
          .follow(event.key, event)
          .catch(failed)
          .finally(() => this.dispatch.finished(event.key, event.result));
      },
      onListening: () => {
        void Promise.all(keys.map((key) => collection.follow(key).catch(failed)));
      },
      onError: (error) => {
        lostWarning(error);
        // No word of a scrape can come until listening again: the waiting refreshes fail.
        this.dispatch.lost(error);
      },
    });
  }

  /**
   * Runs scrape jobs here, `concurrency` at a time. The job is completed before the end of its
   * scrape is told: until then it refuses another job of its dispensary, so whoever asked in the
   * meantime joined it and waits for this word.
   */
  async work(collection: Collection, concurrency: number): Promise<void> {
    await this.queue.work(concurrency, async (key, complete) => {
      this.jobsHere.set(key, null);
      try {
        await collection.runJob(key);
        // A scrape a shutdown stopped is not done: failing the job gives it to another worker.
        if (collection.stopped) throw new Error('the worker stopped during the scrape');
        await complete();
      } finally {
        const ended = this.jobsHere.get(key);
        this.jobsHere.delete(key);
        if (ended) this.tell(ended);
      }
    });
  }

  async close(): Promise<void> {
    this.dispatch.close();
    await Promise.allSettled([this.queue.stop(STOP_GRACE_MS), this.listener?.close()]);
    await this.pool.end().catch(() => undefined);
  }
}

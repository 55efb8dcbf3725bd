import { openPostgresRepository } from '@stl-deals/store';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startPostgresServer,
  type PostgresServer,
} from '../../../packages/store/test/support/postgres-server';
import { postgresHostTurns } from '../src/cluster/host-turns';
import { DISPATCH_REASONS, QueuedScrapes } from '../src/cluster/queued-scrapes';
import {
  listenToScrapeEvents,
  publishScrapeEvent,
  readScrapeEvent,
  type SentScrapeEvent,
} from '../src/cluster/scrape-events';
import { ScrapeQueue } from '../src/cluster/scrape-queue';
import { sharedClientDays } from '../src/cluster/shared-client-days';
import { sharedRateLimitStore } from '../src/cluster/shared-rate-limit';
import { DispatchFailedError } from '../src/collection/refresh-pass';

/* The cluster's parts, each against a real PostgreSQL (the whole cluster: cluster.test.ts). */

const logger = pino({ level: 'silent' });
let postgres: PostgresServer;
let url: string;
const pools: pg.Pool[] = [];

/** A pool as one process of the cluster has it. */
function processPool(): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  // As the cluster's own pool: a pool ends its clients without waiting for them, so the server
  // stopped right after may end one first, and its error must not go unheard.
  pool.on('error', () => undefined);
  pools.push(pool);
  return pool;
}

beforeAll(async () => {
  postgres = await startPostgresServer();
  url = await postgres.createDatabase();
  // The repository's migrations make the cluster's tables.
  await (await openPostgresRepository({ url })).close();
}, 60_000);

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await postgres?.stop();
});

describe('host turns across processes', () => {
  it('a second process waits for the turn, and learns when the first one ended', async () => {
    const first = postgresHostTurns(processPool(), logger);
    const second = postgresHostTurns(processPool(), logger);
    const signal = new AbortController().signal;
    const held = await first.take('menus.example.com', signal);
    let secondGotIt = false;
    const waiting = second.take('menus.example.com', signal).then((turn) => {
      secondGotIt = true;
      return turn;
    });
    // Another host is not held up by it.
    const other = await second.take('api.example.com', signal);
    await other.release(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(secondGotIt).toBe(false);
    await held.release(true);
    const turn = await waiting;
    // The first one's request ended just now, by the database's clock.
    expect(turn.sinceLastEndMs).toBeGreaterThanOrEqual(0);
    expect(turn.sinceLastEndMs).toBeLessThan(1_000);
    await turn.release(false);
  });

  it('tells how long ago the last request ended, and an end in the future as just now', async () => {
    const turns = postgresHostTurns(processPool(), logger);
    const signal = new AbortController().signal;
    const admin = processPool();
    const storeEnd = (host: string, offsetMs: number) =>
      admin.query(
        `INSERT INTO host_turns (host, last_end_ms)
         VALUES ($1, (extract(epoch FROM clock_timestamp()) * 1000)::bigint + $2)
         ON CONFLICT (host) DO UPDATE SET last_end_ms = EXCLUDED.last_end_ms`,
        [host, offsetMs],
      );
    const MINUTE = 60_000;
    // Ten minutes ago; then five days ahead, as a process whose clock ran ahead once wrote it.
    await storeEnd('past.example.com', -10 * MINUTE);
    await storeEnd('ahead.example.com', 5 * 24 * 60 * MINUTE);

    const past = await turns.take('past.example.com', signal);
    expect(past.sinceLastEndMs).toBeGreaterThanOrEqual(10 * MINUTE);
    expect(past.sinceLastEndMs).toBeLessThan(10 * MINUTE + 5_000);
    await past.release(false);

    const ahead = await turns.take('ahead.example.com', signal);
    expect(ahead.sinceLastEndMs).toBe(0);
    // A request in this turn puts the end back at the database's now.
    await ahead.release(true);
    const next = await turns.take('ahead.example.com', signal);
    expect(next.sinceLastEndMs).toBeLessThan(1_000);
    await next.release(false);
    const { rows } = await admin.query<{ ahead_ms: string }>(
      `SELECT last_end_ms - (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ahead_ms
         FROM host_turns WHERE host = 'ahead.example.com'`,
    );
    expect(Number(rows[0]?.ahead_ms)).toBeLessThanOrEqual(0);
  });

  it('a wait for a turn ends when its scrape is aborted', async () => {
    const first = postgresHostTurns(processPool(), logger);
    const held = await first.take('slow.example.com', new AbortController().signal);
    const abort = new AbortController();
    const waiting = postgresHostTurns(processPool(), logger).take('slow.example.com', abort.signal);
    abort.abort(new Error('scrape timed out'));
    await expect(waiting).rejects.toThrow('scrape timed out');
    await held.release(true);
  });
});

describe('the shared refresh rate limit', () => {
  it('counts one budget per client over every instance, in a window', async () => {
    const Store = sharedRateLimitStore(processPool());
    const instances = [new Store({}), new Store({})];
    const counts: number[] = [];
    for (let index = 0; index < 5; index++) {
      counts.push(
        await new Promise<number>((resolve, reject) =>
          instances[index % 2]?.incr(
            '203.0.113.1',
            (error, result) => (error ? reject(error) : resolve(result?.current ?? -1)),
            60_000,
            10,
          ),
        ),
      );
    }
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    const fresh = await new Promise<{ current: number; ttl: number } | undefined>((resolve) =>
      instances[0]?.incr('203.0.113.2', (_error, result) => resolve(result), 60_000, 10),
    );
    expect(fresh?.current).toBe(1);
    expect(fresh?.ttl).toBeGreaterThan(59_000);
    expect(fresh?.ttl).toBeLessThanOrEqual(60_000);
  });
});

describe("the push subscriptions' daily budget", () => {
  it('is one per client over every process, kept under a keyed hash, not the address', async () => {
    const now = new Date();
    const [a, b] = [processPool(), processPool()].map((pool) =>
      sharedClientDays(pool, 'the-vapid-private-key', 3, logger),
    );
    // Six at once from one client over two processes: three are taken, whichever they are.
    const taken = await Promise.all(
      [a, b, a, b, a, b].map((process) => process!.take('203.0.113.9', now)),
    );
    expect(taken.filter(Boolean)).toHaveLength(3);
    expect(await b!.take('203.0.113.10', now)).toBe(true);
    // One given back (its subscription was not made) can be taken again, once.
    await a!.giveBack('203.0.113.9', now);
    expect(await b!.take('203.0.113.9', now)).toBe(true);
    expect(await a!.take('203.0.113.9', now)).toBe(false);
    // Another key (another deployment's VAPID key) counts apart.
    const other = sharedClientDays(processPool(), 'another-key', 3, logger);
    expect(await other.take('203.0.113.9', now)).toBe(true);

    const { rows } = await processPool().query<{ client: string }>(
      `SELECT client FROM refresh_limits WHERE client LIKE 'push:%'`,
    );
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.client).join(' ')).not.toContain('203.0.113');
  });

  it('allows while the database is away, and says so once', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    await pool.end();
    const warnings: unknown[] = [];
    const away = sharedClientDays(pool, 'key', 3, {
      ...logger,
      warn: (...args: unknown[]) => warnings.push(args),
    });
    expect(await away.take('203.0.113.11', new Date())).toBe(true);
    await away.giveBack('203.0.113.11', new Date());
    expect(warnings).toHaveLength(1);
  });
});

describe('scrape events', () => {
  it('reach every listening process, and a payload not ours is ignored', async () => {
    const heard: SentScrapeEvent[] = [];
    let ready!: () => void;
    const listening = new Promise<void>((resolve) => (ready = resolve));
    const listener = listenToScrapeEvents({
      url,
      onEvent: (event) => heard.push(event),
      onListening: () => ready(),
      onError: () => undefined,
    });
    await listening;
    const pool = processPool();
    await pool.query(`SELECT pg_notify('stl_deals_scrapes', '{"kind":"finished","key":1}')`);
    const event: SentScrapeEvent = {
      from: 'process-1',
      kind: 'finished',
      key: 's1',
      result: 'refreshed',
      durationMs: 12,
      unconfigured: false,
    };
    await publishScrapeEvent(pool, event);
    for (let waited = 0; heard.length === 0 && waited < 5_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(heard).toEqual([event]);
    await listener.close();
  });

  it('reads only well-formed events', () => {
    expect(readScrapeEvent('not json')).toBeNull();
    expect(
      readScrapeEvent('{"from":"p","kind":"started","key":"a","leaseUntil":"soon"}'),
    ).toBeNull();
    expect(
      readScrapeEvent('{"kind":"started","key":"a","leaseUntil":"2026-11-24T10:00:00.000Z"}'),
    ).toBeNull();
    expect(
      readScrapeEvent(
        '{"from":"p","kind":"started","key":"a","leaseUntil":"2026-11-24T10:00:00.000Z"}',
      ),
    ).toEqual({ from: 'p', kind: 'started', key: 'a', leaseUntil: '2026-11-24T10:00:00.000Z' });
  });
});

describe('QueuedScrapes', () => {
  it("resolves every caller of a store with its scrape's result, wherever it ran", async () => {
    const sent: string[] = [];
    const scrapes = new QueuedScrapes((key) => {
      sent.push(key);
      return Promise.resolve();
    }, 10_000);
    const both = Promise.all([scrapes.request('a'), scrapes.request('a')]);
    const other = scrapes.request('b');
    scrapes.finished('a', 'refreshed');
    expect(await both).toEqual(['refreshed', 'refreshed']);
    scrapes.close();
    expect(await other).toBe('skipped');
    expect(sent).toEqual(['a', 'a', 'b']);
  });

  it('a queue that cannot be reached, or no word in time, fails the refresh with its reason', async () => {
    const down = new QueuedScrapes(() => Promise.reject(new Error('ECONNREFUSED')), 10_000);
    const refused = await down.request('a').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DispatchFailedError);
    expect(refused).toMatchObject({ publicReason: DISPATCH_REASONS.unreachable });
    expect(DISPATCH_REASONS.unreachable).toMatch(/database cannot be reached/);
    const silent = new QueuedScrapes(() => Promise.resolve(), 50);
    await expect(silent.request('a')).rejects.toMatchObject({
      publicReason: DISPATCH_REASONS.unanswered,
    });
  });

  it('the word of scrapes lost: every waiting refresh fails, saying the database cannot be reached', async () => {
    const scrapes = new QueuedScrapes(() => Promise.resolve(), 10_000);
    const waiting = Promise.allSettled([scrapes.request('a'), scrapes.request('b')]);
    scrapes.lost(new Error('terminating connection due to administrator command'));
    for (const settled of await waiting) {
      expect(settled).toMatchObject({
        status: 'rejected',
        reason: { publicReason: DISPATCH_REASONS.unreachable },
      });
    }
    // Listening again: a refresh hears its scrape's end as before.
    const again = scrapes.request('a');
    scrapes.finished('a', 'refreshed');
    expect(await again).toBe('refreshed');
  });
});

describe('the scrape queue', () => {
  const queues: ScrapeQueue[] = [];
  /** The queue as one process of the cluster opens it. */
  const openQueue = async () => {
    const queue = await ScrapeQueue.open({
      url,
      leaseS: 30,
      pollS: 1,
      maintenanceS: 1,
      retryLimit: 2,
      logger,
    });
    queues.push(queue);
    return queue;
  };
  const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Each test's queues stop at its end: a worker left running would take the next test's jobs. */
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop(1_000)));
  });

  it("a dispensary's job queued or running, asked from any process, is joined; once completed, a new one is queued", async () => {
    // Two processes opening the queue together both find the one-job rule made.
    const [asker, worker] = await Promise.all([openQueue(), openQueue()]);
    expect(await asker.send('a')).toBe(true);
    expect(await worker.send('a')).toBe(false);
    const runs: string[] = [];
    let running!: () => void;
    const isRunning = new Promise<void>((resolve) => (running = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let askedOnceCompleted: boolean | undefined;
    await worker.work(1, async (key, complete) => {
      runs.push(key);
      if (runs.length > 1) return complete();
      running();
      await released;
      await complete();
      askedOnceCompleted = await asker.send(key);
    });
    await isRunning;
    // Running: a second ask joins it instead of waiting behind it to scrape again.
    expect(await asker.send('a')).toBe(false);
    expect(await worker.send('a')).toBe(false);
    release();
    for (let waited = 0; runs.length < 2 && waited < 10_000; waited += 50) await settle(50);
    expect(askedOnceCompleted).toBe(true);
    expect(runs).toEqual(['a', 'a']);
  }, 20_000);

  it('a job waiting for its retry is joined too, and its retry still runs', async () => {
    const queue = await openQueue();
    const attempts: string[] = [];
    let asked: boolean | undefined;
    await queue.work(1, async (key, complete) => {
      attempts.push(key);
      if (attempts.length === 1) {
        // Failed (its worker stopped): the job waits 2-4 s for its retry.
        setTimeout(() => void queue.send(key).then((queued) => (asked = queued)), 300);
        throw new Error('the worker stopped during the scrape');
      }
      await complete();
    });
    expect(await queue.send('r')).toBe(true);
    for (let waited = 0; attempts.length < 2 && waited < 10_000; waited += 50) await settle(50);
    expect(asked).toBe(false);
    expect(attempts).toEqual(['r', 'r']);
    // Nothing more was queued behind it.
    await settle(1_500);
    expect(attempts).toEqual(['r', 'r']);
  }, 20_000);
});

import { closeSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CacheStatusSchema } from '@stl-deals/domain';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { createSqliteRepository } from '@stl-deals/store';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_FAULT_REASONS } from '../src/collection/maintenance';
import { STORAGE_REASONS } from '../src/collection/scrape-verdict';
import { feedDeals } from './support/deals';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { feedRegistry, startApp, tempDir, TestClock } from './support/harness';

const DAY_MS = 24 * 60 * 60 * 1000;
// The shortest check interval the configuration takes; a fault must show within it.
const CHECK_INTERVAL_S = 1;

let feed: FeedServer;
beforeAll(async () => {
  feed = await startFeedServer();
});
afterAll(() => feed.close());

let dataDir: string;
let file: string;
let lines: Array<Record<string, unknown>>;
const apps: FastifyInstance[] = [];

beforeEach(() => {
  dataDir = tempDir();
  file = join(dataDir, 'deals.sqlite');
  lines = [];
  feed.set('alpha', { deals: feedDeals('alpha', 3) });
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function app(
  env: Record<string, string> = {},
  clock = new TestClock(),
  repository?: Parameters<typeof startApp>[0]['repository'],
) {
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const started = await startApp({
    registry: feedRegistry(feed, ['alpha']),
    dataDir,
    env: { STORE_CHECK_INTERVAL_S: String(CHECK_INTERVAL_S), ...env },
    clock,
    logger,
    repository,
  });
  apps.push(started);
  return started;
}

/** Reads the history behind the app's back, as another process would. */
function historyKeys(): string[] {
  const connection = new BetterSqlite3(file, { readonly: true });
  try {
    return connection
      .prepare('select deal_key from deal_history order by deal_key')
      .pluck()
      .all() as string[];
  } finally {
    connection.close();
  }
}

/** Polls `ping` until it answers 503, for at most `withinMs`; answers how long that took. */
async function untilPingAnswers(server: FastifyInstance, withinMs: number): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < withinMs) {
    if ((await server.inject('/api/monitoring/scraper/ping')).statusCode === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`ping still answers 503 after ${withinMs} ms`);
}

async function untilPingFails(server: FastifyInstance, withinMs: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < withinMs) {
    if ((await server.inject('/api/monitoring/scraper/ping')).statusCode === 503) {
      return Date.now() - start;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`ping still answers 200 after ${withinMs} ms`);
}

const failedChecks = () => lines.filter(({ msg }) => msg === 'the store failed its check');

describe('deal history retention', () => {
  it('prunes at start what was last seen before HISTORY_RETENTION_DAYS, never a served deal', async () => {
    const clock = new TestClock();
    const server = await app({ HISTORY_RETENTION_DAYS: '7' }, clock);
    await server.inject({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      url: '/api/scraper/refresh/alpha',
    });
    // The feed gives its deals new ids, keeping one: 'alpha-0' stays in the snapshot.
    feed.set('alpha', {
      deals: [feedDeals('alpha', 1)[0], ...feedDeals('renamed', 2)],
    });
    clock.advance(10 * DAY_MS);
    await server.inject({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      url: '/api/scraper/refresh/alpha',
    });
    expect(historyKeys()).toHaveLength(5);

    server.maintenance.start();
    await server.maintenance.settled();

    // alpha-0 and the two renamed deals (the scraper hashes the ids into its keys).
    expect(historyKeys()).toHaveLength(3);
    const deals = (await server.inject('/api/reactive/deals?dispensary=alpha')).json<
      Array<{ title: string; firstSeenAt: string }>
    >();
    // Seen since the first scrape, ten days ago: the pruning kept its first sighting.
    const kept = deals.find((deal) => deal.title.endsWith('pack 1 at alpha'));
    expect(kept?.firstSeenAt).toBe(new Date(clock.now().getTime() - 10 * DAY_MS).toISOString());
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'pruned the deal history', pruned: 2 }),
    );
  });
});

describe('a store that fails its check', () => {
  const clock = new TestClock();

  async function runningApp(): Promise<FastifyInstance> {
    const server = await app({}, clock);
    await server.inject({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      url: '/api/scraper/refresh/alpha',
    });
    server.maintenance.start();
    await server.maintenance.settled();
    expect((await server.inject('/api/monitoring/scraper/ping')).json()).toEqual({ ok: true });
    return server;
  }

  async function expectFaultShown(server: FastifyInstance, reason: string): Promise<void> {
    const ping = await server.inject('/api/monitoring/scraper/ping');
    expect(ping.statusCode).toBe(503);
    expect(ping.json()).toEqual({ error: 'StorageFailing', message: reason });
    // Liveness stays: a proxy keeps sending visitors to the process that serves its read model.
    const live = await server.inject('/api/monitoring/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true });
    const status = CacheStatusSchema.parse(
      (await server.inject('/api/monitoring/scraper/status')).json(),
    );
    expect(status.storage).toEqual({ ok: false, reason });
    // The last good deals, held in memory, are still served.
    const deals = await server.inject('/api/reactive/deals');
    expect(deals.statusCode).toBe(200);
    expect(deals.json()).toHaveLength(3);
  }

  it('is noticed within one check interval once its file is deleted', async () => {
    const server = await runningApp();

    rmSync(file);
    rmSync(`${file}-wal`, { force: true });
    rmSync(`${file}-shm`, { force: true });

    await untilPingFails(server, CHECK_INTERVAL_S * 1000 + 500);
    await expectFaultShown(server, STORAGE_FAULT_REASONS.missing);

    // A new scrape is not written to the vanished file: the last good deals stay.
    feed.set('alpha', { deals: feedDeals('alpha', 5) });
    clock.advance(DAY_MS);
    const refresh = await server.inject({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      url: '/api/scraper/refresh/alpha',
    });
    expect(refresh.json()).toHaveLength(3);
    const status = CacheStatusSchema.parse(
      (await server.inject('/api/monitoring/scraper/status')).json(),
    );
    expect(status.sources?.[0]).toMatchObject({ state: 'stale', error: STORAGE_REASONS.fault });

    // Logged once, however many checks find the same fault.
    await new Promise((resolve) => setTimeout(resolve, CHECK_INTERVAL_S * 1000 + 200));
    expect(failedChecks()).toEqual([expect.objectContaining({ level: 50, fault: 'missing' })]);
  });

  it('is noticed within one check interval once pages of its file are overwritten', async () => {
    const server = await runningApp();
    // Committed pages move from the log to the file, where the damage lands.
    const checkpoint = new BetterSqlite3(file);
    checkpoint.pragma('wal_checkpoint(TRUNCATE)');
    checkpoint.close();

    const pageSize = 4096;
    const descriptor = openSync(file, 'r+');
    for (let page = 1; page < Math.floor(statSync(file).size / pageSize); page++) {
      writeSync(descriptor, Buffer.alloc(512, 0xa5), 0, 512, page * pageSize);
    }
    closeSync(descriptor);

    await untilPingFails(server, CHECK_INTERVAL_S * 1000 + 500);
    await expectFaultShown(server, STORAGE_FAULT_REASONS.damaged);
    expect(failedChecks()).toEqual([expect.objectContaining({ fault: 'damaged' })]);
  });

  it('is noticed once its file cannot be written, and clears once a write succeeds', async () => {
    // The test holds the connection, to make SQLite refuse writes as a read-only remount would.
    const connection = new BetterSqlite3(file);
    const server = await app({}, clock, await createSqliteRepository(connection, { file }));
    const refresh = () =>
      server.inject({
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        url: '/api/scraper/refresh/alpha',
      });
    expect((await refresh()).json()).toHaveLength(3);
    server.maintenance.start();

    connection.pragma('query_only = ON');
    feed.set('alpha', { deals: feedDeals('alpha', 5) });
    clock.advance(DAY_MS);
    expect((await refresh()).json()).toHaveLength(3);
    const status = CacheStatusSchema.parse(
      (await server.inject('/api/monitoring/scraper/status')).json(),
    );
    expect(status.sources?.[0]).toMatchObject({ state: 'stale', error: STORAGE_REASONS.fault });
    await untilPingFails(server, CHECK_INTERVAL_S * 1000 + 500);
    await expectFaultShown(server, STORAGE_FAULT_REASONS.unwritable);

    connection.pragma('query_only = OFF');
    clock.advance(DAY_MS);
    expect((await refresh()).json()).toHaveLength(5);
    await untilPingAnswers(server, CHECK_INTERVAL_S * 1000 + 500);
  });

  it('is noticed once a write finds the disk full, on every signal, and clears once one fits', async () => {
    // The test holds the connection, to stop the file growing as a full disk does (SQLITE_FULL).
    const connection = new BetterSqlite3(file);
    const server = await app(
      { METRICS_TOKEN: 'metrics-token-for-tests' },
      clock,
      await createSqliteRepository(connection, { file }),
    );
    const origin = await server.listen({ port: 0, host: '127.0.0.1' });
    const refresh = () =>
      fetch(`${origin}/api/scraper/refresh/alpha`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    const storageGauge = async () => {
      const body = await (
        await fetch(`${origin}/metrics`, {
          headers: { authorization: 'Bearer metrics-token-for-tests' },
        })
      ).text();
      return Number(/^stl_deals_storage_ok (\S+)$/m.exec(body)?.[1]);
    };
    const status = async () =>
      CacheStatusSchema.parse(
        await (await fetch(`${origin}/api/monitoring/scraper/status`)).json(),
      );
    expect(await (await refresh()).json()).toHaveLength(3);
    server.maintenance.start();
    await server.maintenance.settled();
    expect(await storageGauge()).toBe(1);

    connection.pragma(
      `max_page_count = ${Number(connection.pragma('page_count', { simple: true }))}`,
    );
    feed.set('alpha', { deals: feedDeals('alpha', 400) });
    clock.advance(DAY_MS);
    expect(await (await refresh()).json()).toHaveLength(3);
    expect((await status()).sources?.[0]).toMatchObject({
      state: 'stale',
      error: STORAGE_REASONS.full,
    });
    await untilPingFails(server, CHECK_INTERVAL_S * 1000 + 500);
    const ping = await fetch(`${origin}/api/monitoring/scraper/ping`);
    expect(ping.status).toBe(503);
    expect(await ping.json()).toEqual({
      error: 'StorageFailing',
      message: STORAGE_FAULT_REASONS.full,
    });
    expect((await status()).storage).toEqual({ ok: false, reason: STORAGE_FAULT_REASONS.full });
    expect(await storageGauge()).toBe(0);
    expect(failedChecks()).toEqual([expect.objectContaining({ fault: 'full' })]);

    // Room again: the next write that fits clears it.
    connection.pragma('max_page_count = 1000000');
    clock.advance(DAY_MS);
    expect(await (await refresh()).json()).toHaveLength(400);
    await untilPingAnswers(server, CHECK_INTERVAL_S * 1000 + 500);
    expect((await status()).storage).toEqual({ ok: true });
    expect(await storageGauge()).toBe(1);
  });
});

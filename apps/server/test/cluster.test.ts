import { createECDH, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPostgresRepository } from '@stl-deals/store';
import { SUBSCRIPTIONS_PER_CLIENT_DAY } from '../src/routes/push';
import { REFRESH_ERROR_HEADER } from '../src/routes/refresh';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPostgresServer,
  type PostgresServer,
} from '../../../packages/store/test/support/postgres-server';
import { feedDeals } from './support/deals';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { feedRegistry, tempDir } from './support/harness';
import { listening, start, until, type Started } from './support/service-process';

/*
 * The cluster as plain processes: one real PostgreSQL, two API processes and two
 * worker processes of the service (`ROLE`), and a local feed server standing in for the menu
 * platforms, counting each store's requests and who sent them (each worker its own User-Agent).
 */

const STORES = ['s1', 's2', 's3', 's4', 's5', 's6'];
const SLOW = 's6';
/** Short, so that the tests can outlast it; long enough to cover a burst of refreshes. */
const COOLDOWN_S = 5;

interface Service {
  name: string;
  process: Started;
  origin: string;
}

let postgres: PostgresServer;
let feed: FeedServer;
let databaseUrl: string;
let registryFile: string;
const services: Service[] = [];

/** A process of the service; `settings` replace the cluster's below (another database, ...). */
async function startService(
  name: string,
  role: 'api' | 'worker' | 'all',
  settings: Record<string, string> = {},
): Promise<Service> {
  const process = start({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    ROLE: role,
    DEALS_REGISTRY: registryFile,
    USER_AGENT: `STLDealsTest/1.0 (${name})`,
    REFRESH_COOLDOWN_S: String(COOLDOWN_S),
    // Nothing falls due during the tests: only the refresh calls scrape.
    REFRESH_INTERVAL_MIN: String(24 * 60),
    // The stores share the feed server's host, which takes one request a second from the whole
    // cluster: a scrape may wait its turn behind all the others. The lease outlasts a scrape.
    SCRAPE_TIMEOUT_S: '20',
    JOB_LEASE_S: '25',
    QUEUE_MAINTENANCE_S: '1',
    STORE_CHECK_INTERVAL_S: '1',
    RESOLVE_SOURCES: 'off',
    // As behind the compose file's proxy: the client is what one proxy appended.
    TRUST_PROXY: '1',
    LOG_LEVEL: 'info',
    ...settings,
  });
  const service = { name, process, origin: await listening(process) };
  services.push(service);
  return service;
}

async function json<T>(origin: string, path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${origin}${path}`, init);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let visitors = 0;
/** A refresh as a new visitor asks it (each its own address, so its own rate limit budget). */
const refresh = (origin: string, key = 'all', client = `198.51.100.${++visitors}`) =>
  fetch(`${origin}/api/scraper/refresh/${key}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: '{}',
  });

interface Status {
  storage: { ok: boolean; reason?: string };
  sources: Array<{ key: string; state: string; dealCount: number; error: string | null }>;
}
const status = (origin: string) => json<Status>(origin, '/api/monitoring/scraper/status');
const sourceOf = async (origin: string, key: string) =>
  (await status(origin)).sources.find((source) => source.key === key);
const dealTitles = async (origin: string) =>
  (await json<Array<{ title: string }>>(origin, '/api/reactive/deals'))
    .map(({ title }) => title)
    .sort();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A refresh answered as failed: its last good deals, why (the database), and as of when. */
function expectFailedRefresh(answer: Response): void {
  expect(answer.status).toBe(200);
  const reason = answer.headers.get('x-refresh-error');
  expect(decodeURIComponent(reason ?? '')).toMatch(/database cannot be reached/);
  expect(Date.parse(answer.headers.get('x-deals-as-of') ?? '')).not.toBeNaN();
}

let apiA: Service;
let apiB: Service;

beforeAll(async () => {
  [postgres, feed] = await Promise.all([startPostgresServer(), startFeedServer()]);
  databaseUrl = await postgres.createDatabase();
  registryFile = join(tempDir(), 'registry.json');
  writeFileSync(registryFile, JSON.stringify(feedRegistry(feed, STORES)));
  for (const key of STORES) feed.set(key, { deals: feedDeals(key, 3) });
  // Every store scraped just now, as if by an earlier pass: its deals stored and its attempt
  // recorded. So no worker's schedule finds one due, at its start or later (a store with nothing
  // recent stored is due at a process's start: then a worker starting after the cooldown, such
  // as worker-3 below, would scrape it on its own, and a refresh-all just after would skip it);
  // only the refresh calls scrape, once the cooldown is over.
  const repository = await openPostgresRepository({ url: databaseUrl });
  const now = new Date();
  for (const key of STORES) {
    await repository.replaceSnapshot(key, feedDeals(key, 3), now);
    await repository.recordScrapeRun({
      dispensaryKey: key,
      startedAt: now.toISOString(),
      finishedAt: now.toISOString(),
      outcome: 'ok',
      transport: 'http',
      dealCount: 3,
      error: null,
    });
  }
  await repository.close();
  [apiA, apiB] = await Promise.all([startService('api-a', 'api'), startService('api-b', 'api')]);
  await Promise.all([startService('worker-1', 'worker'), startService('worker-2', 'worker')]);
  await sleep(COOLDOWN_S * 1000);
}, 90_000);

afterAll(async () => {
  await Promise.all(
    services.map(async ({ process }) => {
      if (process.child.exitCode === null && process.child.signalCode === null) {
        process.child.kill('SIGTERM');
        await process.exited;
      }
    }),
  );
  await Promise.all([feed?.close(), postgres?.stop()]);
}, 30_000);

describe('the cluster: two APIs and two workers on one PostgreSQL', () => {
  it('a worker killed in the middle of a scrape: the other worker finishes the job', async () => {
    feed.set(SLOW, { hold: true });
    const asked = refresh(apiA.origin, SLOW);
    const agent = await until(() => feed.userAgents(SLOW)[0], 'the held scrape', 20_000);
    const holder = services.find(({ name }) => agent.includes(`(${name})`));
    expect(holder?.name).toMatch(/^worker-/);
    // Seen as running by both APIs, whichever worker runs it.
    await until(
      async () => (await status(apiB.origin)).sources.find(({ key }) => key === SLOW)?.state,
      'running',
    );
    holder?.process.child.kill('SIGKILL');
    await holder?.process.exited;
    feed.set(SLOW, { deals: feedDeals(SLOW, 4) });

    const answer = await asked;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as unknown[]).length).toBe(4);
    const agents = feed.userAgents(SLOW);
    expect(agents).toHaveLength(2);
    expect(agents[1]).not.toContain(`(${holder?.name})`);
    for (const api of [apiA, apiB]) {
      const slow = (await status(api.origin)).sources.find(({ key }) => key === SLOW);
      expect(slow).toMatchObject({ state: 'ok', dealCount: 4 });
    }
    // Two workers again for what follows.
    await startService('worker-3', 'worker');
  }, 60_000);

  it('20 concurrent refresh-all calls over both APIs scrape each store exactly once', async () => {
    await sleep(COOLDOWN_S * 1000);
    const before = new Map(STORES.map((key) => [key, feed.requests(key)]));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => refresh(index % 2 ? apiA.origin : apiB.origin)),
    );
    expect(answers.map(({ status }) => status)).toEqual(Array(20).fill(200));
    const scraped = Object.fromEntries(
      STORES.map((key) => [key, feed.requests(key) - (before.get(key) ?? 0)]),
    );
    // Beside the counts, what the callers were told and what each API shows of the stores: a
    // store not asked says why (skipped: its cooldown; failed: its scrape's error).
    const summaries = new Set(
      await Promise.all(
        answers.map(async (answer) => {
          const { refreshed, failed, skipped } = (await answer.json()) as Record<string, number>;
          return JSON.stringify({ refreshed, failed, skipped });
        }),
      ),
    );
    const shown = await Promise.all(
      [apiA, apiB].map(async ({ name, origin }) => ({
        name,
        sources: (await status(origin)).sources,
      })),
    );
    expect(scraped, JSON.stringify({ summaries: [...summaries], shown })).toEqual(
      Object.fromEntries(STORES.map((key) => [key, 1])),
    );
    const [a, b] = await Promise.all([dealTitles(apiA.origin), dealTitles(apiB.origin)]);
    expect(a).toHaveLength(5 * 3 + 4);
    expect(b).toEqual(a);
  }, 60_000);

  it('a deal stored through one instance is served by the other within 1 s', async () => {
    await sleep(COOLDOWN_S * 1000);
    feed.set('s1', { deals: [...feedDeals('s1', 3), ...feedDeals('s1-new', 1)] });
    const answer = await refresh(apiA.origin, 's1');
    expect(answer.status).toBe(200);
    const answeredAt = Date.now();
    await until(
      async () =>
        (await dealTitles(apiB.origin)).some((title) => title.endsWith(' at s1-new'))
          ? true
          : undefined,
      'the new deal on the other instance',
      5_000,
    );
    expect(Date.now() - answeredAt).toBeLessThan(1_000);
  }, 30_000);

  it('the refresh rate limit holds across the APIs: one budget per client, wherever it asks', async () => {
    const client = '203.0.113.9';
    const answers = [];
    for (let index = 0; index < 14; index++) {
      answers.push((await refresh(index % 2 ? apiA.origin : apiB.origin, 'nope', client)).status);
    }
    // RATE_LIMIT_PER_MIN is 10 (the default): 10 answered (404, no such store), then 429 on both.
    expect(answers).toEqual([...Array<number>(10).fill(404), ...Array<number>(4).fill(429)]);
  }, 30_000);

  it('the push subscriptions a client makes in a day are counted across the APIs', async () => {
    const client = '203.0.113.21';
    const subscribe = (origin: string, index: number) => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return fetch(`${origin}/api/push/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({
          subscription: {
            // A push service of the default allow-list; nothing is sent to it (the
            // subscriptions are stopped below, before any pass).
            endpoint: `https://fcm.googleapis.com/fcm/send/cluster-test-${index}`,
            keys: {
              p256dh: ecdh.getPublicKey('base64url'),
              auth: randomBytes(16).toString('base64url'),
            },
          },
          search: 'category=flower',
        }),
      });
    };
    const made: Array<{ origin: string; id: string; token: string }> = [];
    const statuses: number[] = [];
    for (let index = 0; index < SUBSCRIPTIONS_PER_CLIENT_DAY + 2; index++) {
      const origin = index % 2 ? apiA.origin : apiB.origin;
      const answer = await subscribe(origin, index);
      statuses.push(answer.status);
      if (answer.status === 201) {
        made.push({ origin, ...((await answer.json()) as { id: string; token: string }) });
      }
    }
    await Promise.all(
      made.map(({ origin, id, token }) =>
        fetch(`${origin}/api/push/subscriptions/${id}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': client },
        }),
      ),
    );
    expect(statuses).toEqual([...Array<number>(SUBSCRIPTIONS_PER_CLIENT_DAY).fill(201), 429, 429]);
  }, 30_000);

  it('PostgreSQL stopped for 10 s: the APIs serve their last deals, say so, fail refreshes, and recover', async () => {
    const served = await dealTitles(apiA.origin);
    // A refresh waiting on a scrape (held at the feed) when the database goes.
    feed.set('s3', { hold: true });
    const asked = feed.requests('s3');
    const waiting = refresh(apiB.origin, 's3');
    await until(() => (feed.requests('s3') > asked ? true : undefined), 'the held scrape');
    await postgres.halt();
    const haltedAt = Date.now();
    try {
      // No word of its scrape can come: it is answered as a failed refresh, at once.
      const waited = await waiting;
      expect(Date.now() - haltedAt).toBeLessThan(3_000);
      expectFailedRefresh(waited);
      expect(((await waited.json()) as unknown[]).length).toBe(3);
      // Asked now (of a store out of its cooldown), a refresh cannot be queued: the same
      // failure, with the deals it had.
      const s4Deals = await json<unknown[]>(apiA.origin, '/api/reactive/deals?dispensary=s4');
      const failed = await refresh(apiA.origin, 's4');
      expectFailedRefresh(failed);
      expect(await failed.json()).toEqual(s4Deals);
      for (const [api, key] of [
        [apiA, 's4'],
        [apiB, 's3'],
      ] as const) {
        const source = await sourceOf(api.origin, key);
        expect(source?.state).toBe('stale');
        expect(source?.error).toMatch(/database cannot be reached/);
      }
      for (const api of [apiA, apiB]) {
        await until(
          async () => ((await status(api.origin)).storage.ok ? undefined : true),
          `${api.name} reporting the database unavailable`,
          8_000,
        );
        expect((await status(api.origin)).storage.reason).toMatch(/database cannot be reached/);
        expect(await dealTitles(api.origin)).toEqual(served);
      }
      await sleep(10_000 - (Date.now() - haltedAt));
    } finally {
      await postgres.resume();
    }
    for (const api of [apiA, apiB]) {
      await until(
        async () => ((await status(api.origin)).storage.ok ? true : undefined),
        `${api.name} recovering`,
        15_000,
      );
    }
    feed.set('s3', { deals: feedDeals('s3', 3) });
    feed.release();
    // What the store says again: s4's last attempt went well.
    await until(
      async () => ((await sourceOf(apiA.origin, 's4'))?.state === 'ok' ? true : undefined),
      's4 ok again',
      5_000,
    );
    // Scrapes, notifications and the shared state work again, with no restart.
    feed.set('s2', { deals: feedDeals('s2', 5) });
    // A refresh that scraped: a 200 with the error header is a scrape that failed, or one still
    // going on after the refresh's wait (a busy machine), with the last good deals.
    await until(
      async () => {
        const answer = await refresh(apiB.origin, 's2');
        return answer.status === 200 && !answer.headers.has(REFRESH_ERROR_HEADER)
          ? true
          : undefined;
      },
      'a refresh after the outage',
      30_000,
    );
    const hasNewDeals = async (origin: string) =>
      (await dealTitles(origin)).some((title) => title.includes('pack 5 at s2')) || undefined;
    expect(await hasNewDeals(apiB.origin)).toBe(true);
    await until(() => hasNewDeals(apiA.origin), 'the other instance following again', 10_000);
  }, 100_000);
});

/*
 * Two processes doing everything (ROLE=all) on a database and feeds of their own, with no
 * cooldown: only single-flight stands between a burst of asks and a menu. Each store's feed
 * holds its first request until every ask has landed, so each ask comes while that store's
 * scrape is queued or running somewhere in the cluster, which it must join.
 */
describe('single-flight across the cluster, with no cooldown', () => {
  let ownFeed: FeedServer;
  const settings: Record<string, string> = {};
  let allA: Service;
  let allB: Service;

  const holdFeeds = () => {
    for (const key of STORES) ownFeed.set(key, { hold: true });
  };
  const releaseFeeds = () => {
    for (const key of STORES) ownFeed.set(key, { deals: feedDeals(key, 2) });
    ownFeed.release();
  };
  const counts = () => Object.fromEntries(STORES.map((key) => [key, ownFeed.requests(key)]));
  const everyStore = (count: number) => Object.fromEntries(STORES.map((key) => [key, count]));
  /** Every store's scrape under way, as both processes see it. */
  const allRunning = () =>
    until(async () => {
      for (const { origin } of [allA, allB]) {
        const { sources } = await status(origin);
        if (!sources.every(({ state }) => state === 'running')) return undefined;
      }
      return true;
    }, 'every scrape under way');
  /** Every store scraped, as both processes see it; else what the feeds were asked. */
  const allOk = () =>
    until(async () => {
      for (const { origin } of [allA, allB]) {
        const { sources } = await status(origin);
        if (!sources.every(({ state }) => state === 'ok')) return undefined;
      }
      return true;
    }, 'every store scraped').catch((error: unknown) => {
      throw new Error(
        `${(error as Error).message}; requests per store: ${JSON.stringify(counts())}`,
      );
    });

  beforeAll(async () => {
    ownFeed = await startFeedServer();
    const ownRegistry = join(tempDir(), 'registry.json');
    writeFileSync(ownRegistry, JSON.stringify(feedRegistry(ownFeed, STORES)));
    Object.assign(settings, {
      DATABASE_URL: await postgres.createDatabase(),
      DEALS_REGISTRY: ownRegistry,
      REFRESH_COOLDOWN_S: '0',
      // A held scrape outlasts the processes' start.
      SCRAPE_TIMEOUT_S: '60',
      JOB_LEASE_S: '70',
    });
  }, 30_000);

  afterAll(async () => {
    await ownFeed?.close();
  });

  it('two processes starting together scrape each store once', async () => {
    holdFeeds();
    [allA, allB] = await Promise.all([
      startService('all-a', 'all', settings),
      startService('all-b', 'all', settings),
    ]);
    await allRunning();
    // Both processes' first passes have asked by now (each runs at most 1 s after listening).
    await sleep(2_000);
    releaseFeeds();
    await allOk();
    // A scrape queued behind one that ran would follow it within a poll of the queue.
    await sleep(3_000);
    expect(counts()).toEqual(everyStore(1));
  }, 90_000);

  it('20 concurrent refresh-all calls spread over both processes scrape each store exactly once more', async () => {
    holdFeeds();
    const first = refresh(allA.origin);
    await allRunning();
    const rest = Array.from({ length: 19 }, (_, index) =>
      refresh(index % 2 ? allA.origin : allB.origin),
    );
    // The calls reach both processes while every scrape is under way.
    await sleep(1_500);
    releaseFeeds();
    const answers = await Promise.all([first, ...rest]);
    expect(answers.map(({ status }) => status)).toEqual(Array(20).fill(200));
    // Every caller, wherever it asked, was answered with the scrapes it joined.
    for (const answer of answers) {
      expect(await answer.json()).toMatchObject({ refreshed: 6, failed: 0, skipped: 0 });
    }
    await sleep(3_000);
    expect(counts()).toEqual(everyStore(2));
  }, 90_000);
});

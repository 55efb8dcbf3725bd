/**
 * GET /feeds/deals.atom on the real app: the real store, scraper and read model, deals from local
 * fake feeds. What the feed lists is feed-document.test.ts's; here, the HTTP side of it.
 */
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { openSqliteRepository, type DealsRepository } from '@stl-deals/store';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RADIUS_NEEDS_POINT } from '../src/follow/feed-search';
import { feedLink, readAtom } from './support/atom';
import { feedDeals } from './support/deals';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { feedRegistry, startApp, tempDir, TestClock } from './support/harness';

const KEYS = ['alpha', 'beta'];
const FEED = '/feeds/deals.atom';

let feed: FeedServer;
beforeAll(async () => {
  feed = await startFeedServer();
});
afterAll(() => feed.close());

beforeEach(() => {
  feed.set('alpha', { deals: feedDeals('alpha', 3, 20) });
  feed.set('beta', { deals: feedDeals('beta', 2, 40) });
});

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** The repository, counting every call made to it. */
function counted(repository: DealsRepository): { repository: DealsRepository; calls: string[] } {
  const calls: string[] = [];
  const proxy = new Proxy(repository, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(name));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { repository: proxy, calls };
}

async function scrapedApp(clock = new TestClock()) {
  const dataDir = tempDir();
  const store = counted(await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') }));
  const server = await startApp({
    registry: feedRegistry(feed, KEYS),
    dataDir,
    clock,
    repository: store.repository,
  });
  apps.push(server);
  await server.inject({
    method: 'POST',
    url: '/api/scraper/refresh/all',
    headers: { 'content-type': 'application/json' },
  });
  return { server, calls: store.calls, clock };
}

describe(`GET ${FEED}`, () => {
  it('answers an Atom 1.0 document of the current deals, revalidated by ETag', async () => {
    const { server } = await scrapedApp();
    const response = await server.inject({ url: FEED, headers: { host: 'deals.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const parsed = readAtom(response.body);
    expect(parsed.items).toHaveLength(5);
    expect(parsed.items.map((item) => item.authors[0]?.name)).toEqual(
      expect.arrayContaining(['Store alpha', 'Store beta']),
    );
    expect(feedLink(response.body, 'self')).toBe(`http://deals.example${FEED}`);
    expect(feedLink(response.body, 'alternate')).toBe('http://deals.example/');

    const etag = response.headers.etag;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    const again = await server.inject({
      url: FEED,
      headers: { host: 'deals.example', 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await server.inject({
      method: 'HEAD',
      url: FEED,
      headers: { host: 'deals.example' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
  });

  it('sends the same document compressed to a client that takes brotli', async () => {
    const { server } = await scrapedApp();
    const plain = await server.inject(`${FEED}?search=gummies`);
    const br = await server.inject({
      url: `${FEED}?search=gummies`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it("narrows to the search in the page's own parameters and ignores what it does not know", async () => {
    const { server } = await scrapedApp();
    const beta = await server.inject(`${FEED}?dispensary=beta&utm_source=x&category=candy`);
    expect(beta.statusCode).toBe(200);
    expect(readAtom(beta.body).items.map((item) => item.authors[0]?.name)).toEqual([
      'Store beta',
      'Store beta',
    ]);
    const unknownStore = await server.inject(`${FEED}?dispensary=nowhere`);
    expect(readAtom(unknownStore.body).items).toHaveLength(5);
    expect(unknownStore.headers.etag).toBe((await server.inject(FEED)).headers.etag);
  });

  it('answers 400 JSON for a radius without its point', async () => {
    const { server } = await scrapedApp();
    for (const query of [
      '?distance=10',
      '?distance=10&lat=38.6',
      '?distance=5&lat=38.6&lng=east',
    ]) {
      const response = await server.inject(`${FEED}${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ error: 'BadRequest', message: RADIUS_NEEDS_POINT });
    }
    const near = await server.inject(`${FEED}?distance=10&lat=38.6&lng=-90.2`);
    expect(near.statusCode).toBe(200);
    // The fake feeds' stores have no location: nothing is within any distance.
    expect(readAtom(near.body).items).toEqual([]);
  });

  it('follows the next publication, reading nothing from the store per request', async () => {
    const { server, calls, clock } = await scrapedApp();
    const first = await server.inject(FEED);
    // The scrapes went through the counted store.
    expect(calls).toContain('replaceSnapshot');
    calls.length = 0;
    for (let i = 0; i < 5; i++) {
      const search = ['', '?search=pack', '?dispensary=alpha', '?day=friday', '?category=edibles'][
        i
      ];
      expect((await server.inject(`${FEED}${search}`)).statusCode).toBe(200);
    }
    expect(calls, 'store calls made by feed requests').toEqual([]);

    feed.set('beta', { deals: [...feedDeals('beta', 2, 40), ...feedDeals('beta-new', 1, 50)] });
    clock.advance(60 * 60 * 1000);
    await server.inject({
      method: 'POST',
      url: '/api/scraper/refresh/beta',
      headers: { 'content-type': 'application/json' },
    });
    const next = await server.inject(FEED);
    expect(next.headers.etag).not.toBe(first.headers.etag);
    const items = readAtom(next.body).items;
    expect(items).toHaveLength(6);
    // The deal first seen an hour later heads the feed.
    expect(items[0]?.title).toBe('50% off house gummies, pack 1 at beta-new');
  });
});

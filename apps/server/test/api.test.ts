import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  CacheStatusSchema,
  DealListSchema,
  DispensaryListSchema,
  PAGE_DEAL_FIELDS,
  type Deal,
} from '@stl-deals/domain';
import { createCensusGeocoder, createJsonClient } from '@stl-deals/scraper';
import { openSqliteRepository } from '@stl-deals/store';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_REASONS } from '../src/collection/scrape-verdict';
import { REFRESH_ALL_WAIT_MS, STILL_REFRESHING } from '../src/routes/refresh';
import { feedDeals } from './support/deals';
import { rawRequest } from './support/raw-http';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { feedRegistry, startApp, tempDir, TestClock, type TestAppOptions } from './support/harness';

const KEYS = ['alpha', 'beta', 'gamma'];

let feed: FeedServer;
beforeAll(async () => {
  feed = await startFeedServer();
});
afterAll(() => feed.close());

beforeEach(() => {
  feed.set('alpha', { deals: feedDeals('alpha', 3, 20) });
  feed.set('beta', { deals: feedDeals('beta', 2, 40) });
  feed.set('gamma', { deals: feedDeals('gamma', 1, 10) });
});

const apps: FastifyInstance[] = [];
afterEach(async () => {
  feed.release();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function app(options: Partial<TestAppOptions> = {}): Promise<FastifyInstance> {
  const started = await startApp({ registry: feedRegistry(feed, KEYS), ...options });
  apps.push(started);
  return started;
}

const METRICS_TOKEN = 'metrics-token-0123456789';

/** The refresh POSTs' content type, as the page sends it. */
const JSON_TYPE = { 'content-type': 'application/json' };

const refreshAll = (server: FastifyInstance) =>
  server.inject({ method: 'POST', headers: JSON_TYPE, url: '/api/scraper/refresh/all' });
const requestsTo = () => KEYS.map((key) => feed.requests(key));
const plus = (counts: number[], n: number) => counts.map((count) => count + n);

/** Lets pending I/O callbacks run, for waits on work the test started but does not hold. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GET /', () => {
  it('says in JSON, with 503, that the page is not built', async () => {
    const response = await (await app()).inject('/');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'PageNotBuilt',
      message: 'The page has not been built yet.',
    });
  });

  it('serves the built page: index.html revalidated, hashed assets cached for a year', async () => {
    const dist = tempDir('web-dist-');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<h1>STL Deals</h1>');
    writeFileSync(join(dist, 'assets', 'index-B2apotdK.js'), 'console.log(1)');
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"STL Deals"}');
    const server = await app({ env: { WEB_DIST: dist } });

    const page = await server.inject('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('STL Deals');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data: https:");

    const asset = await server.inject('/assets/index-B2apotdK.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // The web app manifest: its registered type (browsers ignore a manifest sent as anything
    // else in strict modes) and revalidated like index.html, since its name is not hashed.
    const manifest = await server.inject('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');

    expect((await server.inject({ method: 'POST', headers: JSON_TYPE, url: '/' })).statusCode).toBe(
      405,
    );

    const missing = await server.inject('/assets/nope.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'NotFound' });
  });

  it('does not cache index.html for a year when WEB_DIST sits under a folder named assets', async () => {
    const dist = join(tempDir('web-dist-'), 'assets', 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<h1>STL Deals</h1>');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dist, 'assets', 'index-B2apotdK.js'), 'console.log(1)');
    const server = await app({ env: { WEB_DIST: dist } });
    expect((await server.inject('/')).headers['cache-control']).toBe('no-cache');
    expect((await server.inject('/index.html')).headers['cache-control']).toBe('no-cache');
    expect((await server.inject('/favicon.svg')).headers['cache-control']).toBe('no-cache');
    expect((await server.inject('/assets/index-B2apotdK.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });
});

describe('monitoring', () => {
  it('answers the liveness call', async () => {
    const response = await (await app()).inject('/api/monitoring/live');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('answers the health call', async () => {
    const response = await (await app()).inject('/api/monitoring/scraper/ping');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('reports the first load honestly, then ready', async () => {
    const clock = new TestClock();
    const server = await app({ clock });
    const before = CacheStatusSchema.parse(
      (await server.inject('/api/monitoring/scraper/status')).json(),
    );
    expect(before).toMatchObject({
      ready: false,
      totalDeals: 0,
      lastUpdate: 'never',
      dispensaryCount: 3,
      progress: { done: 0, total: 3 },
    });
    expect(before.sources?.map(({ state }) => state)).toEqual(['pending', 'pending', 'pending']);

    await refreshAll(server);
    const after = CacheStatusSchema.parse(
      (await server.inject('/api/monitoring/scraper/status')).json(),
    );
    expect(after).toEqual({
      ready: true,
      totalDeals: 6,
      lastUpdate: clock.now().toISOString(),
      dispensaryCount: 3,
      progress: { done: 3, total: 3 },
      sources: KEYS.map((key, index) => ({
        key,
        name: `Store ${key}`,
        state: 'ok',
        dealCount: [3, 2, 1][index],
        lastSuccessAt: clock.now().toISOString(),
        lastAttemptAt: clock.now().toISOString(),
        error: null,
      })),
      storage: { ok: true },
      sourcesOk: 3,
      sourcesFailing: 0,
      sourcesUnconfigured: 0,
    });
  });

  it('says which dispensaries have no menu source, and is ready without them', async () => {
    const asked = feed.requests('gamma');
    const server = await app({
      registry: feedRegistry(feed, KEYS, { gamma: { menuUrl: undefined } }),
    });
    await refreshAll(server);
    const status = CacheStatusSchema.parse(
      (await server.inject('/api/monitoring/scraper/status')).json(),
    );
    expect(status).toMatchObject({ ready: true, sourcesOk: 2, sourcesUnconfigured: 1 });
    expect(status.sources?.[2]).toMatchObject({
      key: 'gamma',
      state: 'unconfigured',
      error: 'No menu source is known for this dispensary yet.',
    });
    expect(feed.requests('gamma')).toBe(asked);
  });
});

describe('GET /api/scraper/dispensaries', () => {
  it('lists the registry with registry, then discovered, coordinates, else null', async () => {
    const dataDir = tempDir();
    const repository = await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') });
    await repository.saveDispensaryLocation('beta', { lat: 38.61, lng: -90.21 }, new Date());
    const server = await app({
      dataDir,
      repository,
      registry: feedRegistry(feed, KEYS, {
        alpha: { lat: 38.6, lng: -90.2, address: '1 Main St' },
      }),
    });
    const response = await server.inject('/api/scraper/dispensaries');
    expect(response.statusCode).toBe(200);
    expect(DispensaryListSchema.parse(response.json())).toEqual([
      {
        key: 'alpha',
        name: 'Store alpha',
        lat: 38.6,
        lng: -90.2,
        locationSource: 'registry',
        approximate: false,
        address: '1 Main St',
        platform: 'feed',
      },
      {
        key: 'beta',
        name: 'Store beta',
        lat: 38.61,
        lng: -90.21,
        locationSource: 'platform',
        approximate: false,
        platform: 'feed',
      },
      { key: 'gamma', name: 'Store gamma', lat: null, lng: null, platform: 'feed' },
    ]);
  });
});

describe('GET /api/scraper/dispensaries: coordinates for every dispensary', () => {
  it('geocodes a street address with a local Census-form geocoder, else gives the ZIP centroid', async () => {
    const asked: string[] = [];
    const geocoderServer = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://local');
      if (url.pathname !== '/geocoder/locations/onelineaddress') {
        response.writeHead(404).end();
        return;
      }
      const address = url.searchParams.get('address') ?? '';
      asked.push(address);
      const matches = address.startsWith('20 S Euclid')
        ? [{ coordinates: { x: -90.26201, y: 38.63951 } }]
        : [];
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ result: { addressMatches: matches } }));
    });
    await new Promise<void>((resolve) => geocoderServer.listen(0, '127.0.0.1', resolve));
    const { port } = geocoderServer.address() as AddressInfo;
    try {
      const server = await app({
        registry: feedRegistry(feed, KEYS, {
          alpha: { address: '20 S Euclid Ave, St. Louis, MO 63108' },
          beta: { address: '1531 S Broadway, St. Louis, MO 63104' },
        }),
        geocoder: createCensusGeocoder(
          createJsonClient({
            userAgent: 'STLDealsTest/1.0',
            allowPrivateHosts: ['127.0.0.1'],
            minHostDelayMs: 0,
          }),
          `http://127.0.0.1:${port}/geocoder/locations/onelineaddress`,
        ),
      });
      expect(await server.collection.locateByAddress()).toBe(2);
      const listed = DispensaryListSchema.parse(
        (await server.inject('/api/scraper/dispensaries')).json(),
      );
      expect(
        listed.map(({ key, lat, lng, locationSource, approximate }) => ({
          key,
          lat,
          lng,
          locationSource,
          approximate,
        })),
      ).toEqual([
        {
          key: 'alpha',
          lat: 38.63951,
          lng: -90.26201,
          locationSource: 'geocoder',
          approximate: false,
        },
        // No match for this address: its ZIP's centroid (Census ZCTA 63104), marked approximate.
        {
          key: 'beta',
          lat: 38.611,
          lng: -90.214,
          locationSource: 'zip-centroid',
          approximate: true,
        },
        { key: 'gamma', lat: null, lng: null, locationSource: undefined, approximate: undefined },
      ]);
      expect(asked).toEqual([
        '20 S Euclid Ave, St. Louis, MO 63108',
        '1531 S Broadway, St. Louis, MO 63104',
      ]);
    } finally {
      geocoderServer.closeAllConnections();
      await new Promise((resolve) => geocoderServer.close(resolve));
    }
  });
});

describe('GET /api/reactive/deals', () => {
  it('answers every deal, stamped, in relevance order, no more than two of a store in a row', async () => {
    const server = await app();
    await refreshAll(server);
    const response = await server.inject('/api/reactive/deals');
    expect(response.statusCode).toBe(200);
    const deals = DealListSchema.parse(response.json());
    expect(
      deals.map(({ dispensaryKey, discountPercent }) => [dispensaryKey, discountPercent]),
    ).toEqual([
      ['beta', 40],
      ['beta', 40],
      ['alpha', 20],
      ['alpha', 20],
      // Variety: a third alpha deal in a row waits for the next store's
      ['gamma', 10],
      ['alpha', 20],
    ]);
    expect(deals[0]).toMatchObject({ dispensary: 'Store beta', platform: 'feed' });
    expect(deals.every((deal) => deal.firstSeenAt !== undefined)).toBe(true);
  });

  it("answers one dispensary's deals, and 404 JSON for an unknown one", async () => {
    const server = await app();
    await refreshAll(server);
    const alpha = await server.inject('/api/reactive/deals?dispensary=alpha');
    expect(alpha.json<unknown[]>()).toHaveLength(3);
    expect(alpha.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ dispensaryKey: 'alpha' })]),
    );
    const all = await server.inject('/api/reactive/deals?dispensary=all');
    expect(all.json<unknown[]>()).toHaveLength(6);

    const unknown = await server.inject('/api/reactive/deals?dispensary=nowhere');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'NotFound', message: 'No dispensary has that key.' });
  });

  it("answers only the page's fields with view=page, the full deals by default", async () => {
    const server = await app();
    await refreshAll(server);
    const pageFields = (deal: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(deal).filter(([field]) =>
          (PAGE_DEAL_FIELDS as readonly string[]).includes(field),
        ),
      );
    for (const query of ['', 'dispensary=alpha&']) {
      const full = await server.inject(`/api/reactive/deals?${query}`);
      const explicit = await server.inject(`/api/reactive/deals?${query}view=full`);
      const page = await server.inject(`/api/reactive/deals?${query}view=page`);
      expect(explicit.body).toBe(full.body);
      const fullDeals = full.json<Array<Record<string, unknown>>>();
      expect(fullDeals[0]).toHaveProperty('platform', 'feed');
      expect(page.json()).toEqual(fullDeals.map(pageFields));
      expect(page.body.length).toBeLessThan(full.body.length);
      expect(page.headers.etag).not.toBe(full.headers.etag);
    }
    const bad = await server.inject('/api/reactive/deals?view=everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'BadRequest' });
  });

  it('answers 404 JSON for an unknown key of any length', async () => {
    const server = await app();
    for (const length of [101, 300, 5000]) {
      const response = await server.inject(`/api/reactive/deals?dispensary=${'k'.repeat(length)}`);
      expect(response.statusCode, String(length)).toBe(404);
      expect(response.json()).toEqual({
        error: 'NotFound',
        message: 'No dispensary has that key.',
      });
    }
  });

  it('answers what has arrived while the first load runs', async () => {
    feed.set('gamma', { hold: true });
    const server = await app();
    const run = server.collection.refreshAll();
    await Promise.all([server.collection.refresh('alpha'), server.collection.refresh('beta')]);

    expect((await server.inject('/api/reactive/deals')).json<unknown[]>()).toHaveLength(5);
    const status = (await server.inject('/api/monitoring/scraper/status')).json<{
      ready: boolean;
      sources: Array<{ state: string }>;
    }>();
    expect(status.ready).toBe(false);
    expect(status.sources.map(({ state }) => state)).toEqual(['ok', 'ok', 'running']);

    feed.set('gamma', { deals: feedDeals('gamma', 1) });
    feed.release();
    await run.finished;
    expect((await server.inject('/api/reactive/deals')).json<unknown[]>()).toHaveLength(6);
  });
});

describe('POST /api/scraper/refresh/:key', () => {
  it('scrapes the dispensary and answers its deals; 404 JSON for an unknown key', async () => {
    const server = await app();
    const before = feed.requests('alpha');
    const response = await server.inject({
      method: 'POST',
      headers: JSON_TYPE,
      url: '/api/scraper/refresh/alpha',
    });
    expect(response.statusCode).toBe(200);
    expect(DealListSchema.parse(response.json())).toHaveLength(3);
    expect(response.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ dispensary: 'Store alpha' })]),
    );
    expect(feed.requests('alpha')).toBe(before + 1);

    const unknown = await server.inject({
      method: 'POST',
      headers: JSON_TYPE,
      url: '/api/scraper/refresh/nowhere',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'NotFound', message: 'No dispensary has that key.' });
  });

  it('answers 404 JSON for a long unknown key, and 414 JSON past the router limit', async () => {
    const server = await app({ env: { RATE_LIMIT_PER_MIN: '100' } });
    for (const length of [101, 300, 2048]) {
      const response = await server.inject({
        method: 'POST',
        headers: JSON_TYPE,
        url: `/api/scraper/refresh/${'k'.repeat(length)}`,
      });
      expect(response.statusCode, String(length)).toBe(404);
      expect(response.json()).toEqual({
        error: 'NotFound',
        message: 'No dispensary has that key.',
      });
    }
    const tooLong = await server.inject({
      method: 'POST',
      url: `/api/scraper/refresh/${'k'.repeat(3000)}`,
    });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ error: 'URITooLong', message: 'The address is too long.' });
  });

  it("answers 414 for a path parameter past the router limit wherever it stands, as the deal history's id", async () => {
    const server = await app();
    for (const url of [
      `/api/deals/${'k'.repeat(3000)}/history`,
      `/api/deals/${'k'.repeat(3000)}/history?days=30`,
      `/api/${'k'.repeat(3000)}/anything`,
    ]) {
      const response = await server.inject(url);
      expect(response.statusCode, url.slice(0, 40)).toBe(414);
      expect(response.json()).toEqual({ error: 'URITooLong', message: 'The address is too long.' });
    }
    // Up to the limit, an unknown id is what it is.
    expect((await server.inject(`/api/deals/${'k'.repeat(2048)}/history`)).statusCode).toBe(404);
    expect((await server.inject(`/api/no/${'k'.repeat(2048)}`)).statusCode).toBe(404);
  });

  it("takes the history's days as plain decimal digits from 1 to 365 only", async () => {
    const server = await app();
    await refreshAll(server);
    const [deal] = (await server.inject('/api/reactive/deals?view=page')).json<
      Array<{ id: string }>
    >();
    const history = (days: string) =>
      server.inject(`/api/deals/${encodeURIComponent(deal!.id)}/history?days=${days}`);
    for (const days of ['1', '30', '365']) {
      expect((await history(days)).statusCode, days).toBe(200);
    }
    for (const days of [
      '0x10',
      '%2B5',
      '1e2',
      '5.0',
      '05',
      '0',
      '366',
      '-1',
      '',
      '%2030',
      '1000',
    ]) {
      const response = await history(days);
      expect(response.statusCode, days).toBe(400);
      expect(response.json<{ error: string }>().error).toBe('BadRequest');
    }
  });

  it('answers the current deals without scraping within REFRESH_COOLDOWN_S', async () => {
    const clock = new TestClock();
    const server = await app({ clock, env: { REFRESH_COOLDOWN_S: '60' } });
    const refresh = () =>
      server.inject({ method: 'POST', headers: JSON_TYPE, url: '/api/scraper/refresh/alpha' });
    const before = feed.requests('alpha');
    await refresh();
    feed.set('alpha', { deals: feedDeals('alpha', 5) });
    clock.advance(59_000);
    const cooled = await refresh();
    expect(cooled.json<unknown[]>()).toHaveLength(3);
    expect(feed.requests('alpha')).toBe(before + 1);
    clock.advance(1_000);
    expect((await refresh()).json<unknown[]>()).toHaveLength(5);
    expect(feed.requests('alpha')).toBe(before + 2);
  });

  it('shares one scrape among concurrent requests', async () => {
    // No cooldown, and the feed held until every request is in flight: only single-flight can
    // keep this to one scrape (neither a cooldown nor requests served one after another would).
    feed.set('beta', { hold: true });
    const server = await app({ env: { RATE_LIMIT_PER_MIN: '100', REFRESH_COOLDOWN_S: '0' } });
    const refresh = vi.spyOn(server.collection, 'refresh');
    const before = feed.requests('beta');
    const pending = Promise.all(
      Array.from({ length: 10 }, () =>
        server.inject({ method: 'POST', headers: JSON_TYPE, url: '/api/scraper/refresh/beta' }),
      ),
    );
    while (refresh.mock.calls.length < 10 || feed.requests('beta') === before) await tick();
    feed.set('beta', { deals: feedDeals('beta', 2, 40) });
    feed.release();
    const responses = await pending;
    expect(responses.map(({ statusCode }) => statusCode)).toEqual(Array(10).fill(200));
    expect(responses.map((response) => response.json<unknown[]>().length)).toEqual(
      Array(10).fill(2),
    );
    expect(feed.requests('beta')).toBe(before + 1);
  });
});

describe('POST /api/scraper/refresh/all', () => {
  it('answers a summary when done', async () => {
    const response = await refreshAll(await app());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ refreshed: 3, failed: 0, skipped: 0, durationMs: 0 });
  });

  it('makes exactly one scrape per dispensary for 20 concurrent callers', async () => {
    const server = await app({ env: { RATE_LIMIT_PER_MIN: '100' } });
    const before = requestsTo();
    const responses = await Promise.all(Array.from({ length: 20 }, () => refreshAll(server)));
    expect(responses.map(({ statusCode }) => statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map(({ body }) => body)).size).toBe(1);
    expect(requestsTo()).toEqual(plus(before, 1));
  });

  it('answers 202 with the progress when the pass outlasts 110 s', async () => {
    feed.set('gamma', { hold: true });
    const server = await app();
    const run = server.collection.refreshAll();
    while (run.done < 2) await tick();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending = refreshAll(server);
      while (vi.getTimerCount() === 0) await tick();
      await vi.advanceTimersByTimeAsync(REFRESH_ALL_WAIT_MS);
      const response = await pending;
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ progress: { done: 2, total: 3 } });
    } finally {
      vi.useRealTimers();
    }
    feed.set('gamma', { deals: feedDeals('gamma', 1) });
    feed.release();
    expect(await run.finished).toMatchObject({ refreshed: 3 });
  });
});

describe('refresh calls from other sites', () => {
  const URLS = ['/api/scraper/refresh/all', '/api/scraper/refresh/alpha'];
  const call = (server: FastifyInstance, url: string, headers: Record<string, string>) =>
    server.inject({ method: 'POST', url, headers: { host: 'deals.example', ...headers } });

  it.each(URLS)('refuses %s with 415 JSON unless the body is sent as JSON', async (url) => {
    const server = await app({ env: { RATE_LIMIT_PER_MIN: '100' } });
    for (const type of [
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
    ]) {
      const response = await call(server, url, type === undefined ? {} : { 'content-type': type });
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual({
        error: 'UnsupportedMediaType',
        message: 'This call takes a JSON body (Content-Type: application/json).',
      });
    }
    for (const type of ['application/json', 'Application/JSON; charset=utf-8']) {
      expect((await call(server, url, { 'content-type': type })).statusCode, type).toBe(200);
    }
  });

  it('never reads the body: empty or malformed JSON is as good as {}', async () => {
    const server = await app({ env: { RATE_LIMIT_PER_MIN: '100' } });
    for (const payload of ['', '{}', '{', 'null']) {
      const response = await server.inject({
        method: 'POST',
        url: '/api/scraper/refresh/alpha',
        headers: JSON_TYPE,
        payload,
      });
      expect(response.statusCode, payload).toBe(200);
    }
  });

  it.each(URLS)(
    'refuses %s with 403 JSON from a page of another origin, unless CORS_ORIGIN names it',
    async (url) => {
      const server = await app({
        env: { RATE_LIMIT_PER_MIN: '100', CORS_ORIGIN: 'https://page.example' },
      });
      const status = async (headers: Record<string, string>) =>
        (await call(server, url, { ...JSON_TYPE, ...headers })).statusCode;
      for (const refused of [
        { origin: 'https://elsewhere.example' },
        { origin: 'https://deals.example' },
        { origin: 'http://deals.example.evil.example' },
        { origin: 'http://sub.deals.example' },
        { origin: 'null' },
        { origin: 'not an origin' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' },
      ] as Array<Record<string, string>>) {
        const response = await call(server, url, { ...JSON_TYPE, ...refused });
        expect(response.statusCode, JSON.stringify(refused)).toBe(403);
        expect(response.json()).toEqual({
          error: 'Forbidden',
          message: 'This call is taken from the pages of this site only.',
        });
      }
      // The service's own page, a page CORS_ORIGIN names, and callers that are no browser.
      expect(await status({ origin: 'http://deals.example' })).toBe(200);
      expect(await status({ origin: 'http://DEALS.example:80' })).toBe(200);
      expect(
        await status({ origin: 'http://deals.example', 'sec-fetch-site': 'same-origin' }),
      ).toBe(200);
      expect(await status({ origin: 'https://page.example', 'sec-fetch-site': 'cross-site' })).toBe(
        200,
      );
      expect(await status({})).toBe(200);
      expect(await status({ 'sec-fetch-site': 'same-origin' })).toBe(200);
      expect(await status({ 'sec-fetch-site': 'none' })).toBe(200);
    },
  );

  it('knows its own origin behind a trusted proxy by X-Forwarded-Proto and -Host', async () => {
    const server = await app({ env: { RATE_LIMIT_PER_MIN: '100', TRUST_PROXY: '1' } });
    const status = async (origin: string) =>
      (
        await server.inject({
          method: 'POST',
          url: '/api/scraper/refresh/alpha',
          headers: {
            ...JSON_TYPE,
            host: '10.0.0.9:3000',
            'x-forwarded-proto': 'https',
            'x-forwarded-host': 'deals.example',
            origin,
          },
        })
      ).statusCode;
    expect(await status('https://deals.example')).toBe(200);
    expect(await status('http://deals.example')).toBe(403);
    expect(await status('http://10.0.0.9:3000')).toBe(403);
  });

  it("spends no one's rate-limit budget on refused calls", async () => {
    const server = await app({ env: { RATE_LIMIT_PER_MIN: '1' } });
    for (let index = 0; index < 3; index += 1) {
      expect(
        (await call(server, URLS[1]!, { origin: 'https://elsewhere.example' })).statusCode,
      ).toBe(403);
      expect((await call(server, URLS[1]!, { 'content-type': 'text/plain' })).statusCode).toBe(415);
    }
    expect((await call(server, URLS[1]!, JSON_TYPE)).statusCode).toBe(200);
  });

  it("refuses a cross-site form over a real port, and takes its own page's call", async () => {
    const server = await app();
    const origin = await server.listen({ port: 0, host: '127.0.0.1' });
    const form = await fetch(`${origin}/api/scraper/refresh/all`, {
      method: 'POST',
      headers: {
        origin: 'https://elsewhere.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'a=b',
    });
    expect(form.status).toBe(403);
    expect(await form.json()).toMatchObject({ error: 'Forbidden' });
    const own = await fetch(`${origin}/api/scraper/refresh/alpha`, {
      method: 'POST',
      headers: { origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(own.status).toBe(200);
  });
});

describe('nothing lost', () => {
  it('keeps the last good deals of a failing source and shows it stale with the error', async () => {
    const clock = new TestClock();
    const server = await app({ clock });
    await refreshAll(server);
    feed.set('alpha', { status: 500 });
    clock.advance(61_000);

    const refreshed = await server.inject({
      method: 'POST',
      headers: JSON_TYPE,
      url: '/api/scraper/refresh/alpha',
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json<unknown[]>()).toHaveLength(3);
    expect((await server.inject('/api/reactive/deals')).json<unknown[]>()).toHaveLength(6);
    const status = CacheStatusSchema.parse(
      (await server.inject('/api/monitoring/scraper/status')).json(),
    );
    expect(status.sources?.[0]).toEqual({
      key: 'alpha',
      name: 'Store alpha',
      state: 'stale',
      dealCount: 3,
      lastSuccessAt: new Date(clock.now().getTime() - 61_000).toISOString(),
      lastAttemptAt: clock.now().toISOString(),
      error: PUBLIC_REASONS.retryable,
    });
    // The answer says the scrape failed, why, and from when its deals are.
    expect(refreshed.headers['x-refresh-error']).toBe(encodeURIComponent(PUBLIC_REASONS.retryable));
    expect(refreshed.headers['x-deals-as-of']).toBe(status.sources?.[0]?.lastSuccessAt);
  });

  it('answers 502 {error, message} to a refresh that failed with no deals to fall back on', async () => {
    feed.set('alpha', { status: 500 });
    const server = await app();
    const refreshed = await server.inject({
      method: 'POST',
      headers: JSON_TYPE,
      url: '/api/scraper/refresh/alpha',
    });
    expect(refreshed.statusCode).toBe(502);
    expect(refreshed.json()).toEqual({ error: 'BadGateway', message: PUBLIC_REASONS.retryable });
  });

  it('sends no failure headers when the refresh succeeded', async () => {
    const server = await app();
    const refreshed = await server.inject({
      method: 'POST',
      headers: JSON_TYPE,
      url: '/api/scraper/refresh/alpha',
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['x-refresh-error']).toBeUndefined();
  });
});

describe('restart', () => {
  it('serves the stored deals at once, then refreshes only those older than the interval', async () => {
    const dataDir = tempDir();
    const clock = new TestClock();
    const first = await startApp({ registry: feedRegistry(feed, KEYS), dataDir, clock });
    await refreshAll(first);
    const served = (await first.inject('/api/reactive/deals')).body;
    await first.close();

    const before = requestsTo();
    clock.advance(10 * 60_000);
    const second = await app({ dataDir, clock });
    expect((await second.inject('/api/reactive/deals')).body).toBe(served);
    expect((await second.inject('/api/monitoring/scraper/status')).json()).toMatchObject({
      ready: true,
      totalDeals: 6,
    });
    second.scheduler.start();
    await second.collection.settled();
    expect(requestsTo()).toEqual(before);
    await second.close();

    clock.advance(30 * 60_000);
    const third = await app({ dataDir, clock });
    third.scheduler.start();
    await third.collection.settled();
    expect(requestsTo()).toEqual(plus(before, 1));
  });
});

describe('restart on the page list last published', () => {
  const PAGE = '/api/reactive/deals?view=page';

  /** A store where a first run scraped every dispensary and published; what its page got. */
  async function publishedOnce(dataDir: string) {
    const first = await startApp({ registry: feedRegistry(feed, KEYS), dataDir });
    await refreshAll(first);
    const page = await first.inject({ url: PAGE, headers: { 'accept-encoding': 'br' } });
    const beta = (await first.inject('/api/reactive/deals?dispensary=beta')).body;
    await first.close();
    return { page, beta };
  }

  async function restartOn(dataDir: string, registry = feedRegistry(feed, KEYS)) {
    const repository = await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') });
    const reads = vi.spyOn(repository, 'getSnapshot');
    return { server: await app({ dataDir, registry, repository }), reads };
  }

  it('answers the page exactly as last published before reading any snapshot back', async () => {
    const dataDir = tempDir();
    const { page, beta } = await publishedOnce(dataDir);
    const { server, reads } = await restartOn(dataDir);

    const first = await server.inject({ url: PAGE, headers: { 'accept-encoding': 'br' } });
    expect(reads).not.toHaveBeenCalled();
    expect(first.rawPayload.equals(page.rawPayload)).toBe(true);
    expect(first.headers.etag).toBe(page.headers.etag);
    // What only the snapshots can tell waits for them, then tells it whole.
    expect((await server.inject('/api/monitoring/scraper/status')).json()).toMatchObject({
      ready: true,
      totalDeals: 6,
    });
    expect(reads).toHaveBeenCalledTimes(KEYS.length);
    expect((await server.inject('/api/reactive/deals?dispensary=beta')).body).toBe(beta);
    expect((await server.inject(PAGE)).headers.etag).toBe(page.headers.etag);
  });

  it("answers the spec's full list, too, exactly as last published before reading any snapshot back", async () => {
    const dataDir = tempDir();
    const first = await startApp({ registry: feedRegistry(feed, KEYS), dataDir });
    await refreshAll(first);
    const br = { 'accept-encoding': 'br' };
    const full = await first.inject({ url: '/api/reactive/deals', headers: br });
    await first.close();
    const { server, reads } = await restartOn(dataDir);

    const again = await server.inject({ url: '/api/reactive/deals', headers: br });
    expect(reads).not.toHaveBeenCalled();
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBe(full.headers.etag);
    expect(JSON.parse(String(brotliDecompressSync(again.rawPayload)))).toEqual(
      JSON.parse(String(brotliDecompressSync(full.rawPayload))),
    );
  });

  it('answers a client that takes no brotli from the snapshots, never decompressing the stored list', async () => {
    const dataDir = tempDir();
    const { page } = await publishedOnce(dataDir);
    const { server, reads } = await restartOn(dataDir);

    for (const encoding of ['gzip', 'identity']) {
      const answer = await server.inject({ url: PAGE, headers: { 'accept-encoding': encoding } });
      expect(reads).toHaveBeenCalledTimes(KEYS.length);
      expect(answer.statusCode).toBe(200);
      // The same list, published again from the snapshots.
      expect(answer.headers.etag).toBe(page.headers.etag);
      const json = encoding === 'gzip' ? gunzipSync(answer.rawPayload) : answer.rawPayload;
      expect(JSON.parse(String(json))).toHaveLength(6);
    }
  });

  it('answers a dispensary, the full list and the status from the snapshots, never the stored list', async () => {
    const dataDir = tempDir();
    const { beta } = await publishedOnce(dataDir);
    const { server, reads } = await restartOn(dataDir);

    const [status, one, full] = await Promise.all([
      server.inject('/api/monitoring/scraper/status'),
      server.inject('/api/reactive/deals?dispensary=beta'),
      server.inject('/api/reactive/deals'),
    ]);
    expect(reads).toHaveBeenCalledTimes(KEYS.length);
    expect(status.json()).toMatchObject({ totalDeals: 6 });
    expect(one.body).toBe(beta);
    expect(full.json()).toHaveLength(6);
  });

  it('does not serve a list stored under another registry', async () => {
    const dataDir = tempDir();
    const { page } = await publishedOnce(dataDir);
    const renamed = feedRegistry(feed, KEYS);
    renamed.dispensaries = renamed.dispensaries.map((entry) =>
      entry.key === 'beta' ? { ...entry, name: 'Beta Renamed' } : entry,
    );
    const { server, reads } = await restartOn(dataDir, renamed);

    // Read back before the app was built, as with no stored list at all.
    expect(reads).toHaveBeenCalledTimes(KEYS.length);
    const answer = await server.inject(PAGE);
    expect(answer.headers.etag).not.toBe(page.headers.etag);
    expect(answer.json()).toContainEqual(expect.objectContaining({ dispensary: 'Beta Renamed' }));
  });
});

describe('HTTP behaviour', () => {
  it('answers a matching If-None-Match with 304', async () => {
    const server = await app();
    await refreshAll(server);
    for (const url of [
      '/api/reactive/deals',
      '/api/reactive/deals?dispensary=beta',
      '/api/monitoring/scraper/status',
      '/api/scraper/dispensaries',
    ]) {
      const first = await server.inject(url);
      const etag = first.headers.etag;
      expect(etag, url).toMatch(/^W\/"/);
      const again = await server.inject({ url, headers: { 'if-none-match': String(etag) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      const other = await server.inject({ url, headers: { 'if-none-match': 'W/"other"' } });
      expect(other.statusCode, url).toBe(200);
    }
  });

  it('sends Vary: Accept-Encoding with every API 200 and 304, compressed or not', async () => {
    const server = await app({ env: { METRICS_TOKEN } });
    await refreshAll(server);
    for (const url of [
      '/api/reactive/deals',
      '/api/reactive/deals?dispensary=beta',
      '/api/monitoring/scraper/status',
      '/api/monitoring/scraper/ping',
      '/api/scraper/dispensaries',
      '/api/openapi.json',
      '/metrics',
    ]) {
      for (const encoding of ['br', 'gzip', undefined]) {
        const headers = {
          ...(encoding === undefined ? {} : { 'accept-encoding': encoding }),
          ...(url === '/metrics' ? { authorization: `Bearer ${METRICS_TOKEN}` } : {}),
        };
        const first = await server.inject({ url, headers });
        expect(first.statusCode, url).toBe(200);
        expect(first.headers.vary, `${url} ${encoding}`).toMatch(/accept-encoding/i);
        // The metrics change with every request (their own durations): no 304 to get.
        if (url === '/metrics') continue;
        const again = await server.inject({
          url,
          headers: { ...headers, 'if-none-match': String(first.headers.etag) },
        });
        expect(again.statusCode, `${url} ${encoding}`).toBe(304);
        expect(again.body, url).toBe('');
        expect(again.headers.vary, `${url} ${encoding}`).toMatch(/accept-encoding/i);
        expect(again.headers['content-encoding'], url).toBeUndefined();
        expect(String(again.headers.vary).match(/accept-encoding/gi), url).toHaveLength(1);
      }
    }
  });

  it('changes the ETag when the deals change', async () => {
    const clock = new TestClock();
    const server = await app({ clock });
    await refreshAll(server);
    const before = (await server.inject('/api/reactive/deals')).headers.etag;
    feed.set('gamma', { deals: feedDeals('gamma', 4) });
    clock.advance(61_000);
    await server.inject({ method: 'POST', headers: JSON_TYPE, url: '/api/scraper/refresh/gamma' });
    const after = await server.inject({
      url: '/api/reactive/deals',
      headers: { 'if-none-match': String(before) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('compresses with %s to the same JSON', async (encoding, decode) => {
    const server = await app();
    await refreshAll(server);
    for (const url of ['/api/reactive/deals', '/api/openapi.json']) {
      const plain = await server.inject(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      const packed = await server.inject({ url, headers: { 'accept-encoding': encoding } });
      expect(packed.headers['content-encoding'], url).toBe(encoding);
      expect(packed.headers.vary, url).toMatch(/accept-encoding/i);
      expect(JSON.parse(decode(packed.rawPayload).toString()), url).toEqual(plain.json());
    }
  });

  it.each([
    ['DELETE', '/api/reactive/deals', 'GET, HEAD'],
    ['POST', '/api/monitoring/scraper/ping', 'GET, HEAD'],
    ['PUT', '/api/monitoring/scraper/status', 'GET, HEAD'],
    ['PATCH', '/api/scraper/dispensaries', 'GET, HEAD'],
    ['GET', '/api/scraper/refresh/all', 'POST'],
    ['GET', '/api/scraper/refresh/alpha', 'POST'],
    ['POST', '/', 'GET, HEAD'],
    ['TRACE', '/api/reactive/deals', 'GET, HEAD'],
    ['TRACE', '/api/scraper/refresh/all', 'POST'],
    ['TRACE', '/', 'GET, HEAD'],
    ['PROPFIND', '/api/monitoring/scraper/status', 'GET, HEAD'],
    ['PURGE', '/api/reactive/deals', 'GET, HEAD'],
    ['OPTIONS', '/api/reactive/deals', 'GET, HEAD'],
  ])('answers %s %s with 405 and Allow: %s', async (method, url, allow) => {
    const response = await (await app()).inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.json()).toMatchObject({ error: 'MethodNotAllowed' });
  });

  it('takes the empty JSON body the page sends, and refuses bodies over 1 KB with 413', async () => {
    const server = await app();
    const post = (payload: string) =>
      server.inject({
        method: 'POST',
        url: '/api/scraper/refresh/alpha',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    expect((await post('')).statusCode).toBe(200);
    expect((await post('{}')).statusCode).toBe(200);
    const big = await post(JSON.stringify({ padding: 'x'.repeat(2000) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      error: 'PayloadTooLarge',
      message: 'The request body is larger than 1024 bytes.',
    });
  });

  it('rate-limits the two POSTs per client with 429 and Retry-After', async () => {
    const server = await app({ env: { RATE_LIMIT_PER_MIN: '2' } });
    const post = (url: string) => server.inject({ method: 'POST', url, headers: JSON_TYPE });
    expect((await post('/api/scraper/refresh/alpha')).statusCode).toBe(200);
    expect((await post('/api/scraper/refresh/all')).statusCode).toBe(200);
    const limited = await post('/api/scraper/refresh/beta');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: 'TooManyRequests' });
    expect((await post('/api/scraper/refresh/all')).statusCode).toBe(429);
    expect((await server.inject('/api/reactive/deals')).statusCode).toBe(200);
    const other = await server.inject({
      method: 'POST',
      headers: JSON_TYPE,
      url: '/api/scraper/refresh/alpha',
      remoteAddress: '10.0.0.2',
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers an unknown path with 404 JSON', async () => {
    const response = await (await app()).inject('/api/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'NotFound',
      message: 'There is nothing at this address.',
    });
  });

  it('answers a malformed address with 400 JSON and nothing of Fastify internals', async () => {
    const server = await app();
    for (const url of ['/api/%E0%A4%A', '/api/scraper/refresh/%E0%A4%A']) {
      const response = await server.inject({
        method: url.includes('refresh') ? 'POST' : 'GET',
        url,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        error: 'BadRequest',
        message: 'The request is not valid.',
      });
    }
  });

  it('logs no line per request, only the scrapes', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const server = await app({ logger });
    await server.inject('/api/monitoring/scraper/ping');
    await server.inject({ method: 'POST', headers: JSON_TYPE, url: '/api/scraper/refresh/alpha' });
    await server.inject('/api/nothing');
    expect(lines.map(({ msg }) => msg)).toEqual(['scrape']);
  });

  it('counts the rate limit per forwarded client behind a proxy TRUST_PROXY names', async () => {
    const post = (server: FastifyInstance, forwardedFor: string, remoteAddress = '10.0.0.5') =>
      server.inject({
        method: 'POST',
        url: '/api/scraper/refresh/alpha',
        remoteAddress,
        headers: { ...JSON_TYPE, 'x-forwarded-for': forwardedFor },
      });
    const proxied = await app({
      env: { RATE_LIMIT_PER_MIN: '1', TRUST_PROXY: '10.0.0.0/8', REFRESH_COOLDOWN_S: '0' },
    });
    expect((await post(proxied, '203.0.113.1')).statusCode).toBe(200);
    expect((await post(proxied, '203.0.113.1')).statusCode).toBe(429);
    expect((await post(proxied, '203.0.113.2')).statusCode).toBe(200);
    // A peer outside the trusted range cannot choose its address by the header.
    expect((await post(proxied, '203.0.113.3', '198.51.100.7')).statusCode).toBe(200);
    expect((await post(proxied, '203.0.113.4', '198.51.100.7')).statusCode).toBe(429);

    const direct = await app({ env: { RATE_LIMIT_PER_MIN: '1', REFRESH_COOLDOWN_S: '0' } });
    expect((await post(direct, '203.0.113.1')).statusCode).toBe(200);
    expect((await post(direct, '203.0.113.2')).statusCode).toBe(429);
  });

  it.each([
    ['a hop count', '1'],
    ['the proxy address', '10.0.0.5'],
  ])(
    'counts a client by the address its proxy appended, not one it wrote itself (%s)',
    async (_how, trustProxy) => {
      const server = await app({
        env: { RATE_LIMIT_PER_MIN: '1', TRUST_PROXY: trustProxy, REFRESH_COOLDOWN_S: '0' },
      });
      // One appending proxy at 10.0.0.5: whatever the client sent, then the peer it saw.
      const post = (clientWrote: string, client: string) =>
        server.inject({
          method: 'POST',
          url: '/api/scraper/refresh/alpha',
          remoteAddress: '10.0.0.5',
          headers: { ...JSON_TYPE, 'x-forwarded-for': `${clientWrote}, ${client}` },
        });
      expect((await post('1.2.3.4', '203.0.113.9')).statusCode).toBe(200);
      expect((await post('5.6.7.8', '203.0.113.9')).statusCode).toBe(429);
      expect((await post('1.2.3.4', '203.0.113.10')).statusCode).toBe(200);
    },
  );

  it('trusts exactly the hops TRUST_PROXY counts', async () => {
    const server = await app({ env: { TRUST_PROXY: '2' } });
    server.get('/ip', (request) => ({ ip: request.ip }));
    const ip = async (forwardedFor: string) =>
      (
        await server.inject({
          url: '/ip',
          remoteAddress: '10.0.0.5',
          headers: { ...JSON_TYPE, 'x-forwarded-for': forwardedFor },
        })
      ).json<{ ip: string }>().ip;
    expect(await ip('1.2.3.4, 203.0.113.9, 10.0.0.4')).toBe('203.0.113.9');
    expect(await ip('203.0.113.9, 10.0.0.4')).toBe('203.0.113.9');
  });

  it('refuses a registry with a dispensary keyed all, naming the entry', async () => {
    await expect(app({ registry: feedRegistry(feed, ['alpha', 'all']) })).rejects.toThrow(
      "entry 1 (key 'all'), field 'key'",
    );
  });

  it('never sends a stack trace or an internal message', async () => {
    const server = await app();
    server.get('/boom', () => {
      throw new Error('secret at /srv/app/db.ts:12');
    });
    const response = await server.inject('/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'InternalServerError',
      message: 'Something went wrong on our side.',
    });
  });

  it('sends security headers and no CORS unless CORS_ORIGIN is set', async () => {
    const closed = await (
      await app()
    ).inject({
      url: '/api/reactive/deals',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(closed.headers['x-content-type-options']).toBe('nosniff');
    expect(closed.headers['content-security-policy']).toContain("img-src 'self' data: https:");
    expect(closed.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();

    const open = await app({ env: { CORS_ORIGIN: 'https://page.example' } });
    const allowed = await open.inject({
      url: '/api/reactive/deals',
      headers: { origin: 'https://page.example' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://page.example');
    const preflight = await open.inject({
      method: 'OPTIONS',
      url: '/api/scraper/refresh/all',
      headers: { origin: 'https://page.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    const other = await open.inject({
      url: '/api/reactive/deals',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends Strict-Transport-Security over https only', async () => {
    const hsts = async (server: FastifyInstance, headers: Record<string, string> = {}) =>
      (
        await server.inject({
          url: '/api/monitoring/scraper/ping',
          remoteAddress: '10.0.0.5',
          headers,
        })
      ).headers['strict-transport-security'];
    const direct = await app();
    expect(await hsts(direct)).toBeUndefined();
    // Only a trusted proxy says which scheme the client used.
    expect(await hsts(direct, { 'x-forwarded-proto': 'https' })).toBeUndefined();
    const proxied = await app({ env: { TRUST_PROXY: '1' } });
    expect(await hsts(proxied)).toBeUndefined();
    expect(await hsts(proxied, { 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hsts(proxied, { 'x-forwarded-proto': 'https' })).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('refuses preflights in JSON: 403 from an origin not allowed, 400 when no preflight', async () => {
    const server = await app({ env: { CORS_ORIGIN: 'https://page.example' } });
    const preflight = (headers: Record<string, string>) =>
      server.inject({ method: 'OPTIONS', url: '/api/scraper/refresh/all', headers });
    const elsewhere = await preflight({
      origin: 'https://elsewhere.example',
      'access-control-request-method': 'POST',
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
    expect(elsewhere.json()).toEqual({
      error: 'Forbidden',
      message: 'This origin may not call this service.',
    });
    for (const headers of [{}, { origin: 'https://page.example' }] as Array<
      Record<string, string>
    >) {
      const bare = await preflight(headers);
      expect(bare.statusCode).toBe(400);
      expect(bare.json()).toEqual({
        error: 'BadRequest',
        message: 'A preflight request needs Origin and Access-Control-Request-Method.',
      });
    }
  });

  it('publishes an OpenAPI 3 document of the API from the contract', async () => {
    const response = await (await app()).inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(document.openapi).toBe('3.0.3');
    expect(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    ).toEqual([
      'GET /api/monitoring/live',
      'GET /api/monitoring/scraper/ping',
      'GET /api/monitoring/scraper/status',
      'GET /api/scraper/dispensaries',
      'GET /api/reactive/deals',
      'GET /feeds/deals.atom',
      'GET /feeds/product.atom',
      'GET /api/deals/{id}/history',
      'GET /api/market',
      'POST /api/scraper/refresh/all',
      'POST /api/scraper/refresh/{dispensaryKey}',
      'GET /api/push/key',
      'POST /api/push/subscriptions',
      'DELETE /api/push/subscriptions/{id}',
      'GET /api/email',
      'POST /api/email/watches',
      'GET /email/confirm',
      'POST /email/confirm',
      'GET /email/manage',
      'GET /email/unsubscribe',
      'POST /email/unsubscribe',
    ]);
    expect(JSON.stringify(document.paths['/api/reactive/deals'])).toContain('"sourceUrl"');
    // The history's days: plain decimal digits, as the route reads them.
    const history = JSON.stringify(document.paths['/api/deals/{id}/history']);
    expect(history).toContain(JSON.stringify('^[1-9][0-9]{0,2}$'));
    expect(Object.keys(document.paths['/api/deals/{id}/history']?.get?.responses ?? {})).toEqual([
      '200',
      '400',
      '404',
    ]);
    // The market's answer, from the contract's schema.
    expect(JSON.stringify(document.paths['/api/market'])).toContain('"claimedDiscounts"');
    const subscribing = JSON.stringify(document.paths['/api/push/subscriptions']);
    expect(subscribing).toContain('no-store');
    expect(Object.keys(document.paths['/api/scraper/refresh/all']?.post?.responses ?? {})).toEqual([
      '200',
      '202',
      '403',
      '413',
      '415',
      '429',
    ]);
  });

  it('exposes Prometheus metrics to the bearer of METRICS_TOKEN', async () => {
    const server = await app({ env: { METRICS_TOKEN } });
    await refreshAll(server);
    const response = await server.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('stl_deals_scrapes_total{outcome="ok",platform="feed"} 3');
    expect(response.body).toContain('stl_deals_scrape_duration_seconds_count{platform="feed"} 3');
    expect(response.body).toContain('stl_deals_dispensary_deals{dispensary="alpha"} 3');
    expect(response.body).toMatch(
      /stl_deals_http_request_duration_seconds_count\{method="POST",route="\/api\/scraper\/refresh\/all",status_code="200"\} 1/,
    );
  });
});

describe("the operator's gauges", () => {
  it("tell each dispensary's last success and failures in a row, the list's age and the store", async () => {
    const clock = new TestClock();
    const server = await app({ env: { METRICS_TOKEN, REFRESH_COOLDOWN_S: '0' }, clock });
    await refreshAll(server);
    const succeededAt = clock.now().getTime() / 1000;
    feed.set('beta', { status: 503 });
    for (let failure = 0; failure < 2; failure++) {
      clock.advance(90_000);
      await server.inject({ method: 'POST', headers: JSON_TYPE, url: '/api/scraper/refresh/beta' });
    }
    const { body } = await server.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const gauge = (line: string) => Number(new RegExp(`^${line} (\\S+)$`, 'm').exec(body)?.[1]);
    expect(gauge('stl_deals_dispensary_consecutive_failures\\{dispensary="beta"\\}')).toBe(2);
    expect(gauge('stl_deals_dispensary_consecutive_failures\\{dispensary="alpha"\\}')).toBe(0);
    expect(
      gauge('stl_deals_dispensary_last_success_timestamp_seconds\\{dispensary="beta"\\}'),
    ).toBe(succeededAt);
    expect(gauge('stl_deals_list_age_seconds')).toBe(180);
    expect(gauge('stl_deals_storage_ok')).toBe(1);
  });
});

describe('a refresh whose scrape outlasts REFRESH_WAIT_S', () => {
  it('answers the last good deals saying the menu is still being read, and the scrape goes on', async () => {
    const server = await app({ env: { REFRESH_WAIT_S: '1', REFRESH_COOLDOWN_S: '0' } });
    await refreshAll(server);
    feed.set('beta', { hold: true });
    const started = Date.now();
    const answer = await server.inject({
      method: 'POST',
      headers: JSON_TYPE,
      url: '/api/scraper/refresh/beta',
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toHaveLength(2);
    expect(decodeURIComponent(String(answer.headers['x-refresh-error']))).toBe(STILL_REFRESHING);
    expect(answer.headers['x-deals-as-of']).toEqual(expect.any(String));
    const status = CacheStatusSchema.parse(
      (await server.inject('/api/monitoring/scraper/status')).json(),
    );
    expect(status.sources?.find((source) => source.key === 'beta')?.state).toBe('running');
  });
});

describe('impossible numbers from a source', () => {
  it('are mended before they are served, and counted per problem in the metrics', async () => {
    const [honest, inflated] = feedDeals('alpha', 2);
    feed.set('alpha', {
      deals: [
        honest,
        // A 99% claim on $40 -> $30: the percent is the prices' own.
        { ...inflated, regularPrice: 40, salePrice: 30, discountPercent: 99 },
      ],
    });
    const server = await app({ env: { METRICS_TOKEN } });
    const served = (
      await server.inject({ method: 'POST', headers: JSON_TYPE, url: '/api/scraper/refresh/alpha' })
    ).json<Deal[]>();
    expect(served.map((deal) => deal.discountPercent)).toEqual(expect.arrayContaining([20, 25]));
    const { body } = await server.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(body).toContain(
      'stl_deals_price_problems_total{problem="percent-from-prices",platform="feed"} 1',
    );
  });
});

describe('GET /metrics', () => {
  it('is not served on the public port without METRICS_TOKEN', async () => {
    const response = await (await app()).inject('/metrics');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'NotFound',
      message: 'There is nothing at this address.',
    });
  });

  it('answers 401 JSON with WWW-Authenticate: Bearer to anyone without the token', async () => {
    const server = await app({ env: { METRICS_TOKEN } });
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer wrong-token-0123456789',
      `Bearer ${METRICS_TOKEN}x`,
      `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`user:${METRICS_TOKEN}`).toString('base64')}`,
      METRICS_TOKEN,
    ]) {
      const response = await server.inject({
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toEqual({
        error: 'Unauthorized',
        message: 'The metrics need a bearer token.',
      });
      expect(response.body).not.toContain('stl_deals');
    }
    expect((await server.inject({ method: 'HEAD', url: '/metrics' })).statusCode).toBe(401);
    const scheme = await server.inject({
      url: '/metrics',
      headers: { authorization: `bearer ${METRICS_TOKEN}` },
    });
    expect(scheme.statusCode).toBe(200);
  });

  it('serves /metrics alone, without a token, on METRICS_PORT at METRICS_HOST', async () => {
    const server = await app({ env: { METRICS_PORT: '0' } });
    await refreshAll(server);
    expect((await server.inject('/metrics')).statusCode).toBe(404);

    const address = await server.listenMetrics();
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const metrics = await fetch(`${address}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain(
      'stl_deals_scrapes_total{outcome="ok",platform="feed"} 3',
    );
    const other = await fetch(`${address}/api/reactive/deals`);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: 'NotFound' });

    await server.close();
    await expect(fetch(`${address}/metrics`)).rejects.toThrow();
  });

  it('has no listener of its own without METRICS_PORT', async () => {
    expect(await (await app()).listenMetrics()).toBeUndefined();
  });
});

describe('through a real port', () => {
  it('answers the page calls over HTTP', async () => {
    const server = await app();
    const origin = await server.listen({ port: 0, host: '127.0.0.1' });

    const ping = await fetch(`${origin}/api/monitoring/scraper/ping`);
    expect(await ping.json()).toEqual({ ok: true });

    const refreshed = await fetch(`${origin}/api/scraper/refresh/all`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(refreshed.status).toBe(200);

    const deals = await fetch(`${origin}/api/reactive/deals`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(deals.headers.get('content-encoding')).toBe('br');
    expect(DealListSchema.parse(await deals.json())).toHaveLength(6);

    const etag = deals.headers.get('etag') ?? '';
    const again = await fetch(`${origin}/api/reactive/deals`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);

    const one = await fetch(`${origin}/api/scraper/refresh/beta`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(one.status).toBe(200);
    expect(await one.json()).toHaveLength(2);

    const unknown = await fetch(`${origin}/api/reactive/deals?dispensary=nowhere`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'NotFound' });

    const wrong = await fetch(`${origin}/api/reactive/deals`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);

    const big = await fetch(`${origin}/api/scraper/refresh/all`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(2048),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: 'PayloadTooLarge' });

    const status = await fetch(`${origin}/api/monitoring/scraper/status`);
    expect(CacheStatusSchema.parse(await status.json())).toMatchObject({ ready: true });
  });

  /** The app listening on 127.0.0.1; `prepare` may set the Node server's limits before it does. */
  async function listening(prepare?: (server: FastifyInstance) => void): Promise<number> {
    const server = await app();
    prepare?.(server);
    await server.listen({ port: 0, host: '127.0.0.1' });
    return (server.server.address() as AddressInfo).port;
  }

  it("answers headers over Node's limit with 431 JSON", async () => {
    const port = await listening();
    const answer = await rawRequest(
      port,
      `GET /api/monitoring/scraper/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual({
      error: 'RequestHeaderFieldsTooLarge',
      message: 'The request headers are too large.',
    });
  });

  it('answers a request that does not arrive in time with 408 JSON', async () => {
    const port = await listening((server) => {
      // The real limit is 30 s; the check runs every 30 s by default too.
      Object.assign(server.server, {
        requestTimeout: 200,
        headersTimeout: 200,
        connectionsCheckingInterval: 50,
      });
    });
    const answer = await rawRequest(
      port,
      'POST /api/scraper/refresh/all HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 10\r\n\r\n{',
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'RequestTimeout',
      message: 'The request took too long to arrive.',
    });
  });

  it('answers what Node cannot parse with 400 JSON', async () => {
    const port = await listening();
    const answer = await rawRequest(port, 'GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'BadRequest',
      message: 'The request is not valid.',
    });
  });

  it('answers TRACE and CONNECT with 405 JSON and Allow', async () => {
    const port = await listening();
    const trace = await rawRequest(
      port,
      'TRACE /api/reactive/deals HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(trace.body)).toMatchObject({ error: 'MethodNotAllowed' });

    const connect = await rawRequest(
      port,
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    );
    expect(connect.status).toBe(405);
    expect(connect.headers.allow).toBe('GET, HEAD, POST');
    expect(JSON.parse(connect.body)).toEqual({
      error: 'MethodNotAllowed',
      message: 'This service does not open tunnels.',
    });
  });
});

import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { CacheStatusSchema, type SourceStatus } from '@stl-deals/domain';
import type { Registry } from '@stl-deals/scraper';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DataDirInUseError,
  DataDirUnwritableError,
  lockDataDir,
  OWNER_FILE,
  processIsAlive,
  processState,
} from '../src/data-dir-lock';
import { startApp, tempDir } from './support/harness';
import { rawRequest } from './support/raw-http';
import { listening, start, until } from './support/service-process';

/**
 * Attacks on the service, each against the real service on a real port, with payloads read in
 * the real parsing threads: a hostile menu must cost its own dispensary a failed scrape and
 * nothing more (the service keeps answering while it is read, and the last good deals stay), and
 * what a menu or a client sends never reaches the page or a cache in a form it should not.
 */

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** One store's menu: what `/<key>` answers now, and how often it was asked. */
const routes = new Map<string, Handler>();
const hits = new Map<string, number>();

function listen(server: Server, host: string): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, host, () =>
      resolve(`http://${host}:${(server.address() as AddressInfo).port}`),
    ),
  );
}

let menus: Server;
let inside: Server;
let base = '';
let insideBase = '';
let insideHits = 0;
beforeAll(async () => {
  menus = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes.get(path);
    if (route) route(request, response);
    else response.writeHead(404).end();
  });
  // This machine's private side: loopback, but not the address the operator allowed.
  inside = createServer((_request, response) => {
    insideHits += 1;
    json([goodDeal('Internal secret')])(_request, response);
  });
  base = await listen(menus, '127.0.0.1');
  insideBase = await listen(inside, '127.0.0.2');
});
afterAll(() => {
  menus.closeAllConnections();
  inside.closeAllConnections();
  menus.close();
  inside.close();
});

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  routes.clear();
  hits.clear();
});

function goodDeal(title: string, discountPercent = 20) {
  return {
    title,
    description: `${discountPercent}% off`,
    price: '$30',
    imageUrl: '',
    sourceUrl: 'https://store.example/deal',
    discountPercent,
  };
}

const json =
  (body: unknown): Handler =>
  (_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const html =
  (body: string): Handler =>
  (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
const redirect =
  (location: string): Handler =>
  (_request, response) =>
    response.writeHead(302, { location }).end();

const GOOD_PAGE = `<html><body><main><h1>Specials</h1>
  <article><h2>Vape Week</h2><p>25% off all vapes this week</p></article>
  <article><h2>Flower Friday</h2><p>20% off eighths every Friday</p></article>
</main></body></html>`;
const GOOD_FEED = [goodDeal('BOGO eighths', 50), goodDeal('Half off carts', 50)];

function registry(): Registry {
  return {
    dispensaries: [
      { key: 'page', name: 'Page Store', platform: 'html', specialsUrl: `${base}/page` },
      { key: 'feed', name: 'Feed Store', platform: 'feed', menuUrl: `${base}/feed` },
      { key: 'peer', name: 'Peer Store', platform: 'feed', menuUrl: `${base}/peer` },
    ],
  };
}

/** The service on a real port, reading payloads in its parsing threads. */
async function service(
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const app = await startApp({
    registry: registry(),
    parseOn: 'threads',
    env: { REFRESH_COOLDOWN_S: '0', SCRAPE_TIMEOUT_S: '60', ...env },
  });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** Pings the service every 10 ms while `work` runs; the latencies seen. */
async function pingsDuring(url: string, work: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${url}/api/monitoring/scraper/ping`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await finished;
  return latencies;
}

async function sourceOf(app: FastifyInstance, key: string): Promise<SourceStatus | undefined> {
  const status = CacheStatusSchema.parse(
    (await app.inject('/api/monitoring/scraper/status')).json(),
  );
  return status.sources?.find((source) => source.key === key);
}

async function dealsOf(
  app: FastifyInstance,
  key: string,
): Promise<Array<{ title: string; discountPercent?: number }>> {
  return (await app.inject(`/api/reactive/deals?dispensary=${key}`)).json();
}

/**
 * Serves `good` first and `hostile` after, refreshing the store once with each: the store must
 * fail with `reason` while the service answers every ping quickly and keeps the good deals.
 */
async function attack(key: 'page' | 'feed', good: Handler, hostile: Handler, reason: RegExp) {
  const { app, url } = await service();
  routes.set(`/${key}`, good);
  expect(await app.collection.refresh(key)).toBe('refreshed');
  const kept = await dealsOf(app, key);
  expect(kept.length).toBeGreaterThan(0);

  routes.set(`/${key}`, hostile);
  await pingsDuring(url, Promise.resolve()); // a first connection, so setup is not measured
  const started = performance.now();
  const latencies = await pingsDuring(url, app.collection.refresh(key));
  const tookMs = performance.now() - started;
  expect(await dealsOf(app, key)).toEqual(kept);
  expect(await sourceOf(app, key)).toMatchObject({
    state: 'stale',
    error: expect.stringMatching(reason) as string,
  });
  return { app, latencies, tookMs };
}

describe('hostile payloads are read off the event loop and bounded', () => {
  it('a 3 MB page nested 300,000 deep: the service answers, the store fails, its deals stay', async () => {
    const page = `<html><body>${'<div>'.repeat(300_000)}25% off${'</div>'.repeat(300_000)}</body></html>`;
    expect(page.length).toBeGreaterThan(3_000_000);
    const { latencies, tookMs } = await attack(
      'page',
      html(GOOD_PAGE),
      html(page),
      /too large or too complex/,
    );
    // Before: 16 s and more of a blocked event loop (150 s and more at this size). The bound is
    // loose, since a 2-core machine running other suites delays pings by itself; the delay the
    // page itself causes is measured in `npm run bench` (tens of ms).
    expect(Math.max(...latencies)).toBeLessThan(2_000);
    expect(tookMs).toBeLessThan(60_000);
  }, 90_000);

  it('a feed of JSON nested 500,000 deep', async () => {
    const feed = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
    const hostile: Handler = (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(feed);
    const { latencies } = await attack(
      'feed',
      json(GOOD_FEED),
      hostile,
      /too large or too complex/,
    );
    expect(Math.max(...latencies)).toBeLessThan(2_000);
  }, 90_000);

  it('a decompression bomb: 200 MB of zeros in 200 KB of gzip is cut at the byte cap', async () => {
    const bomb = gzipSync(Buffer.alloc(200 * 1024 * 1024, 0x20));
    const hostile: Handler = (_request, response) =>
      response
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        .end(bomb);
    await attack('feed', json(GOOD_FEED), hostile, /changed its format/);
  }, 90_000);

  it('a feed of 100,000 deals is cut to the deepest discounts, and status says so', async () => {
    const { app } = await service({ MAX_DEALS_PER_STORE: '500' });
    // Short deals, so that 100,000 of them fit under the 10 MiB response cap.
    const huge = Array.from({ length: 100_000 }, (_, index) => ({
      title: `Deal ${index}`,
      description: '',
      price: '$9',
      imageUrl: '',
      sourceUrl: '',
      discountPercent: index % 1000 === 0 ? 90 : 10,
    }));
    routes.set('/feed', json(huge));
    expect(await app.collection.refresh('feed')).toBe('refreshed');
    const deals = await dealsOf(app, 'feed');
    expect(deals).toHaveLength(500);
    // Every deep discount of the menu that passed the cleaning is kept, and first.
    const deep = deals.filter((deal) => deal.discountPercent === 90);
    expect(deep).toHaveLength(99);
    expect(deals.slice(0, deep.length)).toEqual(deep);
    const source = await sourceOf(app, 'feed');
    expect(source).toMatchObject({ state: 'ok', dealCount: 500 });
    // All the menu's deals that passed the spec's cleaning ('Deal 0' to 'Deal 999' are too short).
    expect(source?.dealsFound).toBe(99_000);
  }, 90_000);

  it('bytes that are not UTF-8 are read as replacement characters, never a crash', async () => {
    const { app } = await service();
    const body = Buffer.concat([
      Buffer.from('[{"title":"Caf'),
      Buffer.from([0xe9, 0xff, 0xfe]),
      Buffer.from('","description":"20% off","price":"$20","imageUrl":"","sourceUrl":""}]'),
    ]);
    routes.set('/feed', (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(body),
    );
    expect(await app.collection.refresh('feed')).toBe('refreshed');
    expect((await dealsOf(app, 'feed'))[0]?.title).toBe('Caf\uFFFD\uFFFD\uFFFD');
  }, 60_000);

  it('a slow drip ends at the request timeout, and the last good deals stay', async () => {
    const drip: Handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => response.write(' '), 200);
      response.on('close', () => clearInterval(timer));
    };
    await attack('feed', json(GOOD_FEED), drip, /did not answer in time/);
  }, 60_000);
});

describe('redirects never reach what is not public', () => {
  it.each([
    ['a loopback address the operator did not allow', () => `${insideBase}/secret`],
    ['the cloud metadata service', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private network address', () => 'http://10.0.0.1/menu'],
    ['loopback written as an IPv4-compatible IPv6 address', () => 'http://[::127.0.0.1]/menu'],
    ['a file', () => 'file:///etc/passwd'],
  ])(
    'a menu redirecting to %s fails as refused and publishes nothing',
    async (_name, target) => {
      const { app } = await attack(
        'feed',
        json(GOOD_FEED),
        redirect(target()),
        /not a public web address/,
      );
      expect(insideHits).toBe(0);
      const all = (await app.inject('/api/reactive/deals')).json<Array<{ title: string }>>();
      expect(all.map((deal) => deal.title)).not.toContain('Internal secret');
    },
    60_000,
  );

  it("a redirect into a path the target's robots.txt disallows is not followed", async () => {
    routes.set('/robots.txt', (_request, response) =>
      response
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('User-agent: *\nDisallow: /private/\n'),
    );
    routes.set('/private/feed', json([goodDeal('Disallowed')]));
    await attack('feed', json(GOOD_FEED), redirect('/private/feed'), /refused our request/);
    expect(hits.get('/private/feed') ?? 0).toBe(0);
  }, 60_000);
});

describe('a store that asks to wait, or hangs, costs only itself', () => {
  it('Retry-After: 3600 leaves that store alone, and the peers on its host are read at once', async () => {
    const { app } = await service();
    routes.set('/feed', (_request, response) =>
      response.writeHead(429, { 'retry-after': '3600' }).end(),
    );
    routes.set('/peer', json(GOOD_FEED));
    expect(await app.collection.refresh('feed')).toBe('failed');
    expect(await app.collection.refresh('peer')).toBe('refreshed');
    // Asked again, the store is not: its host asked for (a capped) ten minutes.
    expect(await app.collection.refresh('feed')).toBe('failed');
    expect(hits.get('/feed')).toBe(1);
    expect(hits.get('/peer')).toBe(1);
  }, 60_000);
});

describe('answers a shared cache cannot give to the wrong client', () => {
  /** A built page with the .br and .gz the build writes beside each file. */
  function builtPage(): string {
    const dist = tempDir('web-dist-');
    mkdirSync(join(dist, 'assets'));
    const files = { 'index.html': '<h1>STL Deals</h1>', 'assets/index-B2apotdK.js': 'go()' };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(dist, name), text);
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
    }
    return dist;
  }

  it.each(['/', '/assets/index-B2apotdK.js'])(
    '%s says Vary: Accept-Encoding in every encoding it is sent in',
    async (path) => {
      const { url } = await service({ WEB_DIST: builtPage() });
      for (const [accepts, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const response = await fetch(`${url}${path}`, { headers: { 'accept-encoding': accepts } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding') ?? undefined).toBe(encoding);
        expect(response.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
        await response.arrayBuffer();
      }
    },
    30_000,
  );
});

describe('a client gets one refresh budget, however its address is spelled', () => {
  /** POSTs a refresh of an unknown store (a 404, counted all the same) as `forwardedFor`. */
  async function refreshAs(url: string, forwardedFor: string): Promise<number> {
    const response = await fetch(`${url}/api/scraper/refresh/no-such-store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: '{}',
    });
    await response.arrayBuffer();
    return response.status;
  }

  it.each([
    [
      'with a port, mapped, bracketed, zero-padded',
      ['1.2.3.4', '1.2.3.4:5555', '[::ffff:1.2.3.4]', '01.02.03.04', '[::FFFF:1.2.3.4]:80'],
    ],
    ['in one IPv6 /64', ['2001:db8:1:2::1', '[2001:db8:1:2::ffff]:443', '2001:DB8:1:2:aaaa::']],
    ['that is no address at all', ['nonsense', 'unknown', '1.2.3.4.5', 'localhost']],
  ])(
    'behind a trusted proxy, every spelling of one client %s shares its budget',
    async (_kind, spellings) => {
      const { url } = await service({ TRUST_PROXY: '1', RATE_LIMIT_PER_MIN: '2' });
      const statuses = [];
      for (const spelling of spellings) statuses.push(await refreshAs(url, spelling));
      expect(statuses).toEqual([404, 404, ...spellings.slice(2).map(() => 429)]);
      // Another client still has its own budget.
      expect(await refreshAs(url, '1.2.3.5')).toBe(404);
    },
    30_000,
  );
});

describe('what a menu writes reaches the page only as plain text', () => {
  it('bidirectional controls in titles, brands and every other text field are removed', async () => {
    const { app } = await service();
    const controls = '\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    routes.set(
      '/feed',
      json([
        {
          ...goodDeal(`\u202eFFO %05\u202c Gummies${controls}`),
          description: `\u2066Half\u2069 off ${controls}`,
          price: '$10\u202e',
          brand: '\u202eDLYW\u202c',
          strainType: '\u2067Hybrid',
          size: '10\u200fmg',
          specialName: '\u202dFriday\u2069',
        },
      ]),
    );
    expect(await app.collection.refresh('feed')).toBe('refreshed');
    const [deal] = await dealsOf(app, 'feed');
    expect(deal).toMatchObject({
      title: 'FFO %05 Gummies',
      description: 'Half off',
      price: '$10',
      brand: 'DLYW',
      strainType: 'Hybrid',
      size: '10mg',
      specialName: 'Friday',
    });
    const page = (await app.inject('/api/reactive/deals?view=page')).body;
    expect(page).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  }, 30_000);
});

describe('a menu cannot publish an impossible discount', () => {
  it('the percent comes from the prices, and prices that cannot be true are left out', async () => {
    const { app } = await service();
    const deal = (title: string, numbers: Record<string, unknown>) => ({
      ...goodDeal(title),
      ...numbers,
    });
    routes.set(
      '/feed',
      json([
        deal('Claims 99 percent off', { regularPrice: 40, salePrice: 30, discountPercent: 99 }),
        deal('Sale above regular', { regularPrice: 30, salePrice: 45, discountPercent: 90 }),
        deal('Priced at 1e308', { regularPrice: 1e308, salePrice: 1e308, discountPercent: 20 }),
        deal('Negative price', { regularPrice: 40, salePrice: -10 }),
      ]),
    );
    expect(await app.collection.refresh('feed')).toBe('refreshed');
    const served = (await app.inject('/api/reactive/deals?dispensary=feed')).json<
      Array<Record<string, unknown>>
    >();
    const numbers = (title: string) => {
      const found = served.find((entry) => entry.title === title);
      return {
        regularPrice: found?.regularPrice,
        salePrice: found?.salePrice,
        discountPercent: found?.discountPercent,
      };
    };
    expect(numbers('Claims 99 percent off')).toEqual({
      regularPrice: 40,
      salePrice: 30,
      discountPercent: 25,
    });
    expect(numbers('Sale above regular')).toEqual({
      regularPrice: undefined,
      salePrice: undefined,
      discountPercent: undefined,
    });
    expect(numbers('Priced at 1e308')).toEqual({
      regularPrice: undefined,
      salePrice: undefined,
      discountPercent: 20,
    });
    // goodDeal's stated 20%: with one price left, nothing contradicts it.
    expect(numbers('Negative price')).toEqual({
      regularPrice: 40,
      salePrice: undefined,
      discountPercent: 20,
    });
    // The deepest discount the menu can stand behind comes first, not the one it claimed.
    expect(served[0]?.title).toBe('Claims 99 percent off');
    expect(served.map((entry) => entry.discountPercent)).not.toContain(99);
  }, 30_000);
});

describe('a client trickling its request holds a connection for 30 s at most', () => {
  it('a refresh whose body arrives a byte a second gets its 408 at 30 s', async () => {
    const { url } = await service();
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    const started = performance.now();
    socket.write(
      'POST /api/scraper/refresh/all HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const drip = setInterval(() => socket.write(' '), 1_000);
    const answer = await new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('error', () => {});
      socket.on('close', () => resolve(received));
    }).finally(() => clearInterval(drip));
    const tookS = (performance.now() - started) / 1000;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // Before: 60 to 90 s (Node's default header limit, looked at every 30 s).
    expect(tookS).toBeGreaterThanOrEqual(29.5);
    expect(tookS).toBeLessThan(33);
  }, 60_000);
});

describe('with PUBLIC_ORIGIN, a name pointed at the service (DNS rebinding) reaches nothing', () => {
  /** A request as a browser at `host` sends it, on a fresh connection to the service. */
  interface Call {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
  }

  async function asHost(
    url: string,
    host: string,
    { method = 'GET', path = '/api/reactive/deals', headers = {} }: Call = {},
  ): Promise<number> {
    const lines = [
      `${method} ${path} HTTP/1.1`,
      `Host: ${host}`,
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    const body = method === 'POST' ? '{}' : '';
    if (method === 'POST') lines.push('Content-Type: application/json', 'Content-Length: 2');
    const answer = await rawRequest(
      Number(new URL(url).port),
      `${lines.join('\r\n')}\r\n\r\n${body}`,
    );
    return answer.status;
  }

  it('a refresh from the rebinding name is a 421 and scrapes nothing; the public one passes', async () => {
    const { url } = await service({ PUBLIC_ORIGIN: 'https://deals.example,http://deals.example' });
    routes.set('/feed', json(GOOD_FEED));
    const evil = { method: 'POST', path: '/api/scraper/refresh/feed' };
    // Host and Origin agree, as they do for the attacker's own page: the Origin check alone passed it.
    expect(
      await asHost(url, 'evil.example', { ...evil, headers: { origin: 'http://evil.example' } }),
    ).toBe(421);
    expect(await asHost(url, 'evil.example', { method: 'GET', path: '/' })).toBe(421);
    expect(await asHost(url, 'evil.example')).toBe(421);
    expect(hits.get('/feed') ?? 0).toBe(0);

    expect(
      await asHost(url, 'deals.example', { ...evil, headers: { origin: 'http://deals.example' } }),
    ).toBe(200);
    expect(hits.get('/feed')).toBe(1);
    expect(await asHost(url, 'DEALS.example:443')).toBe(200);
    expect(await asHost(url, 'deals.example:8443')).toBe(421);
  }, 30_000);

  it("a refresh naming the public Host is still refused from another site's page", async () => {
    const { url } = await service({ PUBLIC_ORIGIN: 'https://deals.example' });
    routes.set('/feed', json(GOOD_FEED));
    const refresh = { method: 'POST', path: '/api/scraper/refresh/feed' };
    // Plain http to the service, as behind a TLS proxy that is not trusted: Host alone would
    // make http://deals.example the own origin; PUBLIC_ORIGIN says it is not.
    for (const origin of ['http://deals.example', 'https://evil.example']) {
      expect(await asHost(url, 'deals.example', { ...refresh, headers: { origin } })).toBe(403);
    }
    expect(hits.get('/feed') ?? 0).toBe(0);
    expect(
      await asHost(url, 'deals.example', {
        ...refresh,
        headers: { origin: 'https://deals.example' },
      }),
    ).toBe(200);
  }, 30_000);

  it('the probes and Prometheus reach a process by its own address', async () => {
    const { url } = await service({ PUBLIC_ORIGIN: 'https://deals.example' });
    const own = new URL(url).host;
    expect(await asHost(url, own, { path: '/api/monitoring/live' })).toBe(200);
    expect(await asHost(url, own, { path: '/api/monitoring/scraper/ping' })).toBe(200);
    // A path spelled to look like a probe's reaches no other route.
    expect(await asHost(url, own, { path: '/api/monitoring/../reactive/deals' })).not.toBe(200);
  }, 30_000);
});

describe('one process owns a SQLite data folder', () => {
  const ownerFile = (dataDir: string) => join(dataDir, OWNER_FILE);

  it('a second owner is refused, naming the folder and the live owner', () => {
    const dataDir = tempDir();
    const lock = lockDataDir(dataDir, { pid: 4242, isAlive: () => true });
    expect(readFileSync(lock.file, 'utf8')).toBe('4242\n');
    expect(() => lockDataDir(dataDir, { pid: 4343, isAlive: () => true })).toThrow(
      new DataDirInUseError(dataDir, 4242),
    );
    expect(new DataDirInUseError(dataDir, 4242).message).toContain(
      `DATA_DIR ${dataDir} is in use by another process of this service (pid 4242)`,
    );
    // Giving the folder up removes the file only while it names the one giving up.
    writeFileSync(lock.file, '4343\n');
    lock.release();
    expect(readFileSync(lock.file, 'utf8')).toBe('4343\n');
    writeFileSync(lock.file, '4242\n');
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it("an owner that died is taken over, and so is one with this process's own pid", () => {
    const dataDir = tempDir();
    writeFileSync(ownerFile(dataDir), '4242\n');
    const taken = lockDataDir(dataDir, { pid: 4343, isAlive: (pid) => pid !== 4242 });
    expect(readFileSync(taken.file, 'utf8')).toBe('4343\n');
    // A container restarted on the same volume often runs under its predecessor's pid.
    expect(lockDataDir(dataDir, { pid: 4343, isAlive: () => true }).file).toBe(taken.file);
    writeFileSync(ownerFile(dataDir), 'not a pid');
    expect(readFileSync(lockDataDir(dataDir, { pid: 7 }).file, 'utf8')).toBe('7\n');
    expect(readdirSync(dataDir)).toEqual([OWNER_FILE]);
  });

  it('a second service on the same DATA_DIR stops at once; a killed owner is replaced', async () => {
    const dataDir = tempDir();
    const registryFile = join(tempDir(), 'registry.json');
    writeFileSync(registryFile, JSON.stringify(registry()));
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEALS_REGISTRY: registryFile };
    const first = start(env);
    await listening(first);

    const second = start(env);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(
      `DATA_DIR ${dataDir} is in use by another process of this service (pid ${first.child.pid})`,
    );
    expect(second.stdout()).not.toContain('Server listening');

    // Killed, the owner leaves its file behind; the next start sees its pid gone.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(readFileSync(ownerFile(dataDir), 'utf8')).toBe(`${first.child.pid}\n`);
    const third = start(env);
    await listening(third);
    expect(readFileSync(ownerFile(dataDir), 'utf8')).toBe(`${third.child.pid}\n`);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(ownerFile(dataDir))).toBe(false);
  }, 120_000);

  it('an owner killed and not yet reaped by its parent (a zombie) is taken over at once', async () => {
    const dataDir = tempDir();
    const registryFile = join(tempDir(), 'registry.json');
    writeFileSync(registryFile, JSON.stringify(registry()));
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEALS_REGISTRY: registryFile };
    const first = start(env, { unreaped: true });
    try {
      await listening(first);
      const pid = Number(/^(\d+)\n/.exec(first.stdout())?.[1]);
      expect(readFileSync(ownerFile(dataDir), 'utf8')).toBe(`${pid}\n`);
      process.kill(pid, 'SIGKILL');
      // Its parent never waits for it: it stays a zombie, which answers a signal probe.
      await until(() => (processState(pid) === 'Z' ? true : undefined), 'the zombie');
      expect(() => process.kill(pid, 0)).not.toThrow();
      expect(processIsAlive(pid)).toBe(false);

      const next = start(env);
      await listening(next);
      expect(readFileSync(ownerFile(dataDir), 'utf8')).toBe(`${next.child.pid}\n`);
      next.child.kill('SIGTERM');
      expect(await next.exited).toBe(0);
    } finally {
      first.child.kill('SIGKILL');
    }
  }, 120_000);

  it('a DATA_DIR the service cannot write stops the start with one line saying what to do', async () => {
    const parent = tempDir();
    let dataDir = join(parent, 'data');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o555);
    // Root writes anywhere: the service then runs as nobody, as a container's user would, when
    // nobody can reach the checkout; else (a checkout under a private folder) it runs as root with
    // a DATA_DIR under a file, which no user can write either.
    const asRoot = process.getuid?.() === 0;
    const asNobody = asRoot && othersCanReach(fileURLToPath(new URL('../../..', import.meta.url)));
    if (asNobody) chmodSync(parent, 0o755);
    if (asRoot && !asNobody) {
      writeFileSync(join(parent, 'a-file'), '');
      dataDir = join(parent, 'a-file', 'data');
    }
    const registryDir = tempDir();
    chmodSync(registryDir, 0o755);
    const registryFile = join(registryDir, 'registry.json');
    writeFileSync(registryFile, JSON.stringify(registry()));
    chmodSync(registryFile, 0o644);
    const service = start(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEALS_REGISTRY: registryFile },
      asNobody ? { user: { uid: 65534, gid: 65534 } } : {},
    );
    const code = asRoot && !asNobody ? 'ENOTDIR' : 'EACCES';
    expect(await service.exited).toBe(1);
    expect(service.stderr().trim().split('\n')).toEqual([
      new DataDirUnwritableError(dataDir, code).message,
    ]);
    expect(service.stderr()).toMatch(/^DATA_DIR .*data cannot be written \((EACCES|ENOTDIR)\): /);
    expect(service.stdout()).not.toContain('Server listening');
  }, 60_000);
});

/** Whether a user other than the owner can reach `path`: every folder on the way lets others in. */
function othersCanReach(path: string): boolean {
  for (let dir = path; ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false;
    if (dirname(dir) === dir) return true;
  }
}

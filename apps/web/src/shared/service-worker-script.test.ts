import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

// The page's service worker (public/sw.js, plain JavaScript served as it is), run in a context of
// its own with a stand-in for the browser's caches and network: which answer the page gets, when
// a copy is given, and what is kept.

const SOURCE = readFileSync(join(import.meta.dirname, '../../public/sw.js'), 'utf8');
const ORIGIN = 'https://deals.test';
const DEALS = '/api/reactive/deals?view=page';

type Network = (request: Request | FakeNavigation) => Promise<Response>;
type Listener = (event: unknown) => void;
interface FakeNavigation {
  method: 'GET';
  url: string;
  mode: 'navigate';
}

/** The browser's Cache Storage as the worker uses it: per cache, URL to response, in save order. */
class FakeCaches {
  readonly stores = new Map<string, Map<string, Response>>();

  private store(name: string) {
    let store = this.stores.get(name);
    if (!store) this.stores.set(name, (store = new Map<string, Response>()));
    return store;
  }

  open(name: string) {
    const store = this.store(name);
    const urlOf = (key: string | Request) =>
      new URL(typeof key === 'string' ? key : key.url, ORIGIN).href;
    return Promise.resolve({
      put: (key: string | Request, response: Response) => {
        store.delete(urlOf(key));
        store.set(urlOf(key), response);
        return Promise.resolve();
      },
      match: (key: string | Request) => Promise.resolve(store.get(urlOf(key))?.clone()),
      keys: () => Promise.resolve([...store.keys()].map((url) => new Request(url))),
      delete: (key: string | Request) => Promise.resolve(store.delete(urlOf(key))),
    });
  }

  async match(key: string, options: { cacheName: string }) {
    return (await this.open(options.cacheName)).match(key);
  }

  keys() {
    return Promise.resolve([...this.stores.keys()]);
  }

  delete(name: string) {
    return Promise.resolve(this.stores.delete(name));
  }

  /** The URLs (paths) a cache holds, in save order. */
  paths(name: string): string[] {
    return [...(this.stores.get(name)?.keys() ?? [])].map((url) => {
      const { pathname, search } = new URL(url);
      return pathname + search;
    });
  }
}

function startWorker(network: { current: Network }) {
  const listeners = new Map<string, Listener[]>();
  const caches = new FakeCaches();
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    skipWaiting: () => Promise.resolve(),
    clients: { claim: () => Promise.resolve() },
    registration: {},
  };
  runInNewContext(SOURCE, {
    self,
    caches,
    fetch: (request: Request | FakeNavigation | string) =>
      network.current(
        typeof request === 'string' ? new Request(new URL(request, ORIGIN).href) : request,
      ),
    Request,
    Response,
    Headers,
    URL,
    console: { warn: () => undefined },
  });

  const dispatch = async (type: string, event: object) => {
    const waits: Promise<unknown>[] = [];
    let answer: Promise<Response> | undefined;
    const full = {
      ...event,
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
      respondWith: (promise: Promise<Response>) => (answer = promise),
    };
    for (const listener of listeners.get(type) ?? []) listener(full);
    const response = answer ? await answer : undefined;
    // What the worker does after answering (saving a copy) is done before the next step.
    while (waits.length > 0) await Promise.all(waits.splice(0));
    return response;
  };

  return {
    caches,
    /** The page's GET of `path` (or another request): the worker's answer, undefined if it left it. */
    get: (path: string, init: RequestInit = {}, clientId = 'page-1') =>
      dispatch('fetch', { request: new Request(new URL(path, ORIGIN).href, init), clientId }),
    navigate: (path: string, clientId = 'page-1') =>
      dispatch('fetch', {
        request: { method: 'GET', url: new URL(path, ORIGIN).href, mode: 'navigate' },
        clientId,
      }),
    install: () => dispatch('install', {}),
    activate: () => dispatch('activate', {}),
    /** The page's question 'copies-served', and the worker's answer. */
    copiesServed: async (clientId = 'page-1') => {
      let reply: unknown;
      await dispatch('message', {
        data: { type: 'copies-served' },
        ports: [{ postMessage: (value: unknown) => (reply = value) }],
        source: { id: clientId },
      });
      return reply as { copies: { path: string; ageMs: number }[] };
    },
    keep: async (urls: string[]) => {
      let reply: unknown;
      await dispatch('message', {
        data: { type: 'keep', urls },
        ports: [{ postMessage: (value: unknown) => (reply = value) }],
        source: { id: 'page-1' },
      });
      return reply;
    },
  };
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
const offline: Network = () => Promise.reject(new TypeError('Failed to fetch'));

describe("the service worker's answers to the page", () => {
  it('gives the network’s answer and saves it; offline, the copy, marked with when it was saved', async () => {
    const network = { current: (() => json(['fresh deal'])) as Network };
    const worker = startWorker(network);

    const online = await worker.get(DEALS);
    expect(await online!.json()).toEqual(['fresh deal']);
    expect(online!.headers.get('x-offline-copy')).toBeNull();

    network.current = offline;
    const before = Date.now();
    const fromCopy = await worker.get(DEALS);
    expect(await fromCopy!.json()).toEqual(['fresh deal']);
    const savedAt = Date.parse(fromCopy!.headers.get('x-offline-copy')!);
    expect(savedAt).toBeLessThanOrEqual(before);
    expect(fromCopy!.headers.get('content-type')).toBe('application/json');

    const served = await worker.copiesServed();
    expect(served.copies).toEqual([{ path: DEALS, ageMs: expect.any(Number) as number }]);
    expect(served.copies[0]!.ageMs).toBeGreaterThanOrEqual(0);
    // Another page was given nothing from a copy.
    expect((await worker.copiesServed('page-2')).copies).toEqual([]);

    // Online again: the network's answer, and the page is told of no copy any more.
    network.current = () => json(['newer deal']);
    expect(await (await worker.get(DEALS))!.json()).toEqual(['newer deal']);
    expect((await worker.copiesServed()).copies).toEqual([]);
  });

  it('passes an error status of the network on, never the copy in its place', async () => {
    const network = { current: (() => json(['good deal'])) as Network };
    const worker = startWorker(network);
    await worker.get(DEALS);

    network.current = () => json({ message: 'store check failed' }, 503);
    const answer = await worker.get(DEALS);
    expect(answer!.status).toBe(503);
    expect(answer!.headers.get('x-offline-copy')).toBeNull();
    expect((await worker.copiesServed()).copies).toEqual([]);
    // The error did not replace the copy.
    network.current = offline;
    expect(await (await worker.get(DEALS))!.json()).toEqual(['good deal']);
  });

  it('fails as the network does when there is no copy', async () => {
    const worker = startWorker({ current: offline });
    await expect(worker.get('/api/monitoring/scraper/status')).rejects.toThrow('Failed to fetch');
  });

  it.each([
    ['a POST', '/api/scraper/refresh/all', { method: 'POST', body: '{}' }],
    ['a call the list is not drawn from', '/api/deals/history?product=x', {}],
    ['another origin', 'https://images.example/deal.jpg', {}],
    ['a feed', '/feeds/deals.atom', {}],
  ])('leaves %s to the browser', async (_name, path, init) => {
    const worker = startWorker({ current: () => json({}) });
    expect(await worker.get(path, init)).toBeUndefined();
  });

  it('keeps the latest copy per URL, and at most 24 answers, the least recently saved going first', async () => {
    const network = { current: ((request: Request) => json([request.url])) as Network };
    const worker = startWorker(network);
    const one = (n: number) => `/api/reactive/deals?dispensary=store-${n}&view=page`;
    for (let n = 1; n <= 26; n++) await worker.get(one(n));
    await worker.get(one(1)); // saved again: now the most recent
    const kept = worker.caches.paths('stl-deals-answers-v1');
    expect(kept).toHaveLength(24);
    expect(kept).not.toContain(one(2));
    expect(kept).not.toContain(one(3));
    expect(kept.at(-1)).toBe(one(1));
  });

  it('does not keep an answer over 16 MB', async () => {
    const big = 'x'.repeat(16 * 1024 * 1024 + 1);
    const worker = startWorker({ current: () => Promise.resolve(new Response(big)) });
    expect((await (await worker.get(DEALS))!.text()).length).toBe(big.length);
    expect(worker.caches.paths('stl-deals-answers-v1')).toEqual([]);
  });
});

describe("the service worker's copy of the page", () => {
  const page = (version: string) =>
    `<script type="module" crossorigin src="/assets/index-${version}.js"></script>` +
    `<link rel="stylesheet" crossorigin href="/assets/style-${version}.css">`;
  const files: Record<string, string> = {
    '/assets/index-v1.js': 'const p=()=>import(`./on-demand-parts-v1.js`);',
    '/assets/on-demand-parts-v1.js': 'import{a}from"./index-v1.js";import"./use-store-hours-v1.js"',
    '/assets/use-store-hours-v1.js': 'import{a}from"./index-v1.js"',
    '/assets/style-v1.css': 'body{}',
    '/assets/index-v2.js': 'const p=()=>import(`./on-demand-parts-v2.js`);',
    '/assets/on-demand-parts-v2.js': 'import{a}from"./index-v2.js"',
    '/assets/style-v2.css': 'body{}',
  };
  const site = (version: string): Network =>
    ((request: Request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/') return Promise.resolve(new Response(page(version)));
      const file = files[pathname];
      return Promise.resolve(new Response(file ?? 'not found', { status: file ? 200 : 404 }));
    }) as Network;

  it('is saved as it installs, with the built files it names and the chunks they import', async () => {
    const worker = startWorker({ current: site('v1') });
    await worker.install();
    expect(worker.caches.paths('stl-deals-shell-v1').sort()).toEqual([
      '/',
      '/assets/index-v1.js',
      '/assets/on-demand-parts-v1.js',
      '/assets/style-v1.css',
      '/assets/use-store-hours-v1.js',
    ]);
  });

  it('opens offline whatever the query, and the built files come from the copy first', async () => {
    const network = { current: site('v1') };
    const worker = startWorker(network);
    await worker.install();
    network.current = offline;
    expect(await (await worker.navigate('/?category=flower'))!.text()).toBe(page('v1'));
    expect(await (await worker.get('/assets/index-v1.js'))!.text()).toBe(
      files['/assets/index-v1.js'],
    );
    // Online, the page itself comes from the network.
    network.current = () => Promise.resolve(new Response('the new page'));
    expect(await (await worker.navigate('/'))!.text()).toBe('the new page');
  });

  it('keeps only the files of the version last saved', async () => {
    const network = { current: site('v1') };
    const worker = startWorker(network);
    await worker.install();
    network.current = site('v2');
    await worker.navigate('/');
    expect(worker.caches.paths('stl-deals-shell-v1').sort()).toEqual([
      '/',
      '/assets/index-v2.js',
      '/assets/on-demand-parts-v2.js',
      '/assets/style-v2.css',
    ]);
  });

  it('installs offline too (for push), with nothing saved', async () => {
    const worker = startWorker({ current: offline });
    await worker.install();
    expect(worker.caches.paths('stl-deals-shell-v1')).toEqual([]);
  });

  it("keeps the answers of the page's calls made before it was there, and only those it keeps", async () => {
    const worker = startWorker({ current: () => json({ ok: true }) });
    const kept = await worker.keep([
      `${ORIGIN}/api/monitoring/scraper/ping`,
      `${ORIGIN}${DEALS}`,
      `${ORIGIN}/api/deals/history?product=x`,
      'https://elsewhere.example/api/reactive/deals',
      'not a url',
    ]);
    expect(kept).toEqual({ kept: 2 });
    expect(worker.caches.paths('stl-deals-answers-v1')).toEqual([
      '/api/monitoring/scraper/ping',
      DEALS,
    ]);
  });

  it('drops the caches of an older version as it activates', async () => {
    const worker = startWorker({ current: offline });
    await (await worker.caches.open('stl-deals-answers-v0')).put('/x', new Response('old'));
    await (await worker.caches.open('someone-else')).put('/x', new Response('theirs'));
    await worker.activate();
    expect(await worker.caches.keys()).toEqual(['someone-else']);
  });
});

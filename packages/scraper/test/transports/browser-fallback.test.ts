import { execFileSync } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { load } from 'cheerio';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { feedAdapter } from '../../src/adapters/feed';
import type { Adapter } from '../../src/adapters/types';
import { createScraper, type ScraperOptions } from '../../src/create-scraper';
import type { RegistryEntry } from '../../src/registry';
import type { Scraper } from '../../src/scraper';
import { html, json, startServer, type LocalServer, type Route } from './local-server';

const USER_AGENT = 'stl-deals-test/1.0';
const CONTACT = 'https://example.org/contact';

const DEAL = {
  title: 'BOGO Cloud Cover eighths',
  description: 'Buy one get one',
  price: '$35',
  imageUrl: '',
  sourceUrl: 'https://shop.example/cc',
};

/** Cloudflare's shape: scripts get this page; a browser runs it, gets the cookie and reloads. */
const CHALLENGE = `<!doctype html><html><head><title>Just a moment...</title></head><body>
  <div id="challenge-platform">Checking your browser before accessing the menu.</div>
  <script>document.cookie = 'cf_clearance=ok; path=/'; location.reload();</script>
</body></html>`;

const passed = (request: IncomingMessage) =>
  (request.headers.cookie ?? '').includes('cf_clearance=ok');

/** Answers `route` to clients that passed the challenge, and the challenge to the rest. */
const behindChallenge =
  (route: Route, challengeStatus: number): Route =>
  (request, response) =>
    passed(request)
      ? route(request, response)
      : html(CHALLENGE, challengeStatus)(request, response);

/**
 * The store page: an age gate in a dialog, whose 21+ answer makes the page fetch the menu JSON. A
 * bare 'Enter' outside the dialog must not be clicked.
 */
const STORE_PAGE = `<!doctype html><html><head><title>Menu</title></head><body>
  <button onclick="fetch('/decoy')">Enter</button>
  <div role="dialog" aria-modal="true" id="gate">
    <p>You must be 21 to enter.</p>
    <button onclick="location.href='https://example.org/'">No</button>
    <button id="yes">I am 21 or older</button>
  </div>
  <ul id="menu"></ul>
  <script>
    document.getElementById('yes').addEventListener('click', async () => {
      document.getElementById('gate').remove();
      const deals = await (await fetch('/api/menu.json')).json();
      document.getElementById('menu').textContent = deals.length + ' deals';
    });
  </script>
</body></html>`;

/** A specials page whose deals only appear, by script, once the age gate is answered. */
const SPECIALS_PAGE = `<!doctype html><html><head><title>Specials</title></head><body>
  <div class="age-gate-overlay"><button id="yes">Yes</button></div>
  <main id="specials"></main>
  <script>
    document.getElementById('yes').addEventListener('click', () => {
      document.querySelector('.age-gate-overlay').remove();
      document.getElementById('specials').innerHTML =
        '<article class="deal"><h2>${DEAL.title}</h2><p class="price">${DEAL.price}</p></article>';
    });
  </script>
</body></html>`;

/** The feed platform taught to open its store page in a browser and pick up the menu JSON. */
const capturingAdapter: Adapter = {
  ...feedAdapter,
  browser: {
    pageUrl: (entry) => (entry.menuUrl ? new URL('/store', entry.menuUrl).href : null),
    labelOf: (url) => (new URL(url).pathname === '/api/menu.json' ? 'feed' : null),
  },
};

/** An html-only platform: one specials page, deals read from its markup. */
const pageAdapter: Adapter = {
  plan: (entry, received) =>
    received.length > 0 || !entry.specialsUrl
      ? []
      : [{ label: 'specials', url: entry.specialsUrl, accept: 'text/html' }],
  parse: (received) => {
    const page = received[0]?.body;
    const $ = load(typeof page === 'string' ? page : '');
    const deals = $('.deal')
      .toArray()
      .map((card) => ({
        ...DEAL,
        title: $(card).find('h2').text(),
        price: $(card).find('.price').text(),
      }));
    return { deals };
  },
};

const OPTIONS: ScraperOptions = {
  userAgent: USER_AGENT,
  contactUrl: CONTACT,
  requestTimeoutMs: 2_000,
  minHostDelayMs: 0,
  storeTimeoutMs: 20_000,
  browserPages: 2,
  adapters: { dutchie: capturingAdapter, html: pageAdapter, feed: feedAdapter },
  allowPrivateHosts: ['127.0.0.1'],
};

const scrapers: Scraper[] = [];
/** The shared scraper (one Chromium for the file), or one of its own for other options. */
function scraper(options?: Partial<ScraperOptions>): Scraper {
  if (!options && scrapers[0]) return scrapers[0];
  const created = createScraper({ ...OPTIONS, ...options });
  scrapers.push(created);
  return created;
}

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
// Whatever failed, every Chromium is closed before the file ends.
afterAll(async () => {
  await Promise.all(scrapers.map((each) => each.close()));
  // The process exits just after the browser reports it closed; on a loaded machine that can take
  // a moment, which is not a Chromium left behind.
  for (let waited = 0; chromiumChildren().length > 0 && waited < 5_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(chromiumChildren()).toEqual([]);
});

/** Chromium processes this test process started and has not reaped. */
function chromiumChildren(): string[] {
  const out = execFileSync('ps', ['-o', 'pid=,stat=,comm=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((line) => /chrom/i.test(line) && !/\bZ/.test(line))
    .map((line) => line.trim());
}

const signal = () => new AbortController().signal;
const byBrowser = (server: LocalServer, path: string) =>
  server.hits.filter((hit) => hit.path === path && hit.userAgent.includes('Chrome'));
const byScript = (server: LocalServer, path: string) =>
  server.hits.filter((hit) => hit.path === path && !hit.userAgent.includes('Chrome'));

function storeEntry(base: string, extra: Record<string, unknown> = {}): RegistryEntry {
  return {
    key: 'test-store',
    name: 'Test Store',
    platform: 'dutchie',
    menuUrl: `${base}/api/menu.json`,
    ...extra,
  };
}

// A Chromium launch and a challenge, an age gate and two idle waits per store take a few seconds.
describe('block -> browser fallback in Chromium', { timeout: 20_000 }, () => {
  it('captures the menu JSON behind a 403 challenge and an age gate', async () => {
    server = await startServer({
      '/store': behindChallenge(html(STORE_PAGE), 403),
      '/api/menu.json': behindChallenge(json([DEAL]), 403),
      '/decoy': json({}),
    });
    const result = await scraper().scrape(storeEntry(server.base), signal());

    expect(result.transport).toBe('browser');
    expect(result.deals).toEqual([expect.objectContaining({ ...DEAL, platform: 'dutchie' })]);
    expect(chromiumChildren()).not.toEqual([]);
    // http asked first and was refused; the browser passed the challenge and the gate.
    expect(byScript(server, '/api/menu.json')).toHaveLength(1);
    expect(byBrowser(server, '/store').map((hit) => hit.cookie)).toEqual(['', 'cf_clearance=ok']);
    expect(byBrowser(server, '/api/menu.json')).toHaveLength(1);
    expect(server.count('/decoy')).toBe(0);
    // Honest in the browser too: Chromium's own User-Agent, then ours with the contact URL.
    expect(byBrowser(server, '/store')[0]?.userAgent).toMatch(
      new RegExp(`Chrome/[\\d.]+ .*${USER_AGENT} \\(\\+${CONTACT}\\)$`),
    );
  });

  it('renders an html-only page behind a 200 JavaScript challenge', async () => {
    server = await startServer({ '/specials': behindChallenge(html(SPECIALS_PAGE), 200) });
    const entry: RegistryEntry = {
      key: 'page-store',
      name: 'Page Store',
      platform: 'html',
      specialsUrl: `${server.base}/specials`,
    };
    const result = await scraper().scrape(entry, signal());

    expect(result.transport).toBe('browser');
    expect(result.deals).toEqual([
      expect.objectContaining({ title: DEAL.title, price: DEAL.price, platform: 'html' }),
    ]);
    expect(byScript(server, '/specials')).toHaveLength(1);
  });

  it("goes straight to the browser where the registry says `transport: 'browser'`", async () => {
    server = await startServer({
      '/store': behindChallenge(html(STORE_PAGE), 403),
      '/api/menu.json': behindChallenge(json([DEAL]), 403),
    });
    const result = await scraper().scrape(
      storeEntry(server.base, { transport: 'browser' }),
      signal(),
    );

    expect(result.transport).toBe('browser');
    expect(result.deals).toHaveLength(1);
    expect(byScript(server, '/api/menu.json')).toHaveLength(0);
  });

  it('lets the page reach no address the guard refuses', async () => {
    // 127.0.0.2 is this machine, but only 127.0.0.1 is allowed: the page's call there is aborted.
    const inside = await startServer({ '/secret.json': json([DEAL]) }, '127.0.0.2');
    try {
      const page = STORE_PAGE.replace(
        "fetch('/api/menu.json')",
        `fetch('${inside.base}/secret.json')`,
      );
      server = await startServer({ '/store': html(page), '/api/menu.json': json([DEAL]) });
      await expect(
        scraper().scrape(storeEntry(server.base, { transport: 'browser' }), signal()),
      ).rejects.toMatchObject({
        // No menu came, since it was never reached: a failure, not a store with no deals.
        kind: 'retryable',
        message: expect.stringContaining('loaded no menu data') as string,
      });
      expect(inside.hits).toEqual([]);
    } finally {
      await inside.close();
    }
  });

  it('waits for a menu whose script asks for it well after the age gate was answered', async () => {
    // A busy machine or a heavy page: the request starts 1.5 s after the click, the network idle.
    const slow = STORE_PAGE.replace(
      "const deals = await (await fetch('/api/menu.json')).json();",
      "await new Promise((go) => setTimeout(go, 1500));\n      const deals = await (await fetch('/api/menu.json')).json();",
    );
    expect(slow).not.toBe(STORE_PAGE);
    server = await startServer({ '/store': html(slow), '/api/menu.json': json([DEAL]) });
    const result = await scraper().scrape(
      storeEntry(server.base, { transport: 'browser' }),
      signal(),
    );
    expect(result.deals).toEqual([expect.objectContaining({ title: DEAL.title })]);
  });

  it('opens one store at a time with browserPages 1, each in a fresh context', async () => {
    server = await startServer({
      '/store': behindChallenge(html(STORE_PAGE), 403),
      '/api/menu.json': behindChallenge(json([DEAL]), 403),
    });
    const oneAtATime = scraper({ browserPages: 1 });
    const base = server.base;
    const results = await Promise.all(
      ['first', 'second'].map((key) => oneAtATime.scrape({ ...storeEntry(base), key }, signal())),
    );

    expect(results.map((each) => each.transport)).toEqual(['browser', 'browser']);
    // No cookie carried over: the second store meets the challenge again, after the first is done.
    const visits = server.hits.filter(
      (hit) => hit.userAgent.includes('Chrome') && hit.path !== '/favicon.ico',
    );
    expect(visits.map((hit) => `${hit.path} ${hit.cookie}`)).toEqual([
      '/store ',
      '/store cf_clearance=ok',
      '/api/menu.json cf_clearance=ok',
      '/store ',
      '/store cf_clearance=ok',
      '/api/menu.json cf_clearance=ok',
    ]);
  });

  it('never falls back to the browser past a robots.txt refusal', async () => {
    server = await startServer({
      '/robots.txt': (_request, response) =>
        response
          .writeHead(200, { 'content-type': 'text/plain' })
          .end('User-agent: stl-deals-test\nDisallow: /\n'),
      '/store': html(STORE_PAGE),
      '/api/menu.json': json([DEAL]),
    });
    await expect(scraper().scrape(storeEntry(server.base), signal())).rejects.toMatchObject({
      kind: 'blocked',
      message: expect.stringContaining('robots.txt') as string,
    });
    expect(server.hits.map((hit) => hit.path)).toEqual(['/robots.txt']);
  });

  it('stays blocked where the browser has nothing to open', async () => {
    server = await startServer({ '/api/menu.json': behindChallenge(json([DEAL]), 403) });
    const entry: RegistryEntry = { ...storeEntry(server.base), platform: 'feed' };
    await expect(scraper().scrape(entry, signal())).rejects.toMatchObject({ kind: 'blocked' });
    expect(server.hits.filter((hit) => hit.userAgent.includes('Chrome'))).toEqual([]);
  });

  it('reports a block the browser cannot pass either, without waiting on it', async () => {
    const blockPage = '<html><head><title>Attention Required! | Cloudflare</title></head></html>';
    server = await startServer({
      '/store': html(blockPage, 403),
      '/api/menu.json': html(blockPage, 403),
    });
    const started = Date.now();
    await expect(scraper().scrape(storeEntry(server.base), signal())).rejects.toMatchObject({
      kind: 'blocked',
      message: expect.stringContaining('403') as string,
    });
    expect(byBrowser(server, '/store')).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('ends a store that outlasts its timeout', async () => {
    const busy = `<!doctype html><html><body><img src="/slow.png"></body></html>`;
    server = await startServer({
      '/store': html(busy),
      '/api/menu.json': html(CHALLENGE, 403),
      '/slow.png': () => undefined,
    });
    const started = Date.now();
    await expect(
      scraper({ storeTimeoutMs: 1_500 }).scrape(storeEntry(server.base), signal()),
    ).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops when the scrape is aborted in the browser', async () => {
    server = await startServer({
      '/store': html('<!doctype html><html><body><img src="/slow.png"></body></html>'),
      '/api/menu.json': html(CHALLENGE, 403),
      '/slow.png': () => undefined,
    });
    const controller = new AbortController();
    const pending = scraper().scrape(storeEntry(server.base), controller.signal);
    const reason = new Error('shutting down');
    setTimeout(() => controller.abort(reason), 1_000);
    await expect(pending).rejects.toBe(reason);
  });
});

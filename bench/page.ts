import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Deal, Dispensary } from '@stl-deals/domain';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import {
  FIRST_CARD_TIMER,
  gzipBytesOf,
  scriptsBeforeFirstCard,
} from '../apps/web/e2e/harness/first-load';
import { SHOPPER_QUERY } from './pipeline';
import { median } from './stats';

const WEB = fileURLToPath(new URL('../apps/web/', import.meta.url));
const DIST = join(WEB, 'dist');
const CHROMIUM = '/usr/bin/chromium';
/**
 * What a visitor types into the search, one key at a time, typed `ROUNDS` times: with a typo and
 * a shopper's word, read by the shopper search (typos and synonyms on).
 */
const QUERY = SHOPPER_QUERY;
const ROUNDS = 3;
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * How long the stand-in's deals answer takes for the first load's measure: a service and network
 * slower than the page's own start, so that whatever the page asks for while it waits is seen.
 */
const DEALS_DELAY_MS = 1_500;

export interface PageResult {
  /** The JavaScript index.html loads, gzip level 9 and as the build's own .br files. */
  jsGzipBytes: number;
  jsBrBytes: number;
  /**
   * The JavaScript Chromium asked for before the first card was painted, the deals answering
   * `DEALS_DELAY_MS` late (gzip level 9): the first load's budget as a visitor meets it.
   */
  firstLoadJsGzipBytes: number;
  firstLoadScripts: string[];
  /** Cumulative layout shift of one load, desktop and phone. */
  clsDesktop: number;
  clsPhone: number;
  /** Search keystroke to the updated list painted (median, ms), and how many were measured. */
  keystrokeMs: number;
  keystrokes: number;
  /**
   * The same timer on a bare page whose input only rewrites one line of text (median, ms): what
   * this browser takes from an input event to a painted frame with no page to speak of.
   */
  bareKeystrokeMs: number;
  deals: number;
}

/** The production build, as `npm run build -w apps/web` makes it (React's production mode). */
function buildPage(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build'], {
      cwd: WEB,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Building the page failed (exit ${code}).`)),
    );
  });
}

/** The scripts index.html loads (its module entry and every preload). */
function pageScripts(): string[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/**
 * The built page and a stand-in of the service's five calls on 127.0.0.1: a ready cache and
 * `deals` deals, so the page is measured alone (the service has its own rows).
 */
async function startPageServer(
  deals: readonly Deal[],
  dispensaries: readonly Dispensary[],
  dealsDelayMs = 0,
) {
  const answers: Record<string, string> = {
    '/api/scraper/dispensaries': JSON.stringify(dispensaries),
    '/api/monitoring/scraper/ping': '{"ok":true}',
    '/api/monitoring/scraper/status': JSON.stringify({
      ready: true,
      totalDeals: deals.length,
      lastUpdate: new Date().toISOString(),
      dispensaryCount: dispensaries.length,
    }),
    '/api/reactive/deals': JSON.stringify(deals),
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const api = answers[path];
    if (api !== undefined) {
      const delay = path === '/api/reactive/deals' ? dealsDelayMs : 0;
      setTimeout(
        () => response.writeHead(200, { 'content-type': 'application/json' }).end(api),
        delay,
      );
      return;
    }
    const file = normalize(join(DIST, path === '/' ? 'index.html' : path));
    if (!file.startsWith(DIST) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    response.writeHead(200, { 'content-type': type }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** In the page: every layout shift not caused by input, from the first paint on. */
const SHIFT_COUNTER = `
  window.__shifts = [];
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (entry) {
      if (!entry.hadRecentInput) window.__shifts.push(entry.value);
    });
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** Sums the layout shifts of one load, from the first paint to a second after the list shows. */
async function measureCls(
  browser: Browser,
  origin: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport, timezoneId: 'America/Chicago' });
  const page = await context.newPage();
  await page.addInitScript(SHIFT_COUNTER);
  await page.goto(origin);
  await page.getByText(/^Found [\d,]+ deals/).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1000);
  const cls = await page.evaluate<number>(
    'window.__shifts.reduce(function (a, b) { return a + b; }, 0)',
  );
  await context.close();
  return cls;
}

/**
 * The scripts a fresh load asks for before its first card is painted (see `FIRST_CARD_TIMER`),
 * on a server whose deals answer comes late, and their size gzip -9.
 */
async function measureFirstLoad(
  browser: Browser,
  origin: string,
): Promise<{ scripts: string[]; gzipBytes: number }> {
  const context = await browser.newContext({ viewport: PHONE, timezoneId: 'America/Chicago' });
  const page = await context.newPage();
  await page.addInitScript(FIRST_CARD_TIMER);
  await page.goto(origin);
  const scripts = await scriptsBeforeFirstCard(page);
  await context.close();
  return { scripts, gzipBytes: gzipBytesOf(DIST, scripts) };
}

/** In the page: times each search input event to the first frame painted with its result. */
const KEYSTROKE_TIMER = `
  window.__keystrokes = [];
  document.addEventListener('input', function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'search') return;
    var start = event.timeStamp;
    var query = input.value.trim();
    if (query === '') return;
    function shown() {
      return Array.prototype.some.call(document.querySelectorAll('p'), function (p) {
        var text = p.textContent || '';
        return text.indexOf('Found ') === 0 && text.indexOf('"' + query + '"') !== -1;
      });
    }
    function painted() {
      requestAnimationFrame(function () {
        setTimeout(function () { window.__keystrokes.push(performance.now() - start); }, 0);
      });
    }
    if (shown()) { painted(); return; }
    var observer = new MutationObserver(function () {
      if (!shown()) return;
      observer.disconnect();
      painted();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, true);
`;

/** Types `QUERY` `ROUNDS` times, one key at a time, a pause after each so the page goes idle. */
async function typeQuery(page: Page, search: Locator): Promise<void> {
  for (let round = 0; round < ROUNDS; round++) {
    await search.fill('');
    await page.waitForTimeout(300);
    for (const key of QUERY) {
      await page.keyboard.type(key);
      await page.waitForTimeout(120);
    }
  }
}

/**
 * Types the search one key at a time and times each key: from the input event to the first
 * frame painted after the count line names the new search (the list is drawn in the same commit).
 * The page's own observer does the timing; a pause after each key lets the page go idle.
 */
async function measureKeystrokes(browser: Browser, origin: string): Promise<number[]> {
  const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'America/Chicago' });
  const page = await context.newPage();
  // A string, not a function: the runner's compiler would wrap named functions in a helper the
  // page does not have.
  await page.addInitScript(KEYSTROKE_TIMER);
  await page.goto(origin);
  await page.getByText(/^Found [\d,]+ deals/).waitFor({ timeout: 30_000 });
  // The shopper search is in the on-demand parts, which load once the list shows: typed after.
  await page.waitForFunction(
    "performance.getEntriesByType('resource').some((e) => e.name.includes('on-demand-parts'))",
  );
  await typeQuery(page, page.getByRole('searchbox', { name: 'Search Deals' }));
  const times = await page.evaluate<number[]>('window.__keystrokes');
  await context.close();
  return times;
}

/** A search box whose input writes the count line the timer waits for, and nothing else. */
const BARE_PAGE = `<input type="search" aria-label="Search Deals"><p id="count">Found 0 deals</p>
  <script>
    document.addEventListener('input', function (event) {
      document.getElementById('count').textContent =
        'Found 1 deals for "' + event.target.value.trim() + '"';
    });
  </script>`;

/**
 * The keystroke timer on `BARE_PAGE`, typed the same way: the floor under the page's own figure
 * in this browser on this machine (the frame's wait, paint and presentation with nothing to draw).
 */
async function measureBareKeystrokes(browser: Browser): Promise<number[]> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.setContent(`<script>${KEYSTROKE_TIMER}</script>${BARE_PAGE}`);
  await typeQuery(page, page.getByRole('searchbox', { name: 'Search Deals' }));
  const times = await page.evaluate<number[]>('window.__keystrokes');
  await context.close();
  return times;
}

/**
 * The page's own budget: its JavaScript's size, its layout shift on load, and a search
 * keystroke's time to the painted list with `deals.length` deals, in Debian's Chromium.
 */
export async function benchPage(
  deals: readonly Deal[],
  dispensaries: readonly Dispensary[],
): Promise<PageResult> {
  await buildPage();
  const scripts = pageScripts();
  const jsGzipBytes = scripts.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length,
    0,
  );
  const jsBrBytes = scripts.reduce(
    (sum, file) => sum + readFileSync(join(DIST, `${file}.br`)).length,
    0,
  );
  const { server, origin } = await startPageServer(deals, dispensaries);
  const slow = await startPageServer(deals, dispensaries, DEALS_DELAY_MS);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const firstLoad = await measureFirstLoad(browser, slow.origin);
    const clsDesktop = await measureCls(browser, origin, DESKTOP);
    const clsPhone = await measureCls(browser, origin, PHONE);
    const times = await measureKeystrokes(browser, origin);
    const bare = await measureBareKeystrokes(browser);
    return {
      jsGzipBytes,
      jsBrBytes,
      firstLoadJsGzipBytes: firstLoad.gzipBytes,
      firstLoadScripts: firstLoad.scripts,
      clsDesktop,
      clsPhone,
      keystrokeMs: median(times),
      keystrokes: times.length,
      bareKeystrokeMs: median(bare),
      deals: deals.length,
    };
  } finally {
    await browser.close();
    await closeServer(server);
    await closeServer(slow.server);
  }
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

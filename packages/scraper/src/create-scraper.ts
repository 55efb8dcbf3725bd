import type { Platform } from '@stl-deals/domain';
import { ADAPTERS } from './adapters';
import type { Adapter, PlatformConfig, Received, RequestPlan } from './adapters/types';
import { BlockedError, NotFoundError, SchemaChangedError } from './errors';
import { finalizeDeals } from './normalize';
import { DEFAULT_PLATFORM_CONFIG } from './platform-config';
import { systemClock, type Clock } from './politeness/clock';
import { RobotsDisallowedError } from './politeness/robots';
import { honestUserAgent } from './politeness/user-agent';
import type { RegistryEntry } from './registry';
import type { Scraper, ScrapeResult, Transport } from './scraper';
import { BrowserTransport } from './transports/browser';
import { captureFromPage, renderHtml } from './transports/browser-pages';
import { createHttpTransport } from './transports/http';

export interface ScraperOptions {
  /**
   * Names the product and its version, e.g. 'STLDealsBot/0.1'. Its first token is the name
   * robots.txt rules are matched against.
   */
  userAgent: string;
  /** Where a site's owner can reach us, sent in the User-Agent as '(+URL)'. */
  contactUrl?: string;
  /** One http attempt, from sending to the last byte. Default 30 s. */
  requestTimeoutMs?: number;
  /** Largest response read, over http or captured in the browser. Default 10 MiB. */
  maxResponseBytes?: number;
  /** Attempts per http request on network errors, 429 and 5xx, the first included. Default 3. */
  maxAttempts?: number;
  /** Pause between the end of one request to a host and the start of the next. Default 1 s. */
  minHostDelayMs?: number;
  /** How long a host's robots.txt is trusted before it is fetched again. Default 1 h. */
  robotsTtlMs?: number;
  /** The Chromium the browser transport runs (CHROMIUM_PATH). Default '/usr/bin/chromium'. */
  chromiumPath?: string;
  /** Stores in the browser at once. Default 2. */
  browserPages?: number;
  /** Everything one store may take in the browser, launch included. Default 60 s. */
  storeTimeoutMs?: number;
  platforms?: PlatformConfig;
  /** The adapter of each platform; tests and demo mode may bring their own. Default ADAPTERS. */
  adapters?: Partial<Record<Platform, Adapter>>;
  /** Default the system clock; tests pass one whose sleep records the wait and returns at once. */
  clock?: Clock;
  /** In [0, 1), for the backoff's jitter. Default Math.random. */
  random?: () => number;
}

/** No store needs more requests than this; a plan that asks for more is a bug or a trap. */
const MAX_REQUESTS_PER_SCRAPE = 60;

/**
 * A scraper over both transports. A store goes over http unless its registry entry says
 * `transport: 'browser'`; when http is blocked (403/406, a bot-check page) it is tried once more in
 * the browser, where the browser can stand in (see `browserCanHelp`). `close()` closes Chromium.
 */
export function createScraper(options: ScraperOptions): Scraper {
  const platforms = options.platforms ?? DEFAULT_PLATFORM_CONFIG;
  const adapters = options.adapters ?? ADAPTERS;
  const userAgent = honestUserAgent(options.userAgent, options.contactUrl);
  const maxBytes = options.maxResponseBytes ?? 10 * 1024 * 1024;
  const http = createHttpTransport({
    userAgent,
    timeoutMs: options.requestTimeoutMs ?? 30_000,
    maxBytes,
    maxAttempts: options.maxAttempts ?? 3,
    minHostDelayMs: options.minHostDelayMs ?? 1_000,
    robotsTtlMs: options.robotsTtlMs ?? 60 * 60 * 1000,
    clock: options.clock ?? systemClock,
    random: options.random ?? Math.random,
  });
  const browser = new BrowserTransport({
    executablePath: options.chromiumPath ?? '/usr/bin/chromium',
    maxPages: options.browserPages ?? 2,
    storeTimeoutMs: options.storeTimeoutMs ?? 60_000,
    userAgent,
  });

  /**
   * With the adapter's browser hooks, captures the JSON its store page loads; without them,
   * renders the plan's HTML pages in the browser, while its JSON requests stay on http.
   */
  async function viaBrowser(
    adapter: Adapter,
    entry: RegistryEntry,
    signal: AbortSignal,
  ): Promise<Received[]> {
    const hooks = adapter.browser;
    const pageUrl = hooks?.pageUrl(entry, platforms) ?? null;
    return browser.session(signal, async (context, stop) => {
      if (hooks && pageUrl) {
        await http.checkRobots(pageUrl, stop);
        const limits = { maxBytes, maxPayloads: MAX_REQUESTS_PER_SCRAPE };
        const labelOf = (url: string, body: unknown) => hooks.labelOf(url, body);
        return captureFromPage(context, pageUrl, labelOf, limits, stop);
      }
      return collectPlanned(adapter, entry, platforms, async (request) => {
        if (!rendersAsPage(request)) return http.fetch(request, stop);
        await http.checkRobots(request.url, stop);
        return renderHtml(context, request.url, stop);
      });
    });
  }

  return {
    async scrape(entry, signal) {
      const adapter = adapters[entry.platform];
      if (!adapter) throw new NotFoundError(`No adapter for platform '${entry.platform}' yet`);
      if (wantsBrowser(entry)) {
        return result(adapter, entry, await viaBrowser(adapter, entry, signal), 'browser');
      }
      const blocked: { at?: RequestPlan } = {};
      try {
        const received = await collectPlanned(adapter, entry, platforms, (request) =>
          http.fetch(request, signal).catch((error: unknown) => {
            if (error instanceof BlockedError) blocked.at = request;
            throw error;
          }),
        );
        return result(adapter, entry, received, 'http');
      } catch (error) {
        if (!browserCanHelp(error, adapter.browser?.pageUrl(entry, platforms), blocked.at)) {
          throw error;
        }
        return result(adapter, entry, await viaBrowser(adapter, entry, signal), 'browser');
      }
    },
    async close() {
      http.close();
      await browser.close();
    },
  };
}

/** Runs the adapter's plan to its end, each request through `load`. */
async function collectPlanned(
  adapter: Adapter,
  entry: RegistryEntry,
  platforms: PlatformConfig,
  load: (request: RequestPlan) => Promise<unknown>,
): Promise<Received[]> {
  const received: Received[] = [];
  for (;;) {
    const requests = adapter.plan(entry, received, platforms);
    if (requests.length === 0) return received;
    if (received.length + requests.length > MAX_REQUESTS_PER_SCRAPE) {
      throw new SchemaChangedError(
        `The ${entry.platform} plan asked for over ${MAX_REQUESTS_PER_SCRAPE} requests`,
      );
    }
    for (const request of requests) {
      received.push({ label: request.label, url: request.url, body: await load(request) });
    }
  }
}

function result(
  adapter: Adapter,
  entry: RegistryEntry,
  received: Received[],
  transport: Transport,
): ScrapeResult {
  const { deals, location } = adapter.parse(received, entry);
  return {
    deals: finalizeDeals(deals, entry.platform, entry.key),
    transport,
    ...(location ? { location } : {}),
  };
}

/** The registry's `transport: 'browser'`: the store is opened in Chromium from the start. */
function wantsBrowser(entry: RegistryEntry): boolean {
  return entry.transport === 'browser';
}

/**
 * Whether the browser can stand in after http failed with `error`: only for a block (never for a
 * robots.txt refusal, which a browser would not make any less meant), and only where it knows what
 * to open: the store page of an adapter with browser hooks, or the HTML page that was refused.
 */
function browserCanHelp(
  error: unknown,
  pageUrl: string | null | undefined,
  blockedAt: RequestPlan | undefined,
): boolean {
  if (!(error instanceof BlockedError) || error instanceof RobotsDisallowedError) return false;
  return Boolean(pageUrl) || (blockedAt !== undefined && rendersAsPage(blockedAt));
}

/** A page the browser can open itself: a plain GET of HTML. */
function rendersAsPage(request: RequestPlan): boolean {
  return request.accept === 'text/html' && (request.method ?? 'GET') === 'GET';
}

import type { Platform } from '@stl-deals/domain';
import { ADAPTERS } from './adapters';
import type { Adapter, PlatformConfig } from './adapters/types';
import { UnconfiguredError } from './errors';
import { createMenuScrape } from './menu-scrape';
import { createMenuSourceFinder } from './menu-source-finder';
import { createOutboundGuard, type OutboundGuard } from './outbound/guard';
import { createParserPool, inProcessParser, type Parser } from './parsing/parser';
import { DEFAULT_PLATFORM_CONFIG } from './platform-config';
import { systemClock, type Clock } from './politeness/clock';
import type { SharedHostTurns } from './politeness/host-queue';
import { honestUserAgent } from './politeness/user-agent';
import { wantsBrowser } from './scrape-fallbacks';
import type { Scraper } from './scraper';
import { BrowserTransport } from './transports/browser';
import { lazyHttpTransport } from './transports/lazy-http';

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
  /** The longest Retry-After a store is left alone for; longer asks are cut. Default 10 min. */
  retryAfterMaxMs?: number;
  /**
   * Hosts, IP addresses and CIDR ranges that may be reached although not public
   * (ALLOW_PRIVATE_HOSTS); everything else private is refused. Default none.
   */
  allowPrivateHosts?: readonly string[];
  /** Deals kept per store; a menu with more keeps its deepest discounts. Default 2,000. */
  maxDealsPerStore?: number;
  /**
   * The most one store's kept deals may weigh as JSON; a heavier menu keeps its deepest
   * discounts up to it. Default 4 MiB (2,000 ordinary deals weigh about 1.5 MB).
   */
  maxDealBytesPerStore?: number;
  /** One parse's time in its thread, and the heap of a parsing thread. Default 20 s, 256 MB. */
  parseTimeLimitMs?: number;
  parseMemoryMb?: number;
  /** The Chromium the browser transport runs (CHROMIUM_PATH). Default '/usr/bin/chromium'. */
  chromiumPath?: string;
  /** Stores in the browser at once. Default 2. */
  browserPages?: number;
  /** Everything one store may take in the browser, launch included. Default 60 s. */
  storeTimeoutMs?: number;
  platforms?: PlatformConfig;
  /**
   * Where payloads are read: 'threads' (default), a pool of worker threads with time and memory
   * limits, so a hostile page never blocks the caller; or 'caller', on the calling thread without
   * limits, for tests of what lies around the parsing and for one-off commands.
   */
  parseOn?: 'threads' | 'caller';
  /**
   * The adapter of each platform. Default ADAPTERS. Adapters given here (tests) are read on the
   * calling thread, since functions cannot cross to a thread.
   */
  adapters?: Partial<Record<Platform, Adapter>>;
  /** Default the system clock; tests pass one whose sleep records the wait and returns at once. */
  clock?: Clock;
  /** In [0, 1), for the backoff's jitter. Default Math.random. */
  random?: () => number;
  /**
   * In a cluster: where every process takes a menu host's turn, so that the whole cluster sends
   * one request at a time to a host. Default none (this process's own turns only).
   */
  sharedHostTurns?: SharedHostTurns;
}

/**
 * A scraper over both transports. A store goes over http unless its registry entry says
 * `transport: 'browser'`; when http is blocked (403/406, a bot-check page) it is tried once more in
 * the browser, where the browser can stand in (see menu-scrape.ts). Every payload is read by
 * the parser, off the calling thread. `close()` closes Chromium and the parsing threads.
 */
export function createScraper(options: ScraperOptions): Scraper {
  const platforms = options.platforms ?? DEFAULT_PLATFORM_CONFIG;
  const clock = options.clock ?? systemClock;
  const userAgent = honestUserAgent(options.userAgent, options.contactUrl);
  const maxBytes = options.maxResponseBytes ?? 10 * 1024 * 1024;
  const minHostDelayMs = options.minHostDelayMs ?? 1_000;
  const allowPrivateHosts = options.allowPrivateHosts ?? [];
  const guard: OutboundGuard = createOutboundGuard({ allow: allowPrivateHosts });
  const adapters = options.adapters ?? ADAPTERS;
  const parser: Parser =
    options.adapters || options.parseOn === 'caller'
      ? inProcessParser(adapters)
      : createParserPool({
          timeLimitMs: options.parseTimeLimitMs ?? 20_000,
          memoryMb: options.parseMemoryMb ?? 256,
        });
  const http = lazyHttpTransport({
    userAgent,
    timeoutMs: options.requestTimeoutMs ?? 30_000,
    maxBytes,
    maxAttempts: options.maxAttempts ?? 3,
    minHostDelayMs,
    robotsTtlMs: options.robotsTtlMs ?? 60 * 60 * 1000,
    guard,
    retryAfterMaxMs: options.retryAfterMaxMs ?? 10 * 60 * 1000,
    clock,
    random: options.random ?? Math.random,
    ...(options.sharedHostTurns ? { sharedHostTurns: options.sharedHostTurns } : {}),
  });
  const browser = new BrowserTransport({
    executablePath: options.chromiumPath ?? '/usr/bin/chromium',
    maxPages: options.browserPages ?? 2,
    storeTimeoutMs: options.storeTimeoutMs ?? 60_000,
    userAgent,
    guard,
  });

  /** The guard's check before the browser opens a page; a name that does not resolve is a ScrapeError. */
  async function checkResolved(url: string): Promise<void> {
    const transport = await http.ready();
    await guard.checkResolved(url).catch((error: unknown) => {
      throw transport.networkFailure(error, url);
    });
  }

  const scrape = createMenuScrape({
    adapters,
    platforms,
    parser,
    http,
    browser,
    checkResolved,
    clock,
    maxBytes,
    maxDeals: options.maxDealsPerStore ?? 2_000,
    maxDealBytes: options.maxDealBytesPerStore ?? 4 * 1024 * 1024,
  });
  const finder = createMenuSourceFinder({
    platforms,
    parser,
    http,
    browser,
    checkResolved,
    clock,
    maxBytes,
    userAgent: options.userAgent,
    contactUrl: options.contactUrl,
    allowPrivateHosts,
    minHostDelayMs,
  });

  return {
    scrape,
    fetchJsonInBrowser: (request, signal) => finder.fetchJsonInBrowser(request, signal),
    resolveSource: (entry, signal) => finder.resolveSource(entry, signal),
    hasMenuSource(entry) {
      const adapter = adapters[entry.platform];
      if (!adapter) return false;
      // The plan's first step reads the registry entry alone, which is the operator's, not a
      // menu's: it may run on this thread, unlike steps that read received payloads.
      try {
        if (wantsBrowser(entry) && adapter.browser?.pageUrl(entry, platforms)) return true;
        adapter.plan(entry, [], platforms);
        return true;
      } catch (error) {
        return !(error instanceof UnconfiguredError);
      }
    },
    async close() {
      http.close();
      finder.close();
      await Promise.all([browser.close(), parser.close()]);
    },
  };
}

import type { GeoPoint, Platform } from '@stl-deals/domain';
import { ADAPTERS } from './adapters';
import type { Adapter, PlatformConfig, RequestPlan } from './adapters/types';
import type { DetectedSource } from './discovery/detect-source';
import { zipInAddress, type DirectoryListing } from './discovery/listing';
import { lookUpListings } from './discovery/lookup';
import { loadZipCentroids } from './geocoding/zip-centroids';
import {
  BlockedError,
  RetryableError,
  SchemaChangedError,
  ScrapeError,
  UnconfiguredError,
} from './errors';
import { createOutboundGuard, type OutboundGuard } from './outbound/guard';
import { boundedJson } from './parsing/bounded-json';
import type { RawPayload } from './parsing/parse-job';
import { createParserPool, inProcessParser, type Parser } from './parsing/parser';
import { DEFAULT_PLATFORM_CONFIG } from './platform-config';
import { systemClock, type Clock } from './politeness/clock';
import { honestUserAgent } from './politeness/user-agent';
import type { RegistryEntry } from './registry';
import type { Scraper, ScrapeResult, Transport } from './scraper';
import { BrowserTransport } from './transports/browser';
import {
  captureFromPage,
  fetchDocument,
  inspectPage,
  renderHtml,
} from './transports/browser-pages';
import type { SharedHostTurns } from './politeness/host-queue';
import { createJsonClient, type JsonClient } from './transports/json-client';
import { lazyHttpTransport } from './transports/lazy-http';
import { RetryLaterError } from './transports/retry-later';

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

/** No store needs more requests than this; a plan that asks for more is a bug or a trap. */
const MAX_REQUESTS_PER_SCRAPE = 60;

/** A page in the browser may make this many JSON requests, of this many bytes in all, at most. */
const MAX_CAPTURED_RESPONSES = 200;
const MAX_CAPTURED_BYTES = 64 * 1024 * 1024;

/**
 * A scraper over both transports. A store goes over http unless its registry entry says
 * `transport: 'browser'`; when http is blocked (403/406, a bot-check page) it is tried once more in
 * the browser, where the browser can stand in (see `browserCanHelp`). Every payload is read by
 * the parser, off the calling thread. `close()` closes Chromium and the parsing threads.
 */
export function createScraper(options: ScraperOptions): Scraper {
  const platforms = options.platforms ?? DEFAULT_PLATFORM_CONFIG;
  const clock = options.clock ?? systemClock;
  const userAgent = honestUserAgent(options.userAgent, options.contactUrl);
  const maxBytes = options.maxResponseBytes ?? 10 * 1024 * 1024;
  const maxDeals = options.maxDealsPerStore ?? 2_000;
  const retryAfterMaxMs = options.retryAfterMaxMs ?? 10 * 60 * 1000;
  const guard: OutboundGuard = createOutboundGuard({ allow: options.allowPrivateHosts ?? [] });
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
    minHostDelayMs: options.minHostDelayMs ?? 1_000,
    robotsTtlMs: options.robotsTtlMs ?? 60 * 60 * 1000,
    guard,
    retryAfterMaxMs,
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
  /** Stores whose host asked to be left alone (Retry-After), until when: theirs alone. */
  const leftAlone = new Map<string, number>();

  /** The guard's check before the browser opens a page; a name that does not resolve is a ScrapeError. */
  async function checkResolved(url: string): Promise<void> {
    const transport = await http.ready();
    await guard.checkResolved(url).catch((error: unknown) => {
      throw transport.networkFailure(error, url);
    });
  }

  /**
   * The same store on the other platforms discovery found it on, in order, when its own platform
   * says the store or its menu is not there as expected (gone, changed, blocked): the first that
   * answers is the result. A passing trouble (timeout, offline, asked to wait) is not a reason to
   * read the store elsewhere; the primary's error stands when every alternative fails too.
   */
  async function viaAlternatives(
    entry: RegistryEntry,
    error: unknown,
    signal: AbortSignal,
  ): Promise<ScrapeResult | null> {
    const fallsBack =
      error instanceof ScrapeError &&
      (error.kind === 'not-found' || error.kind === 'schema-changed' || error.kind === 'blocked');
    if (!fallsBack || !entry.alternatives?.length) return null;
    const { menuUrl: _menu, transport: _transport, alternatives, ...store } = entry;
    for (const alternative of alternatives) {
      signal.throwIfAborted();
      try {
        return await scrapeOnce(
          {
            ...store,
            platform: alternative.platform,
            platformId: alternative.platformId,
            ...(alternative.menuUrl ? { menuUrl: alternative.menuUrl } : {}),
          },
          signal,
        );
      } catch {
        signal.throwIfAborted();
      }
    }
    return null;
  }

  /** The directories asked for a store without a website (lazily: most never need it). */
  let directories: JsonClient | undefined;

  /** The menu platform a store's website embeds, read in the browser and a parsing thread. */
  async function inspectWebsite(website: string, signal: AbortSignal) {
    await checkResolved(website);
    const page = await browser.session(signal, async (context, stop) => {
      await http.checkRobots(website, stop);
      return inspectPage(context, website, maxBytes, stop);
    });
    return parser.detect({ page, config: platforms }, signal);
  }

  /** Runs the adapter's plan to its end, each request through `load`. */
  async function collectPlanned(
    entry: RegistryEntry,
    signal: AbortSignal,
    load: (request: RequestPlan) => Promise<RawPayload>,
  ): Promise<RawPayload[]> {
    const received: RawPayload[] = [];
    for (;;) {
      const requests = await parser.plan({ entry, received, config: platforms }, signal);
      if (requests.length === 0) return received;
      if (received.length + requests.length > MAX_REQUESTS_PER_SCRAPE) {
        throw new SchemaChangedError(
          `The ${entry.platform} plan asked for over ${MAX_REQUESTS_PER_SCRAPE} requests`,
        );
      }
      for (const request of requests) received.push(await load(request));
    }
  }

  async function overHttp(request: RequestPlan, signal: AbortSignal): Promise<RawPayload> {
    const { body, url } = await http.fetch(request, signal);
    return { label: request.label, url, kind: kindOf(request), body };
  }

  /**
   * With the adapter's browser hooks, captures the JSON its store page loads; without them,
   * renders the plan's HTML pages in the browser, while its JSON requests stay on http.
   */
  async function viaBrowser(
    adapter: Adapter,
    entry: RegistryEntry,
    signal: AbortSignal,
  ): Promise<RawPayload[]> {
    const pageUrl = adapter.browser?.pageUrl(entry, platforms) ?? null;
    if (pageUrl) await checkResolved(pageUrl);
    return browser.session(signal, async (context, stop) => {
      if (pageUrl) {
        await http.checkRobots(pageUrl, stop);
        const limits = {
          maxBytes,
          maxResponses: MAX_CAPTURED_RESPONSES,
          maxTotalBytes: MAX_CAPTURED_BYTES,
        };
        return captureFromPage(context, pageUrl, limits, stop);
      }
      return collectPlanned(entry, stop, async (request) => {
        if (!rendersAsPage(request)) return overHttp(request, stop);
        await checkResolved(request.url);
        await http.checkRobots(request.url, stop);
        const html = await renderHtml(context, request.url, stop);
        return { label: request.label, url: request.url, kind: 'html', body: Buffer.from(html) };
      });
    });
  }

  async function result(
    entry: RegistryEntry,
    received: RawPayload[],
    transport: Transport,
    signal: AbortSignal,
  ): Promise<ScrapeResult> {
    const { deals, dealsFound, location } = await parser.parse(
      { entry, received, maxDeals, maxPayloads: MAX_REQUESTS_PER_SCRAPE },
      signal,
    );
    return { deals, dealsFound, transport, ...(location ? { location } : {}) };
  }

  async function scrapeOnce(entry: RegistryEntry, signal: AbortSignal): Promise<ScrapeResult> {
    const adapter = adapters[entry.platform];
    if (!adapter) throw new UnconfiguredError(`No adapter for platform '${entry.platform}' yet`);
    if (wantsBrowser(entry)) {
      return result(entry, await viaBrowser(adapter, entry, signal), 'browser', signal);
    }
    const blocked: { at?: RequestPlan } = {};
    try {
      const received = await collectPlanned(entry, signal, (request) =>
        overHttp(request, signal).catch((error: unknown) => {
          if (error instanceof BlockedError) blocked.at = request;
          throw error;
        }),
      );
      return await result(entry, received, 'http', signal);
    } catch (error) {
      if (!browserCanHelp(error, adapter.browser?.pageUrl(entry, platforms), blocked.at)) {
        throw error;
      }
      return result(entry, await viaBrowser(adapter, entry, signal), 'browser', signal);
    }
  }

  return {
    async scrape(entry, signal) {
      const until = leftAlone.get(entry.key) ?? 0;
      if (clock.now() < until) {
        throw new RetryableError(
          `The menu host asked us to wait; not asked again before ${new Date(until).toISOString()}`,
        );
      }
      try {
        return await scrapeOnce(entry, signal);
      } catch (error) {
        if (error instanceof RetryLaterError) {
          leftAlone.set(entry.key, clock.now() + error.retryAfterMs);
        }
        const fallback = await viaAlternatives(entry, error, signal);
        if (fallback) return fallback;
        throw error;
      }
    },
    async fetchJsonInBrowser(request, signal) {
      if ((request.method ?? 'GET') !== 'GET') {
        throw new BlockedError(`A ${request.method ?? ''} request cannot be opened in the browser`);
      }
      await checkResolved(request.url);
      const bytes = await browser.session(signal, async (context, stop) => {
        await http.checkRobots(request.url, stop);
        return fetchDocument(context, request.url, MAX_DIRECTORY_BYTES, stop);
      });
      const value = boundedJson(Buffer.from(bytes).toString('utf8'));
      if (value === undefined) {
        throw new SchemaChangedError(`${new URL(request.url).host} answered the browser no JSON`);
      }
      return value;
    },
    async resolveSource(entry, signal) {
      if (entry.website) return inspectWebsite(entry.website, signal);
      const near = placeOf(entry);
      if (!near) return null;
      directories ??= createJsonClient({
        userAgent: options.userAgent,
        ...(options.contactUrl ? { contactUrl: options.contactUrl } : {}),
        allowPrivateHosts: options.allowPrivateHosts ?? [],
        maxBytes: MAX_DIRECTORY_BYTES,
        minHostDelayMs: options.minHostDelayMs ?? 1_000,
        clock,
      });
      const [listing] = await lookUpListings(entry, near, {
        config: platforms,
        client: directories,
        browser: this,
        signal,
      });
      if (!listing) return null;
      if (listing.hasMenu) return listedSource(listing);
      if (!listing.website) return null;
      const found = await inspectWebsite(listing.website, signal);
      return found && { ...found, website: listing.website };
    },
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
      directories?.close();
      await Promise.all([browser.close(), parser.close()]);
    },
  };
}

/**
 * Directory answers are read on this thread (within the JSON nesting bounds): a first page of
 * stores around one point, a few hundred kilobytes, for one store once.
 */
const MAX_DIRECTORY_BYTES = 2 * 1024 * 1024;

/** Where to look for a store in the directories: its point, else its ZIP's centroid. */
function placeOf(entry: RegistryEntry): GeoPoint | undefined {
  if (entry.lat !== undefined && entry.lng !== undefined) return { lat: entry.lat, lng: entry.lng };
  const zip = zipInAddress(entry.address);
  return zip ? zipCentroids().get(zip) : undefined;
}

let centroids: ReadonlyMap<string, GeoPoint> | undefined;
const zipCentroids = () => (centroids ??= loadZipCentroids());

/** A directory listing whose menu is read on its platform, as a found source. */
function listedSource(listing: DirectoryListing): DetectedSource {
  return {
    platform: listing.platform,
    platformId: listing.platformId,
    ...(listing.menuUrl ? { menuUrl: listing.menuUrl } : {}),
    ...(listing.website ? { website: listing.website } : {}),
    evidence: `${listing.source}: listed as ${listing.platformId}`,
  };
}

function kindOf(request: RequestPlan): RawPayload['kind'] {
  return request.accept === 'text/html' ? 'html' : 'json';
}

/** The registry's `transport: 'browser'`: the store is opened in Chromium from the start. */
function wantsBrowser(entry: RegistryEntry): boolean {
  return entry.transport === 'browser';
}

/**
 * Whether the browser can stand in after http failed with `error`: only for a block it may pass
 * (never a robots.txt refusal, which a browser would not make any less meant, nor an address the
 * guard refused), and only where it knows what to open: the store page of an adapter with
 * browser hooks, or the HTML page that was refused.
 */
function browserCanHelp(
  error: unknown,
  pageUrl: string | null | undefined,
  blockedAt: RequestPlan | undefined,
): boolean {
  if (!(error instanceof BlockedError) || !error.browserMayPass) return false;
  return Boolean(pageUrl) || (blockedAt !== undefined && rendersAsPage(blockedAt));
}

/** A page the browser can open itself: a plain GET of HTML. */
function rendersAsPage(request: RequestPlan): boolean {
  return request.accept === 'text/html' && (request.method ?? 'GET') === 'GET';
}

import type { Platform } from '@stl-deals/domain';
import type { Adapter, PlatformConfig, RequestPlan } from './adapters/types';
import { BlockedError, RetryableError, SchemaChangedError, UnconfiguredError } from './errors';
import type { RawPayload } from './parsing/parse-job';
import type { Parser } from './parsing/parser';
import type { Clock } from './politeness/clock';
import type { RegistryEntry } from './registry';
import {
  alternativeEntries,
  browserCanHelp,
  rendersAsPage,
  wantsBrowser,
} from './scrape-fallbacks';
import type { ScrapeResult, Transport } from './scraper';
import type { BrowserTransport } from './transports/browser';
import { captureFromPage, renderHtml } from './transports/browser-pages';
import type { LazyHttpTransport } from './transports/lazy-http';
import { RetryLaterError } from './transports/retry-later';

/** No store needs more requests than this; a plan that asks for more is a bug or a trap. */
const MAX_REQUESTS_PER_SCRAPE = 60;

/** A page in the browser may make this many JSON requests, of this many bytes in all, at most. */
const MAX_CAPTURED_RESPONSES = 200;
const MAX_CAPTURED_BYTES = 64 * 1024 * 1024;

export interface MenuScrapeOptions {
  adapters: Partial<Record<Platform, Adapter>>;
  platforms: PlatformConfig;
  parser: Parser;
  http: LazyHttpTransport;
  browser: BrowserTransport;
  /** The outbound guard's check before the browser opens `url` (see createScraper). */
  checkResolved: (url: string) => Promise<void>;
  clock: Clock;
  /** Largest response read, over http or captured in the browser. */
  maxBytes: number;
  /** Deals kept per store. */
  maxDeals: number;
  /** The most a store's kept deals may weigh as JSON. */
  maxDealBytes: number;
}

/**
 * A store's menu read over both transports: over http unless its registry entry says
 * `transport: 'browser'`; when http is blocked it is tried once more in the browser where the
 * browser can stand in, and on the store's other platforms when its own fails it (see
 * scrape-fallbacks.ts). A store whose host asked to be left alone (Retry-After) is not asked
 * again before then; the other stores on that host are.
 */
export function createMenuScrape(
  options: MenuScrapeOptions,
): (entry: RegistryEntry, signal: AbortSignal) => Promise<ScrapeResult> {
  const { adapters, platforms, parser, http, browser, checkResolved, clock } = options;
  /** Stores whose host asked to be left alone (Retry-After), until when (monotonic): theirs alone. */
  const leftAlone = new Map<string, number>();

  /** The first of the store's other platforms that answers, if any does. */
  async function viaAlternatives(
    entry: RegistryEntry,
    error: unknown,
    signal: AbortSignal,
  ): Promise<ScrapeResult | null> {
    for (const alternative of alternativeEntries(entry, error)) {
      signal.throwIfAborted();
      try {
        return await scrapeOnce(alternative, signal);
      } catch {
        signal.throwIfAborted();
      }
    }
    return null;
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
      for (const request of requests) {
        try {
          received.push(await load(request));
        } catch (error) {
          // A fact beside the menu is not worth the menu; a stop, or a host asking us to wait,
          // still ends the scrape.
          if (!request.optional || signal.aborted || error instanceof RetryLaterError) throw error;
          received.push({
            label: request.label,
            url: request.url,
            kind: payloadKind(request),
            body: new Uint8Array(),
            failed: true,
          });
        }
      }
    }
  }

  async function overHttp(request: RequestPlan, signal: AbortSignal): Promise<RawPayload> {
    const { body, url, answeredAt } = await http.fetch(request, signal);
    return {
      label: request.label,
      url,
      kind: payloadKind(request),
      body,
      ...(answeredAt !== undefined ? { answeredAt } : {}),
    };
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
          maxBytes: options.maxBytes,
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
    const { deals, dealsFound, location, hours, phone, priceProblems, menuPrices } =
      await parser.parse(
        {
          entry,
          received,
          maxDeals: options.maxDeals,
          maxDealBytes: options.maxDealBytes,
          maxPayloads: MAX_REQUESTS_PER_SCRAPE,
          sites: platforms.siteUrls,
        },
        signal,
      );
    const answeredAt = newestAnswer(received);
    return {
      deals,
      dealsFound,
      transport,
      menuPrices,
      ...(answeredAt !== undefined ? { answeredAt: new Date(answeredAt) } : {}),
      ...(location ? { location } : {}),
      ...(hours !== undefined ? { hours } : {}),
      ...(phone !== undefined ? { phone } : {}),
      ...(Object.keys(priceProblems).length > 0 ? { priceProblems } : {}),
    };
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
          if (error instanceof BlockedError && !request.optional) blocked.at = request;
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

  return async (entry, signal) => {
    const until = leftAlone.get(entry.key);
    const left = until === undefined ? 0 : until - clock.monotonicNow();
    if (left > 0) {
      throw new RetryableError(
        `The menu host asked us to wait; not asked again before ${new Date(clock.now() + left).toISOString()}`,
      );
    }
    try {
      return await scrapeOnce(entry, signal);
    } catch (error) {
      if (error instanceof RetryLaterError) {
        leftAlone.set(entry.key, clock.monotonicNow() + error.retryAfterMs);
      }
      const fallback = await viaAlternatives(entry, error, signal);
      if (fallback) return fallback;
      throw error;
    }
  };
}

function payloadKind(request: RequestPlan): RawPayload['kind'] {
  return request.accept === 'text/html' ? 'html' : 'json';
}

/** The newest instant the payloads' platforms said they answered at, if any said. */
function newestAnswer(received: readonly RawPayload[]): number | undefined {
  let newest: number | undefined;
  for (const { answeredAt } of received) {
    if (answeredAt !== undefined && (newest === undefined || answeredAt > newest))
      newest = answeredAt;
  }
  return newest;
}

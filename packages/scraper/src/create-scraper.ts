import { ADAPTERS } from './adapters';
import type { PlatformConfig, Received } from './adapters/types';
import { NotFoundError, SchemaChangedError } from './errors';
import { finalizeDeals } from './normalize';
import { DEFAULT_PLATFORM_CONFIG } from './platform-config';
import type { Scraper } from './scraper';
import { fetchPlanned } from './transports/http';

export interface ScraperOptions {
  /** An honest User-Agent naming the product and a contact URL. */
  userAgent: string;
  requestTimeoutMs?: number;
  maxResponseBytes?: number;
  platforms?: PlatformConfig;
}

/** No store needs more requests than this; a plan that asks for more is a bug or a trap. */
const MAX_REQUESTS_PER_SCRAPE = 60;

export function createScraper(options: ScraperOptions): Scraper {
  const platforms = options.platforms ?? DEFAULT_PLATFORM_CONFIG;
  const http = {
    userAgent: options.userAgent,
    timeoutMs: options.requestTimeoutMs ?? 30_000,
    maxBytes: options.maxResponseBytes ?? 10 * 1024 * 1024,
  };
  return {
    async scrape(entry, signal) {
      const adapter = ADAPTERS[entry.platform];
      if (!adapter) throw new NotFoundError(`No adapter for platform '${entry.platform}' yet`);
      const received: Received[] = [];
      for (;;) {
        const requests = adapter.plan(entry, received, platforms);
        if (requests.length === 0) break;
        if (received.length + requests.length > MAX_REQUESTS_PER_SCRAPE) {
          throw new SchemaChangedError(
            `The ${entry.platform} plan asked for over ${MAX_REQUESTS_PER_SCRAPE} requests`,
          );
        }
        for (const request of requests) {
          const body = await fetchPlanned(request, http, signal);
          received.push({ label: request.label, url: request.url, body });
        }
      }
      const { deals, location } = adapter.parse(received, entry);
      return {
        deals: finalizeDeals(deals, entry.platform, entry.key),
        transport: 'http',
        ...(location ? { location } : {}),
      };
    },
    close: () => Promise.resolve(),
  };
}

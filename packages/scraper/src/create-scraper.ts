import type { Platform } from '@stl-deals/domain';
import * as feed from './adapters/feed/parse';
import * as feedPlan from './adapters/feed/plan';
import type { Adapter } from './adapters/types';
import { NotFoundError } from './errors';
import { finalizeDeals } from './normalize';
import type { Scraper } from './scraper';
import { fetchPlanned } from './transports/http';

export interface ScraperOptions {
  /** An honest User-Agent naming the product and a contact URL. */
  userAgent: string;
  requestTimeoutMs?: number;
  maxResponseBytes?: number;
}

/** The adapters that exist so far; the other platforms land with issue 4. */
const ADAPTERS: Partial<Record<Platform, Adapter>> = {
  feed: { plan: feedPlan.plan, parse: feed.parse },
};

export function createScraper(options: ScraperOptions): Scraper {
  const http = {
    userAgent: options.userAgent,
    timeoutMs: options.requestTimeoutMs ?? 30_000,
    maxBytes: options.maxResponseBytes ?? 10 * 1024 * 1024,
  };
  return {
    async scrape(entry, signal) {
      const adapter = ADAPTERS[entry.platform];
      if (!adapter) {
        throw new NotFoundError(`No adapter for platform '${entry.platform}' yet`);
      }
      const payloads: unknown[] = [];
      for (const request of adapter.plan(entry)) {
        payloads.push(await fetchPlanned(request, http, signal));
      }
      const deals = finalizeDeals(adapter.parse(payloads, entry), entry.platform, entry.key);
      return { deals, transport: 'http' };
    },
    close: () => Promise.resolve(),
  };
}

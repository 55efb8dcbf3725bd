import {
  ADAPTERS,
  finalizeDeals,
  menuPrices,
  type MenuPrice,
  type PlatformConfig,
  type Received,
  type RegistryEntry,
} from '@stl-deals/scraper';
import type { InProcessPlatforms } from '@stl-deals/simulator';
import { dealKey } from '@stl-deals/store';

/**
 * Noon in St. Louis on `day` (18:00 UTC is noon in winter and 1 pm in summer): a moment of that
 * market day whatever the daylight time, which is all the simulator's menus go by.
 */
export const middayOf = (day: string) => new Date(`${day}T18:00:00Z`);

/** No plan of a simulated platform needs more requests; a plan that asks for more is a bug. */
const MAX_REQUESTS = 60;

export interface PastMenuReader {
  /** The simulator's answers of any day (a `Simulator`, or its `inProcessPlatforms`). */
  simulator: Pick<InProcessPlatforms, 'answerAt'>;
  /** The scraper's platform configuration (the simulator's addresses). */
  platforms: PlatformConfig;
}

/** A deal a past menu listed: its history key (see `dealKey`) and sale price. */
export interface PastDeal {
  key: string;
  salePrice: number | null;
}

/** What a past day's menu of one store holds: its prices, and the deals it listed. */
export interface PastMenu {
  prices: MenuPrice[];
  deals: PastDeal[];
}

/**
 * The menu prices a scrape of `entry` would hand over (`ScrapeResult.menuPrices`) on the day `at`
 * falls on, and the deals it would store (by the key their history is kept under), read in this process rather than over http: the store's real adapter plans its
 * requests, the simulator answers each with that day's menu (`answerAt`), the adapter reads the
 * answers, the deals are finalized as the scraper finalizes them (which keys the deals the
 * adapter left unkeyed: a specials page's, a feed's), and the scraper's own rule (`menuPrices`)
 * makes the prices. Throws what the adapter throws.
 */
export function pastMenu(
  { simulator, platforms }: PastMenuReader,
  entry: RegistryEntry,
  at: Date,
): PastMenu {
  const adapter = ADAPTERS[entry.platform];
  if (!adapter) throw new Error(`No adapter reads the '${entry.platform}' platform`);
  const received: Received[] = [];
  for (;;) {
    const requests = adapter.plan(entry, received, platforms);
    if (requests.length === 0) break;
    if (received.length + requests.length > MAX_REQUESTS) {
      throw new Error(`The ${entry.platform} plan asked for over ${MAX_REQUESTS} requests`);
    }
    for (const request of requests) {
      const answer = simulator.answerAt(request, at);
      if (answer.status !== 200) {
        throw new Error(`The simulator answered ${answer.status} to ${request.url}`);
      }
      const body: unknown =
        request.accept === 'text/html' ? answer.body : (JSON.parse(answer.body) as unknown);
      received.push({ label: request.label, url: request.url, body });
    }
  }
  const parsed = adapter.parse(received, entry);
  const deals = finalizeDeals(parsed.deals, entry.platform, entry.key);
  return {
    prices: menuPrices(deals, parsed.prices ?? []),
    deals: deals.map((deal) => ({
      key: dealKey(entry.key, deal),
      salePrice: deal.salePrice ?? null,
    })),
  };
}

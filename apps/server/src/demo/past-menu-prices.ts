import {
  ADAPTERS,
  finalizeDeals,
  type MenuPrice,
  type ParseResult,
  type PlatformConfig,
  type Received,
  type RegistryEntry,
} from '@stl-deals/scraper';
import { MAX_MONEY, type Deal } from '@stl-deals/domain';
import type { InProcessPlatforms } from '@stl-deals/simulator';

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

/**
 * The menu prices a scrape of `entry` would hand over (`ScrapeResult.menuPrices`) on the day `at`
 * falls on, read in this process rather than over http: the store's real adapter plans its
 * requests, the simulator answers each with that day's menu (`answerAt`), the adapter reads the
 * answers, and the deals are finalized as the scraper finalizes them (which keys the deals the
 * adapter left unkeyed: a specials page's, a feed's). Throws what the adapter throws.
 */
export function pastMenuPrices(
  { simulator, platforms }: PastMenuReader,
  entry: RegistryEntry,
  at: Date,
): MenuPrice[] {
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
  const { deals, prices } = adapter.parse(received, entry);
  return menuPricesOf(finalizeDeals(deals, entry.platform, entry.key), prices ?? []);
}

type ProductPrice = NonNullable<ParseResult['prices']>[number];

/**
 * One price per store product key, as `ScrapeResult.menuPrices` promises them: a deal's price
 * (its sale price, else its regular price) wins over the adapter's price of the product, the
 * first of each in the menu's order; a product sells for its sale price when that is at most its
 * regular price; `onDeal` when a deal carries the key. A price not above 0 or above `MAX_MONEY`
 * is none. (The scraper's own merge is not exported; the demo's test holds the two equal.)
 */
function menuPricesOf(deals: readonly Deal[], prices: readonly ProductPrice[]): MenuPrice[] {
  const onDeal = new Set(deals.flatMap((deal) => deal.storeProductKey ?? []));
  const byKey = new Map<string, MenuPrice>();
  const add = (key: string | undefined, regular: unknown, sale: unknown) => {
    if (!key || byKey.has(key)) return;
    const regularPrice = money(regular);
    const salePrice = money(sale);
    const sells =
      salePrice !== null && (regularPrice === null || salePrice <= regularPrice)
        ? salePrice
        : regularPrice;
    if (sells !== null) {
      byKey.set(key, {
        storeProductKey: key,
        salePrice: sells,
        regularPrice,
        onDeal: onDeal.has(key),
      });
    }
  };
  for (const deal of deals) add(deal.storeProductKey, deal.regularPrice, deal.salePrice);
  for (const price of prices) add(price.storeProductKey, price.regularPrice, price.salePrice);
  return [...byKey.values()];
}

/** Dollars in whole cents, above 0 and at most `MAX_MONEY`, or null. */
function money(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const cents = Math.round(value * 100) / 100;
  return cents > 0 && cents <= MAX_MONEY ? cents : null;
}

import type { Deal, GeoPoint, MarketItem, PriceProblem, WeeklyHours } from '@stl-deals/domain';
import type { RequestPlan } from './adapters/types';
import type { DetectedSource } from './discovery/detect-source';
import type { RegistryEntry } from './registry';

export type Transport = 'http' | 'browser';

/** What one scrape of one dispensary found. */
export interface ScrapeResult {
  /** Normalized, cleaned deals (the contract's Deal, with `platform` and `id` set). */
  deals: Deal[];
  /**
   * Deals the menu held before the per-store bound (maxDealsPerStore); more than `deals.length`
   * when the menu was cut to its deepest discounts.
   */
  dealsFound?: number;
  transport: Transport;
  /** The store's coordinates when the platform's store lookup gave them. */
  location?: GeoPoint;
  /**
   * The store's weekly hours when the platform's store record states them; null when a store
   * record was read that states none; absent when none was read (see `ParseResult.hours`).
   */
  hours?: WeeklyHours | null;
  /** The store's phone number in E.164, null or absent as `hours` (see `ParseResult.phone`). */
  phone?: string | null;
  /**
   * Deals whose numbers the menu sent inconsistent or absurd, per problem: the deal was kept
   * with those numbers left out or recomputed (see `checkDealPrices`). Absent when none.
   */
  priceProblems?: Partial<Record<PriceProblem, number>>;
  /**
   * Every product the platform's answer priced, on a deal or not, one per store product key (see
   * `storeProductKey`): the store's price memory. A menu platform's answer carries whole menu
   * pages; a specials page gives its priced deals only. Absent or empty when nothing was priced.
   */
  menuPrices?: MenuPrice[];
  /**
   * The newest instant the platform's answers said they were sent (their `Date` headers): the
   * platform's own clock, against which the service checks its own before it dates the day's
   * prices. Absent when no answer said (a page captured in the browser).
   */
  answeredAt?: Date;
}

/** One product's price as one scrape saw it (the store adds the calendar day). */
export interface MenuPrice {
  /** The product's key within the store (`storeProductKey`), also on its deal when it has one. */
  storeProductKey: string;
  /** What the product is sold for: its sale price on a deal, else its regular price. */
  salePrice: number;
  /** The regular price the menu names, or null when it names none. */
  regularPrice: number | null;
  onDeal: boolean;
  /**
   * The product's comparable market class (`marketClassOf`), null for none; absent where the
   * adapter did not say what the product is.
   */
  market?: MarketItem | null;
}

/**
 * Turns a registry entry into its current deals. It throws a `ScrapeError` subclass when it
 * cannot, and stops promptly when `signal` aborts.
 */
export interface Scraper {
  scrape(entry: RegistryEntry, signal: AbortSignal): Promise<ScrapeResult>;
  /**
   * Whether the entry names anything the scraper could start from (a platform id, a menu or
   * specials URL its adapter takes). False means every scrape would throw `UnconfiguredError`,
   * so there is no point in trying; nothing is fetched to decide it.
   */
  hasMenuSource(entry: RegistryEntry): boolean;
  /**
   * Opens the entry's own website in the browser and says which menu platform it embeds (and
   * how to read it there); null without a website or when the site shows none. Throws a
   * `ScrapeError` when the site cannot be read (offline, blocked, robots.txt).
   */
  resolveSource(entry: RegistryEntry, signal: AbortSignal): Promise<DetectedSource | null>;
  /**
   * A GET of a JSON document (a store directory's answer) as a visitor's navigation in the
   * browser, for a host that blocks plain http with a bot check; read within the JSON bounds.
   */
  fetchJsonInBrowser(request: RequestPlan, signal: AbortSignal): Promise<unknown>;
  close(): Promise<void>;
}

import type { Deal, GeoPoint, WeeklyHours } from '@stl-deals/domain';
import type { RegistryEntry } from '../registry';
import type { ProductPrice } from './shared/product-price';
import type { SiteUrls } from './shared/site-links';

/** One request an adapter needs; transports carry it out. `label` names it for `parse`. */
export interface RequestPlan {
  label: string;
  url: string;
  accept: 'application/json' | 'text/html';
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /**
   * A request for a fact beside the menu (a store record's hours): when it fails, the scrape goes
   * on instead of failing, and the request is received with no body (undefined), so that the
   * plan does not ask for it again.
   */
  optional?: true;
}

/** A payload a transport brought back: JSON parsed, HTML as text. */
export interface Received {
  label: string;
  url: string;
  body: unknown;
}

export interface ParseResult {
  deals: Deal[];
  /**
   * Every product in every size the payloads priced, on a deal or not (a menu platform's whole
   * pages): the store's price memory. A deal made from one of them carries its `storeProductKey`.
   * Absent where the payloads price nothing but their deals (a specials page, a feed): the
   * scrape keys and prices those from the deals themselves.
   */
  prices?: ProductPrice[];
  /** The store's coordinates when a payload carried them. */
  location?: GeoPoint;
  /**
   * The store's weekly hours as its platform's store record states them; null when a store
   * record was read that states none (or none a visitor could rely on); absent when no payload
   * read could state them (the platform has none, or its store record was not answered).
   */
  hours?: WeeklyHours | null;
  /**
   * The store's phone number as its platform's store record states it, in E.164 ('+13145550123',
   * see `e164Phone`); null when a store record was read that states no valid US number; absent
   * when no payload read could state one.
   */
  phone?: string | null;
}

/**
 * Where each platform lives and the facts that rotate (persisted-query hashes, search keys). Only
 * configuration: tests and demo mode point every base URL at the simulator.
 */
export interface PlatformConfig {
  /** Hosts of the platforms' shared APIs; Sweed and Joint live on each store's host (menuUrl). */
  baseUrls: {
    dutchie: string;
    janeAlgolia: string;
    jane: string;
    weedmaps: string;
    leafly: string;
    /** Leafly's store finder (discovery only). */
    leaflyFinder: string;
    dispense: string;
  };
  /**
   * Where the platforms' public sites are served, which the deals' deep links lead to (see
   * site-links.ts): the real sites by default; demo mode's simulator serves a page for each link.
   */
  siteUrls: SiteUrls;
  dutchieHashes: {
    FilteredProducts: string;
    GetSpecialMenuCards: string;
    FilteredSpecials: string;
    ConsumerDispensaries: string;
    /** The store directory's query (discovery only); blank until an operator configures it. */
    DispensarySearch: string;
  };
  /** Jane's Algolia app id and search key; when the key is blank it is read from the store page. */
  janeAlgolia: { appId: string; apiKey: string };
  /** The public menu key Dispense storefronts ship in their script (research 6); sent when set. */
  dispenseApiKey?: string;
  /** Pages of products read per store at most. */
  maxPages: number;
}

/**
 * A platform's knowledge, and nothing else: which requests to make and how to read what they
 * answer. Both are pure. `plan` is called again with everything received so far until it returns
 * no more requests, so a platform that needs a store id before its menu, or several pages, plans
 * one step at a time.
 */
export interface Adapter {
  plan(entry: RegistryEntry, received: readonly Received[], config: PlatformConfig): RequestPlan[];
  parse(received: readonly Received[], entry: RegistryEntry): ParseResult;
  /**
   * The label of a recorded payload judged by its shape alone (no URL), or null when it is not one
   * of this platform's; lets the command line parse files saved from the platform.
   */
  recognize?(body: unknown): string | null;
  /**
   * For the browser transport: the page a visitor would open, and which of the JSON responses it
   * makes are this platform's payloads (their label, or null to ignore).
   */
  browser?: {
    pageUrl(entry: RegistryEntry, config: PlatformConfig): string | null;
    labelOf(url: string, body: unknown): string | null;
  };
}

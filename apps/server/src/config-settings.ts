import { join } from 'node:path';
import { mergePlatformConfig, type ScraperOptions } from '@stl-deals/scraper';
import type { DealsStoreOptions } from '@stl-deals/store';
import type { Config } from './env-schema';

/**
 * What the parts of the service take from a parsed configuration, in their own units and shapes,
 * the same for `npm start` and demo mode.
 */

/** The scraper's options that come from the configuration, the same for `npm start` and demo. */
export function scraperSettings(config: Config) {
  return {
    chromiumPath: config.CHROMIUM_PATH,
    maxDealsPerStore: config.MAX_DEALS_PER_STORE,
    maxDealBytesPerStore: config.MAX_DEAL_KIB_PER_STORE * 1024,
    parseTimeLimitMs: config.PARSE_TIME_LIMIT_S * 1000,
    parseMemoryMb: config.PARSE_MEMORY_MB,
    retryAfterMaxMs: config.RETRY_AFTER_MAX_S * 1000,
    allowPrivateHosts: config.ALLOW_PRIVATE_HOSTS,
    platforms: mergePlatformConfig(config.PLATFORMS_CONFIG),
  } satisfies Partial<ScraperOptions>;
}

/** A scrape job's lease (JOB_LEASE_S), longer than a scrape may take by default. */
export function jobLeaseS(config: Config): number {
  return config.JOB_LEASE_S ?? config.SCRAPE_TIMEOUT_S + 30;
}

/**
 * The products a dispensary's menu may list whose every day PRICE_HISTORY_DAYS keeps: the store's
 * per-dispensary row bound is the retention's days of this many (the biggest menus of the market
 * list a few thousand), so a longer retention is not cut short by the bound.
 */
export const PRICED_PRODUCTS_PER_STORE = 2_500;

/** Where the deals are stored and the store's bounds, as the configuration names them. */
export function storeOptions(config: Config): DealsStoreOptions {
  return {
    databaseUrl: config.DATABASE_URL,
    sqliteFile: join(config.DATA_DIR, 'deals.sqlite'),
    historyRowsPerStore: config.HISTORY_ROWS_PER_STORE,
    observationRowsPerStore: config.PRICE_HISTORY_DAYS * PRICED_PRODUCTS_PER_STORE,
  };
}

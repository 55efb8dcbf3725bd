import type { CacheStatus } from '@stl-deals/domain';
import {
  cacheStartingMessage,
  cacheStillLoadingMessage,
  FROM_CACHE_MESSAGE,
  IDLE_MESSAGE,
} from './messages';

/** Deals call timeouts (spec section 7). */
export const DEALS_TIMEOUT_MS = 45_000;
export const DEALS_WHILE_CACHE_LOADS_TIMEOUT_MS = 180_000;
export const AUTO_REFRESH_TIMEOUT_MS = 15_000;
export const AUTO_REFRESH_INTERVAL_MS = 10_000;

/** The service is still gathering its first full cache. An unknown status is not loading. */
export function isCacheLoading(status: CacheStatus | null | undefined): boolean {
  return status ? !status.ready : false;
}

export function dealsTimeoutMs(status: CacheStatus | null | undefined): number {
  return isCacheLoading(status) ? DEALS_WHILE_CACHE_LOADS_TIMEOUT_MS : DEALS_TIMEOUT_MS;
}

/**
 * Step 3 of the all-dispensaries load (spec section 4): what the page says after the status
 * check. Decision: when the status call failed (null, spec section 7) the page loads the deals
 * as usual, with the plain 'Loading deals...'.
 */
export function cacheStepMessage(status: CacheStatus | null): string {
  if (!status) return IDLE_MESSAGE;
  if (status.ready) return FROM_CACHE_MESSAGE;
  return status.totalDeals === 0
    ? cacheStartingMessage(status)
    : cacheStillLoadingMessage(status.totalDeals);
}

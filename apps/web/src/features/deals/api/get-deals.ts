import {
  prepareDealView,
  readDeals,
  stampDeals,
  type Deal,
  type DealsRead,
  type Dispensary,
} from '@stl-deals/domain';
import { requestJson } from '../../../shared/http/request';
import { yieldToBrowser } from '../../../shared/tasks/yield-to-browser';

/** The deals the page holds for one selection, and when they were loaded. */
export interface DealsSnapshot {
  deals: Deal[];
  loadedAt: number;
  /**
   * Set when the deals are the service worker's copy, given because the network failed: what the
   * status line says of them ('Deals from 2:10 PM, offline'); `loadedAt` is then when the copy
   * was saved (see `OfflineCopies`).
   */
  offline?: string;
}

/**
 * How long the page reads deals before the browser gets a turn, and how many it reads between
 * looks at the clock. Reading 10,000 deals at once was one long task that held up input and
 * painting while the page loaded (Total Blocking Time). 5 ms, as React's own slices: a
 * slice overruns by a step and the yield's own work, and must stay under the 50 ms of a long task
 * on a phone four times slower than this machine (10 ms slices measured 11-13 ms here, which
 * Lighthouse's mobile run counts as 45-52 ms).
 */
const SLICE_MS = 5;
const DEALS_PER_STEP = 25;

/** The cache key of the deals for 'all' or for one dispensary's key. */
export function dealsKey(selectionKey: string) {
  return ['deals', selectionKey] as const;
}

/**
 * `GET /api/reactive/deals`, or `?dispensary={key}` for one dispensary, whose deals are then
 * stamped with its name and key (spec section 3). `dispensary` null means all of them. The page
 * asks for `view=page`: only the fields it reads (`PAGE_DEAL_FIELDS`), a smaller answer.
 */
export async function getDeals(
  dispensary: Dispensary | null,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<Deal[]> {
  const path = dispensary
    ? `/api/reactive/deals?dispensary=${encodeURIComponent(dispensary.key)}&view=page`
    : '/api/reactive/deals?view=page';
  return readDealList(await requestJson(path, options), dispensary);
}

/**
 * An untrusted deal list read item by item (see `readDeals`), a slice at a time, each deal's own
 * view facts worked out as it is read (`prepareDealView`), so that building the list's views later
 * is short; the deals that break the contract are left out and named in the console for whoever
 * looks after the service.
 */
export async function readDealList(
  answer: unknown,
  dispensary: Dispensary | null,
): Promise<Deal[]> {
  // Not a list: readDeals throws the contract's error.
  if (!Array.isArray(answer)) return readDeals(answer).deals;
  const read: DealsRead = { deals: [], rejected: [] };
  let sliceStart = performance.now();
  for (let start = 0; start < answer.length; start += DEALS_PER_STEP) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToBrowser();
      sliceStart = performance.now();
    }
    const step = readDeals(answer.slice(start, start + DEALS_PER_STEP), start);
    const deals = dispensary ? stampDeals(step.deals, dispensary) : step.deals;
    for (const deal of deals) prepareDealView(deal);
    read.deals.push(...deals);
    read.rejected.push(...step.rejected);
  }
  if (read.rejected.length > 0) {
    console.warn(`Left out ${read.rejected.length} deals that break the contract:`, read.rejected);
  }
  return read.deals;
}

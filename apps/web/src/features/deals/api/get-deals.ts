import {
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
}

/**
 * Deals checked in one go before the browser gets a turn: reading 10,000 deals at once was one
 * long task that held up input and painting while the page loaded (issue 11: Total Blocking Time).
 */
const DEALS_PER_SLICE = 500;

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
 * An untrusted deal list read item by item (see `readDeals`), a slice at a time; the deals that
 * break the contract are left out and named in the console for whoever looks after the service.
 */
export async function readDealList(
  answer: unknown,
  dispensary: Dispensary | null,
): Promise<Deal[]> {
  const { deals, rejected } = await readInSlices(answer);
  if (rejected.length > 0) {
    console.warn(`Left out ${rejected.length} deals that break the contract:`, rejected);
  }
  return dispensary ? stampDeals(deals, dispensary) : deals;
}

async function readInSlices(answer: unknown): Promise<DealsRead> {
  // Not a list, or a short one: read at once (an answer that is not a list throws here).
  if (!Array.isArray(answer) || answer.length <= DEALS_PER_SLICE) return readDeals(answer);
  const read: DealsRead = { deals: [], rejected: [] };
  for (let start = 0; start < answer.length; start += DEALS_PER_SLICE) {
    if (start > 0) await yieldToBrowser();
    const slice = readDeals(answer.slice(start, start + DEALS_PER_SLICE), start);
    read.deals.push(...slice.deals);
    read.rejected.push(...slice.rejected);
  }
  return read;
}

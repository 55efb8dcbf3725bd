import { readDeals, stampDeals, type Deal, type Dispensary } from '@stl-deals/domain';
import { requestJson } from '../../../shared/http/request';

/** The deals the page holds for one selection, and when they were loaded. */
export interface DealsSnapshot {
  deals: Deal[];
  loadedAt: number;
}

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
 * An untrusted deal list read item by item (see `readDeals`); the deals that break the contract
 * are left out and named in the console for whoever looks after the service.
 */
export function readDealList(answer: unknown, dispensary: Dispensary | null): Deal[] {
  const { deals, rejected } = readDeals(answer);
  if (rejected.length > 0) {
    console.warn(`Left out ${rejected.length} deals that break the contract:`, rejected);
  }
  return dispensary ? stampDeals(deals, dispensary) : deals;
}

import {
  DEFAULT_ATTEMPTS,
  hoursNowText,
  marketHoursZone,
  parseDispensaryList,
  readStoreHours,
  readStorePhone,
  type Dispensary,
  type HoursNow,
  type StoreHours,
  type StorePhone,
  type TimeZone,
} from '@stl-deals/domain';
import { queryOptions } from '@tanstack/react-query';
import { requestJson } from '../../../shared/http/request';
import { withRetry } from '../../../shared/http/retry';
import { DISPENSARIES_TIMEOUT_MS } from './get-dispensaries';

/**
 * A dispensary as its store panel and the cards' hours read it: the list's fields, its hours and
 * its phone number.
 */
export type StoreDetails = Dispensary & { hours?: StoreHours; phone?: StorePhone };

export const storeDetailsKey = ['store-details'] as const;

/**
 * `GET /api/scraper/dispensaries` read with each dispensary's hours and phone (`readStoreHours`,
 * `readStorePhone`; what the contract refuses is left out, as unknown). The first load's dropdown reads the same answer
 * without them, so that the hours' reader and rules load with the page's on-demand parts: this
 * second read of a small answer, once the list shows, costs less than carrying them.
 */
export async function getStoreDetails(signal?: AbortSignal): Promise<Map<string, StoreDetails>> {
  const answer = await requestJson('/api/scraper/dispensaries', {
    timeoutMs: DISPENSARIES_TIMEOUT_MS,
    signal,
  });
  const list = parseDispensaryList(answer);
  const raw = answer as ReadonlyArray<{ hours?: unknown; phone?: unknown }>;
  return new Map(
    list.map((dispensary, index) => {
      const hours = readStoreHours(raw[index]?.hours);
      const phone = readStorePhone(raw[index]?.phone);
      return [dispensary.key, { ...dispensary, ...(hours && { hours }), ...(phone && { phone }) }];
    }),
  );
}

/** Read once per visit; a failure leaves every store's hours unknown (the cards say nothing). */
export function storeDetailsQueryOptions(random: () => number) {
  return queryOptions({
    queryKey: storeDetailsKey,
    queryFn: ({ signal }) =>
      withRetry((callSignal) => getStoreDetails(callSignal), {
        attempts: DEFAULT_ATTEMPTS,
        random,
        signal,
      }),
    staleTime: Infinity,
  });
}

/**
 * What each store's hours say at `now`, by key, for the cards and the comparison: only stores
 * whose hours are known. The service's hours are the market's wall-clock times, read in the
 * market's zone (the page's own when it keeps the same time).
 */
export function hoursNowByStore(
  details: ReadonlyMap<string, StoreDetails>,
  now: number,
  pageZone: TimeZone,
): Map<string, HoursNow> {
  const zone = marketHoursZone(now, pageZone);
  const out = new Map<string, HoursNow>();
  for (const [key, store] of details) {
    if (store.hours) out.set(key, hoursNowText(store.hours.week, now, zone));
  }
  return out;
}

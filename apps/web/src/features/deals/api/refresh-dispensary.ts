import type { Deal, Dispensary } from '@stl-deals/domain';
import { requestJsonAnswer } from '../../../shared/http/request';
import { readDealList } from './get-deals';

export const REFRESH_TIMEOUT_MS = 60_000;

/** The service's headers on a refresh whose scrape failed (see apps/server routes/refresh.ts). */
export const REFRESH_ERROR_HEADER = 'x-refresh-error';
export const DEALS_AS_OF_HEADER = 'x-deals-as-of';

export interface RefreshAnswer {
  deals: Deal[];
  /** Set when the scrape failed and the deals are the last good ones: why, and from when. */
  failure: { reason: string; asOf: string | null } | null;
}

/**
 * `POST /api/scraper/refresh/{key}` with an empty JSON body: the service scrapes that dispensary
 * again and answers its deals, stamped here as for any single-dispensary answer. When the scrape
 * failed, this service answers the last good deals and says so in its headers; a
 * service that does not (the spec's) reads as a plain success.
 */
export async function refreshDispensary(dispensary: Dispensary): Promise<RefreshAnswer> {
  const answer = await requestJsonAnswer(
    `/api/scraper/refresh/${encodeURIComponent(dispensary.key)}`,
    { method: 'POST', body: {}, timeoutMs: REFRESH_TIMEOUT_MS },
  );
  const deals = await readDealList(answer.body, dispensary);
  const error = answer.headers.get(REFRESH_ERROR_HEADER);
  if (error === null) return { deals, failure: null };
  return {
    deals,
    failure: { reason: decoded(error), asOf: answer.headers.get(DEALS_AS_OF_HEADER) },
  };
}

function decoded(header: string): string {
  try {
    return decodeURIComponent(header).slice(0, 200);
  } catch {
    return header.slice(0, 200);
  }
}

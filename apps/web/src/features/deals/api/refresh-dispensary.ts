import type { Deal, Dispensary } from '@stl-deals/domain';
import { requestJson } from '../../../shared/http/request';
import { readDealList } from './get-deals';

export const REFRESH_TIMEOUT_MS = 60_000;

/**
 * `POST /api/scraper/refresh/{key}` with an empty JSON body: the service scrapes that dispensary
 * again and answers its deals, stamped here as for any single-dispensary answer.
 */
export async function refreshDispensary(dispensary: Dispensary): Promise<Deal[]> {
  const answer = await requestJson(`/api/scraper/refresh/${encodeURIComponent(dispensary.key)}`, {
    method: 'POST',
    body: {},
    timeoutMs: REFRESH_TIMEOUT_MS,
  });
  return readDealList(answer, dispensary);
}

import { requestOk } from '../../../shared/http/request';

export const HEALTH_TIMEOUT_MS = 10_000;

/** `GET /api/monitoring/scraper/ping`: any 2xx answer means the backend is up. */
export function checkHealth(signal?: AbortSignal): Promise<void> {
  return requestOk('/api/monitoring/scraper/ping', { timeoutMs: HEALTH_TIMEOUT_MS, signal });
}

import { requestOk } from '../../../shared/http/request';

export const REFRESH_ALL_TIMEOUT_MS = 120_000;

/**
 * `POST /api/scraper/refresh/all`. The spec does not show its answer, so only success counts.
 * Decision: the body is `{}` like the single refresh; a JSON content type with a truly empty body
 * is not valid JSON, and servers that parse bodies refuse it. The JSON content type itself is
 * required: the service refuses refreshes without it (415), as a cross-site form cannot send it.
 */
export function refreshAllDispensaries(): Promise<void> {
  return requestOk('/api/scraper/refresh/all', {
    method: 'POST',
    body: {},
    timeoutMs: REFRESH_ALL_TIMEOUT_MS,
  });
}

import { DEFAULT_ATTEMPTS, parseDispensaryList, type Dispensary } from '@stl-deals/domain';
import { queryOptions } from '@tanstack/react-query';
import { requestJson } from '../../../shared/http/request';
import { withRetry } from '../../../shared/http/retry';

/** The spec gives this call no timeout; 15 s, like the status call, keeps the dropdown honest. */
export const DISPENSARIES_TIMEOUT_MS = 15_000;

/** `GET /api/scraper/dispensaries`: key, name (maybe with a store emoji), lat, lng. */
export async function getDispensaries(signal?: AbortSignal): Promise<Dispensary[]> {
  const answer = await requestJson('/api/scraper/dispensaries', {
    timeoutMs: DISPENSARIES_TIMEOUT_MS,
    signal,
  });
  return parseDispensaryList(answer);
}

/**
 * The list is read once per visit, with the default number of attempts (the spec gives this call
 * none of its own) and no messages: the page falls back to 'All Dispensaries' when it fails.
 */
export function dispensariesQueryOptions(random: () => number) {
  return queryOptions({
    queryKey: ['dispensaries'],
    queryFn: ({ signal }) =>
      withRetry((callSignal) => getDispensaries(callSignal), {
        attempts: DEFAULT_ATTEMPTS,
        random,
        signal,
      }),
    staleTime: Infinity,
  });
}

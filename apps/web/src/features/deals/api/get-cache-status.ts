import { parseCacheStatus, SPEC_CALL_ATTEMPTS, type CacheStatus } from '@stl-deals/domain';
import { queryOptions } from '@tanstack/react-query';
import { requestJson } from '../../../shared/http/request';
import { withRetry, type RetryOptions } from '../../../shared/http/retry';
import { AUTO_REFRESH_INTERVAL_MS, isCacheLoading } from '../model/cache-step';

export const STATUS_TIMEOUT_MS = 15_000;

export const cacheStatusKey = ['cache-status'] as const;

/**
 * `GET /api/monitoring/scraper/status`, read by the contract (its `demo` included: true while the
 * service serves simulated deals, absent for real data).
 */
export async function getCacheStatus(signal?: AbortSignal): Promise<CacheStatus> {
  const answer = await requestJson('/api/monitoring/scraper/status', {
    timeoutMs: STATUS_TIMEOUT_MS,
    signal,
  });
  return parseCacheStatus(answer);
}

/** The status with the spec's 3 attempts; any failure gives null (spec section 7). */
export async function readCacheStatus(
  options: Omit<RetryOptions, 'attempts'>,
): Promise<CacheStatus | null> {
  try {
    return await withRetry(getCacheStatus, { ...options, attempts: SPEC_CALL_ATTEMPTS });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return null;
  }
}

/**
 * The status behind the status line. The all-dispensaries load writes it here as it checks; the
 * page fetches it on its own only when no such load has (a single dispensary was opened first),
 * and then checks again every 10 s while the cache is still loading, so the badge moves on too.
 */
export function cacheStatusQueryOptions(random: () => number) {
  return queryOptions({
    queryKey: cacheStatusKey,
    queryFn: ({ signal }) => readCacheStatus({ random, signal }),
    staleTime: Infinity,
    refetchInterval: (query) =>
      isCacheLoading(query.state.data) ? AUTO_REFRESH_INTERVAL_MS : false,
  });
}

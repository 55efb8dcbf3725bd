import { CacheStatusSchema, SPEC_CALL_ATTEMPTS } from '@stl-deals/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../shared/http/request';
import { withRetry, type RetryOptions } from '../../../shared/http/retry';

export const STATUS_TIMEOUT_MS = 15_000;

/**
 * The status as the page reads it: the domain's contract plus `demo`, which this service sends
 * while it serves simulated deals. Absent means real data.
 */
export const PageCacheStatusSchema = CacheStatusSchema.extend({ demo: z.boolean().optional() });
export type PageCacheStatus = z.infer<typeof PageCacheStatusSchema>;

export const cacheStatusKey = ['cache-status'] as const;

/** `GET /api/monitoring/scraper/status`. */
export async function getCacheStatus(signal?: AbortSignal): Promise<PageCacheStatus> {
  const answer = await requestJson('/api/monitoring/scraper/status', {
    timeoutMs: STATUS_TIMEOUT_MS,
    signal,
  });
  return PageCacheStatusSchema.parse(answer);
}

/** The status with the spec's 3 attempts; any failure gives null (spec section 7). */
export async function readCacheStatus(
  options: Omit<RetryOptions, 'attempts'>,
): Promise<PageCacheStatus | null> {
  try {
    return await withRetry(getCacheStatus, { ...options, attempts: SPEC_CALL_ATTEMPTS });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return null;
  }
}

/**
 * The status behind the status line. The all-dispensaries load writes it here as it checks; the
 * page fetches it on its own only when no such load has (a single dispensary was opened first).
 */
export function cacheStatusQueryOptions(random: () => number) {
  return queryOptions({
    queryKey: cacheStatusKey,
    queryFn: ({ signal }) => readCacheStatus({ random, signal }),
    staleTime: Infinity,
  });
}

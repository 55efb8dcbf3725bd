import { QueryClient } from '@tanstack/react-query';

/**
 * The page's cache. Retries are off because every call retries on its own terms (the spec's
 * attempts, backoff and messages, see `withRetry`); a refocus or reconnect does not start the
 * whole loading sequence again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

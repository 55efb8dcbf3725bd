/** Attempts for the spec's own calls and for any other call (spec section 9). */
export const SPEC_CALL_ATTEMPTS = 3;
export const DEFAULT_ATTEMPTS = 5;

const BASE_DELAY_MS = 2000;
const MAX_DELAY_MS = 32000;
const MAX_JITTER_MS = 1000;

/**
 * Wait before the retry that follows failed attempt `attempt` (0-based): 2000 ms x 2^attempt,
 * capped at 32000 ms, plus up to 1000 ms of jitter from `random` (a function returning [0, 1)).
 */
export function retryDelayMs(attempt: number, random: () => number): number {
  const base = Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempt), MAX_DELAY_MS);
  return base + Math.floor(Math.min(Math.max(random(), 0), 0.999999) * MAX_JITTER_MS);
}

/** Network failures (no status) and 5xx are retried; 4xx and everything else are not. */
export function isRetryableStatus(status: number | null): boolean {
  return status === null || (status >= 500 && status <= 599);
}

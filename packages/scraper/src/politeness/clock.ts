import { setTimeout as delay } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';

/**
 * Time as the politeness rules see it. Waits go through `sleep`, so a test passes a clock whose
 * sleep records the wait and returns at once instead of waiting for real.
 */
export interface Clock {
  /** The wall clock, for dates (an HTTP date's Retry-After, a date in a message). */
  now(): number;
  /**
   * Milliseconds on a clock that only moves forward, whatever is done to the wall clock (NTP
   * stepping it, an operator setting it): every pause and every 'not before' is measured on it,
   * so a clock stepped back never turns a pause of seconds into one of days. Not a date.
   */
  monotonicNow(): number;
  /** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonicNow: () => performance.now(),
  sleep: (ms, signal) =>
    delay(ms, undefined, { signal }).catch((error: unknown) => {
      signal.throwIfAborted();
      throw error;
    }),
};

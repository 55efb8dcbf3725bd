import { setTimeout as delay } from 'node:timers/promises';

/**
 * Time as the politeness rules see it. Waits go through `sleep`, so a test passes a clock whose
 * sleep records the wait and returns at once instead of waiting for real.
 */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    delay(ms, undefined, { signal }).catch((error: unknown) => {
      signal.throwIfAborted();
      throw error;
    }),
};

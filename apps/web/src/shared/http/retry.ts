import { isRetryableStatus, retryDelayMs } from '@stl-deals/domain';
import { HttpError, NoResponseError, RetriesExhaustedError } from './errors';

/** A failed attempt that will be retried after `delayMs`. Attempts count from 1. */
export interface AttemptFailed {
  attempt: number;
  attempts: number;
  delayMs: number;
}

/** A retry about to start. */
export interface RetryStarting {
  attempt: number;
  attempts: number;
}

export interface RetryOptions {
  attempts: number;
  /** Jitter source in [0, 1), injected so tests are deterministic. */
  random: () => number;
  signal?: AbortSignal;
  onAttemptFailed?: (event: AttemptFailed) => void;
  onRetry?: (event: RetryStarting) => void;
}

/** The spec's rule (section 4): network failures and 5xx are retried, 4xx and the rest are not. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof HttpError) return isRetryableStatus(error.status);
  return error instanceof NoResponseError && isRetryableStatus(null);
}

/**
 * Runs `call` up to `attempts` times with the spec's backoff (the domain's `retryDelayMs`),
 * reporting each failure and each retry so the page can say what is going on. A non-retryable
 * error is thrown at once; when every attempt failed, `RetriesExhaustedError` carries the last
 * error as its cause. Cancelling `signal` ends the wait and throws its reason.
 */
export async function withRetry<T>(
  call: (signal: AbortSignal | undefined) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const { attempts, random, signal, onAttemptFailed, onRetry } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call(signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (!isRetryable(error)) throw error;
      if (attempt >= attempts) throw new RetriesExhaustedError(attempts, { cause: error });
      const delayMs = retryDelayMs(attempt - 1, random);
      onAttemptFailed?.({ attempt, attempts, delayMs });
      await sleep(delayMs, signal);
      onRetry?.({ attempt: attempt + 1, attempts });
    }
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

import {
  SPEC_CALL_ATTEMPTS,
  type CacheStatus,
  type Deal,
  type Dispensary,
  type TimeZone,
} from '@stl-deals/domain';
import type { QueryClient } from '@tanstack/react-query';
import { withRetry, type RetryOptions } from '../../../shared/http/retry';
import type { ActivityEvent } from '../model/activity';
import {
  CONNECTING_MESSAGE,
  needsConnectionAdvice,
  NOT_RESPONDING_MESSAGE,
} from '../model/messages';
import { checkHealth } from './check-health';
import { cacheStatusKey } from './get-cache-status';
import { getDeals, type DealsSnapshot } from './get-deals';
import { wakeUp } from './wake-up';

// The steps every deals flow of the page is made of: the connection check, a visible call with
// the spec's retries, and what a failure shows (a fresh list put in place by an action is
// replace-deals.ts).

/** What the loading flows need from the page: its services, its cache and its voice. */
export interface FeedContext {
  client: QueryClient;
  random: () => number;
  now: () => number;
  isLocalhost: boolean;
  /** The visitor's time zone, for the times the messages name. */
  timeZone: TimeZone;
  report: (event: ActivityEvent) => void;
}

/** The spec's retries for a visible call, each failure and retry told to the page. */
export function visibleRetries(
  report: (event: ActivityEvent) => void,
  random: () => number,
  signal?: AbortSignal,
): RetryOptions {
  return {
    attempts: SPEC_CALL_ATTEMPTS,
    random,
    signal,
    onAttemptFailed: (event) => report({ type: 'attempt-failed', ...event }),
    onRetry: (event) => report({ type: 'retrying', ...event }),
  };
}

/** Reports of a flow the page has moved away from (its query was cancelled) are dropped. */
export function reporter(ctx: FeedContext, signal?: AbortSignal) {
  return (event: ActivityEvent) => {
    if (!signal?.aborted) ctx.report(event);
  };
}

/**
 * Steps 1 and 2 of every load (spec section 4): the wake-up ping (not on localhost; its failure
 * ignored), then the health check, whose failure stops the load with the spec's text.
 */
export async function connect(ctx: FeedContext, signal?: AbortSignal): Promise<void> {
  const report = reporter(ctx, signal);
  report({ type: 'started', message: CONNECTING_MESSAGE });
  if (!ctx.isLocalhost) await wakeUp(signal);
  try {
    await withRetry(checkHealth, visibleRetries(report, ctx.random, signal));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(NOT_RESPONDING_MESSAGE, { cause: error });
  }
}

export function fetchDeals(
  ctx: FeedContext,
  dispensary: Dispensary | null,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Deal[]> {
  return withRetry(
    (callSignal) => getDeals(dispensary, { timeoutMs, signal: callSignal }),
    visibleRetries(reporter(ctx, signal), ctx.random, signal),
  );
}

export function snapshot(ctx: FeedContext, deals: Deal[]): DealsSnapshot {
  return { deals, loadedAt: ctx.now() };
}

/**
 * Runs a load; on failure (not a cancellation) shows `describe(error)` in the error panel and
 * rethrows. Connection trouble starts the page's background retries (connection-recovery.ts).
 * `describe` may wait for the texts of failures (see `onDemandParts`, loaded long before a load
 * fails); if they cannot be loaded, the error's own message stands in, so the page still leaves
 * its loading panel and keeps trying.
 */
export async function shown<T>(
  ctx: FeedContext,
  describe: (error: unknown) => string | Promise<string>,
  run: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!signal?.aborted) {
      const text = await failureText(describe, error);
      if (!signal?.aborted) {
        ctx.report({ type: 'failed', error: text, background: needsConnectionAdvice(text) });
      }
    }
    throw error;
  }
}

async function failureText(
  describe: (error: unknown) => string | Promise<string>,
  error: unknown,
): Promise<string> {
  try {
    return await describe(error);
  } catch {
    // Never empty: an empty error text would leave the page on its loading panel.
    return (error instanceof Error && error.message) || String(error);
  }
}

export function knownStatus(ctx: FeedContext): CacheStatus | null | undefined {
  return ctx.client.getQueryData<CacheStatus | null>(cacheStatusKey);
}

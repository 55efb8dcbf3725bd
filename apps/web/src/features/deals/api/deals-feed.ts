import {
  SPEC_CALL_ATTEMPTS,
  type CacheStatus,
  type Deal,
  type Dispensary,
} from '@stl-deals/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { withRetry, type RetryOptions } from '../../../shared/http/retry';
import type { ActivityEvent } from '../model/activity';
import {
  AUTO_REFRESH_INTERVAL_MS,
  AUTO_REFRESH_TIMEOUT_MS,
  cacheStepMessage,
  DEALS_TIMEOUT_MS,
  dealsTimeoutMs,
  isCacheLoading,
} from '../model/cache-step';
import {
  ALL_LOADED_MESSAGE,
  cacheStillLoadingMessage,
  CONNECTING_MESSAGE,
  fetchDealsFailedMessage,
  IDLE_MESSAGE,
  NOT_RESPONDING_MESSAGE,
  REFRESHED_ALL_MESSAGE,
  REFRESHING_ALL_MESSAGE,
  refreshAllFailedMessage,
  refreshFailedMessage,
  refreshingMessage,
  retryFailedMessage,
} from '../model/messages';
import { checkHealth } from './check-health';
import { cacheStatusKey, readCacheStatus } from './get-cache-status';
import { dealsKey, getDeals, type DealsSnapshot } from './get-deals';
import { refreshAllDispensaries } from './refresh-all';
import { refreshDispensary } from './refresh-dispensary';
import { wakeUp } from './wake-up';

/** What the loading flows need from the page: its services, its cache and its voice. */
export interface FeedContext {
  client: QueryClient;
  random: () => number;
  now: () => number;
  isLocalhost: boolean;
  report: (event: ActivityEvent) => void;
}

/** Whether `selectionKey` ('all' or a dispensary key) is what the visitor looks at now. */
export type IsSelected = (selectionKey: string) => boolean;

/** The spec's retries for a visible call, each failure and retry told to the page. */
function visibleRetries(
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
function reporter(ctx: FeedContext, signal?: AbortSignal) {
  return (event: ActivityEvent) => {
    if (!signal?.aborted) ctx.report(event);
  };
}

/**
 * Steps 1 and 2 of every load (spec section 4): the wake-up ping (not on localhost; its failure
 * ignored), then the health check, whose failure stops the load with the spec's text.
 */
async function connect(ctx: FeedContext, signal?: AbortSignal): Promise<void> {
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

function fetchDeals(
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

function snapshot(ctx: FeedContext, deals: Deal[]): DealsSnapshot {
  return { deals, loadedAt: ctx.now() };
}

/** Runs a flow; on failure (not a cancellation) shows `describe(error)` and rethrows. */
async function shown<T>(
  ctx: FeedContext,
  describe: (error: unknown) => string,
  run: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!signal?.aborted) ctx.report({ type: 'failed', error: describe(error) });
    throw error;
  }
}

function knownStatus(ctx: FeedContext): CacheStatus | null | undefined {
  return ctx.client.getQueryData<CacheStatus | null>(cacheStatusKey);
}

/** Loading for all dispensaries (spec section 4, steps 1 to 3). */
export function loadAllDeals(ctx: FeedContext, signal?: AbortSignal): Promise<DealsSnapshot> {
  return shown(
    ctx,
    fetchDealsFailedMessage,
    async () => {
      const report = reporter(ctx, signal);
      await connect(ctx, signal);
      const status = await readCacheStatus(visibleRetries(report, ctx.random, signal));
      if (status) ctx.client.setQueryData(cacheStatusKey, status);
      const message = cacheStepMessage(status);
      report({ type: 'step', message });
      const deals = await fetchDeals(ctx, null, dealsTimeoutMs(status), signal);
      // While the cache loads its text stays: the list is partial and will grow.
      report({ type: 'finished', message: isCacheLoading(status) ? message : IDLE_MESSAGE });
      return snapshot(ctx, deals);
    },
    signal,
  );
}

/** Loading for one dispensary: the same connection steps, then its deals, stamped. */
export function loadDispensaryDeals(
  dispensary: Dispensary,
  ctx: FeedContext,
  signal?: AbortSignal,
): Promise<DealsSnapshot> {
  return shown(
    ctx,
    fetchDealsFailedMessage,
    async () => {
      const report = reporter(ctx, signal);
      await connect(ctx, signal);
      report({ type: 'step', message: IDLE_MESSAGE });
      const deals = await fetchDeals(ctx, dispensary, DEALS_TIMEOUT_MS, signal);
      report({ type: 'finished' });
      return snapshot(ctx, deals);
    },
    signal,
  );
}

/**
 * One auto-refresh while the cache loads (spec section 4, step 4): the deals with the short
 * timeout, kept only when more arrived, then the status again; 'All deals loaded!' once ready.
 * Decision: it is quiet, and a failed round keeps the list as it is, since the next round comes
 * 10 s later anyway.
 */
export async function autoRefreshDeals(
  previous: DealsSnapshot,
  ctx: FeedContext,
  signal?: AbortSignal,
): Promise<DealsSnapshot> {
  const report = reporter(ctx, signal);
  try {
    const deals = await withRetry(
      (callSignal) => getDeals(null, { timeoutMs: AUTO_REFRESH_TIMEOUT_MS, signal: callSignal }),
      { attempts: SPEC_CALL_ATTEMPTS, random: ctx.random, signal },
    );
    const more = deals.length > previous.deals.length;
    const status = await readCacheStatus({ random: ctx.random, signal });
    if (status) ctx.client.setQueryData(cacheStatusKey, status);
    if (status?.ready) report({ type: 'finished', message: ALL_LOADED_MESSAGE });
    else if (status && more) {
      report({ type: 'finished', message: cacheStillLoadingMessage(status.totalDeals) });
    }
    return more ? snapshot(ctx, deals) : { ...previous, loadedAt: ctx.now() };
  } catch (error) {
    if (signal?.aborted) throw error;
    return previous;
  }
}

/**
 * The deals of 'all' (dispensary null) or of one dispensary. A refetch of 'all' while the cache
 * loads is an auto-refresh round; every other fetch is the full loading sequence.
 */
export function dealsQueryOptions(dispensary: Dispensary | null, ctx: FeedContext) {
  const key = dealsKey(dispensary?.key ?? 'all');
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }): Promise<DealsSnapshot> => {
      if (dispensary) return loadDispensaryDeals(dispensary, ctx, signal);
      const previous = ctx.client.getQueryData<DealsSnapshot>(key);
      return previous && isCacheLoading(knownStatus(ctx))
        ? autoRefreshDeals(previous, ctx, signal)
        : loadAllDeals(ctx, signal);
    },
    refetchInterval: (query) =>
      !dispensary && query.state.data && isCacheLoading(knownStatus(ctx))
        ? AUTO_REFRESH_INTERVAL_MS
        : false,
  });
}

/** Puts a fresh list in place, stopping any load of the same selection that would overwrite it. */
async function replaceDeals(ctx: FeedContext, selectionKey: string, deals: Deal[]) {
  await ctx.client.cancelQueries({ queryKey: dealsKey(selectionKey) });
  ctx.client.setQueryData(dealsKey(selectionKey), snapshot(ctx, deals));
}

/**
 * The error panel's 'Retry Connection' (spec section 8): all deals again, or for one dispensary
 * the connection check first and then its deals.
 */
export function retryConnection(dispensary: Dispensary | null, ctx: FeedContext): Promise<void> {
  return shown(ctx, retryFailedMessage, async () => {
    if (dispensary) await connect(ctx);
    ctx.report({ type: dispensary ? 'step' : 'started', message: IDLE_MESSAGE });
    const timeoutMs = dispensary ? DEALS_TIMEOUT_MS : dealsTimeoutMs(knownStatus(ctx));
    const deals = await fetchDeals(ctx, dispensary, timeoutMs);
    await replaceDeals(ctx, dispensary?.key ?? 'all', deals);
    ctx.report({ type: 'finished' });
  });
}

/**
 * Refresh of one dispensary (spec section 4): its new deals replace the list only if it is still
 * selected when they arrive. Decision: refresh calls are not retried, since each one makes the
 * service scrape again; the spec gives them a timeout and no attempts.
 */
export function refreshOne(
  dispensary: Dispensary,
  ctx: FeedContext,
  isSelected: IsSelected,
): Promise<void> {
  return shown(
    ctx,
    (error) => refreshFailedMessage(dispensary.key, error),
    async () => {
      ctx.report({ type: 'started', message: refreshingMessage(dispensary.key) });
      const deals = await refreshDispensary(dispensary);
      if (isSelected(dispensary.key)) await replaceDeals(ctx, dispensary.key, deals);
      ctx.report({ type: 'finished' });
    },
  );
}

/**
 * Refresh All (spec section 4): on success the success text (the page reverts it after 3 s), and
 * the deals of the selection (`selection()` when the refresh ends: null for all dispensaries)
 * fetched again: the full list when 'all' is selected, as the spec says, and likewise the one
 * dispensary's deals when one is selected. Decision: the selection is always re-fetched, even
 * when its own load had failed, so the page ends on a list or on the error of that fetch, never
 * on a loading panel with nothing loading.
 */
export async function refreshAll(
  ctx: FeedContext,
  selection: () => Dispensary | null,
): Promise<void> {
  await shown(ctx, refreshAllFailedMessage, async () => {
    ctx.report({ type: 'started', message: REFRESHING_ALL_MESSAGE });
    await refreshAllDispensaries();
    ctx.report({ type: 'finished', message: REFRESHED_ALL_MESSAGE });
  });
  const dispensary = selection();
  await shown(ctx, fetchDealsFailedMessage, async () => {
    const timeoutMs = dispensary ? DEALS_TIMEOUT_MS : dealsTimeoutMs(knownStatus(ctx));
    const deals = await fetchDeals(ctx, dispensary, timeoutMs);
    await replaceDeals(ctx, dispensary?.key ?? 'all', deals);
  });
}

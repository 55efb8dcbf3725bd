import {
  SPEC_CALL_ATTEMPTS,
  type CacheStatus,
  type Deal,
  type Dispensary,
  type TimeZone,
} from '@stl-deals/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { HttpError } from '../../../shared/http/errors';
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
  needsConnectionAdvice,
  NOT_RESPONDING_MESSAGE,
  REFRESH_ALL_RESULT_MS,
  refreshAllFailedMessage,
  refreshAllResultMessage,
  REFRESHED_ALL_MESSAGE,
  REFRESHED_ALL_MESSAGE_MS,
  REFRESHING_ALL_MESSAGE,
  refreshFailedMessage,
  refreshFailedWithReasonMessage,
  refreshingMessage,
  refreshKeptOldDealsMessage,
  retryFailedMessage,
} from '../model/messages';
import { cacheUpdatedText } from '../model/times';
import { checkHealth } from './check-health';
import { cacheStatusKey, getCacheStatus, readCacheStatus } from './get-cache-status';
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
  /** The visitor's time zone, for the times the messages name. */
  timeZone: TimeZone;
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

/**
 * Runs a load; on failure (not a cancellation) shows `describe(error)` in the error panel and
 * rethrows. Connection trouble starts the page's background retries (issue 11).
 */
async function shown<T>(
  ctx: FeedContext,
  describe: (error: unknown) => string,
  run: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!signal?.aborted) {
      const text = describe(error);
      ctx.report({ type: 'failed', error: text, background: needsConnectionAdvice(text) });
    }
    throw error;
  }
}

/** When a refused call may be made again, from its Retry-After; null when it did not say. */
function retryAtOf(error: unknown, ctx: FeedContext): number | null {
  return error instanceof HttpError && error.retryAfterS !== undefined
    ? ctx.now() + error.retryAfterS * 1000
    : null;
}

/**
 * Runs a refresh: on failure a notice over the list (issue 11: a failed or refused refresh never
 * replaces a loaded list; the page shows the text in the error panel when no list is loaded).
 */
async function noticed<T>(
  ctx: FeedContext,
  describe: (error: unknown) => string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    ctx.report({
      type: 'refresh-failed',
      notice: { text: describe(error), retryAt: retryAtOf(error, ctx) },
    });
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
      const partial = isCacheLoading(status) && (status?.totalDeals ?? 0) > 0;
      report({ type: 'step', message, partial });
      const deals = await fetchDeals(ctx, null, dealsTimeoutMs(status), signal);
      // While the cache loads its text stays: the list is partial and will grow.
      report({
        type: 'finished',
        message: isCacheLoading(status) ? message : IDLE_MESSAGE,
        partial: isCacheLoading(status) && deals.length > 0,
      });
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
      report({
        type: 'finished',
        message: cacheStillLoadingMessage(status.totalDeals),
        partial: true,
      });
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
 * service scrape again; the spec gives them a timeout and no attempts. Issue 11: a scrape that
 * failed while the service kept the last good deals shows those with 'Could not refresh <name>:
 * <reason>. Showing deals from <time>.'; a failed call leaves the list as it is, with a notice.
 */
export function refreshOne(
  dispensary: Dispensary,
  ctx: FeedContext,
  isSelected: IsSelected,
): Promise<void> {
  return noticed(
    ctx,
    (error) =>
      error instanceof HttpError && error.status === 502 && error.serverMessage
        ? refreshFailedWithReasonMessage(dispensary.name, error.serverMessage)
        : refreshFailedMessage(dispensary.key, error),
    async () => {
      ctx.report({ type: 'started', message: refreshingMessage(dispensary.key) });
      const { deals, failure } = await refreshDispensary(dispensary);
      if (isSelected(dispensary.key)) await replaceDeals(ctx, dispensary.key, deals);
      ctx.report({ type: 'finished' });
      if (failure) {
        const asOf = failure.asOf && !Number.isNaN(Date.parse(failure.asOf)) ? failure.asOf : null;
        const text = refreshKeptOldDealsMessage(
          dispensary.name,
          failure.reason,
          asOf && cacheUpdatedText(asOf, ctx.timeZone),
        );
        ctx.report({ type: 'refresh-failed', notice: { text, retryAt: null } });
      }
    },
  );
}

/**
 * Refresh All (spec section 4): then the deals of the selection (`selection()` when the refresh
 * ends: null for all dispensaries) fetched again: the full list when 'all' is selected, as the
 * spec says, and likewise the one dispensary's deals when one is selected. Decision: the
 * selection is always re-fetched, even when its own load had failed, so the page ends on a list
 * or on the error of that fetch, never on a loading panel with nothing loading. Issue 11: it says
 * what the service did ('Refreshed 37, failed 2, 0 skipped'; the spec's success text, which the
 * page reverts after 3 s, only when nothing failed or was skipped), and a failure is a notice
 * over the list, with the wait a 429 asked for.
 */
export async function refreshAll(
  ctx: FeedContext,
  selection: () => Dispensary | null,
): Promise<void> {
  await noticed(ctx, refreshAllFailedMessage, async () => {
    ctx.report({ type: 'started', message: REFRESHING_ALL_MESSAGE });
    const message = refreshAllResultMessage(await refreshAllDispensaries());
    const expiresMs =
      message === REFRESHED_ALL_MESSAGE ? REFRESHED_ALL_MESSAGE_MS : REFRESH_ALL_RESULT_MS;
    ctx.report({ type: 'finished', message, expiresMs });
  });
  const dispensary = selection();
  await noticed(ctx, fetchDealsFailedMessage, async () => {
    const timeoutMs = dispensary ? DEALS_TIMEOUT_MS : dealsTimeoutMs(knownStatus(ctx));
    const deals = await fetchDeals(ctx, dispensary, timeoutMs);
    await replaceDeals(ctx, dispensary?.key ?? 'all', deals);
  });
}

/**
 * One quiet try of the page's background retries (issue 11), after the spec's attempts failed
 * with connection trouble: the health check, for all dispensaries the status, then the deals,
 * each asked once. Success puts the deals in place and ends the error; a failure throws, and
 * the page tries again later.
 */
export async function backgroundAttempt(
  dispensary: Dispensary | null,
  ctx: FeedContext,
  signal?: AbortSignal,
): Promise<void> {
  if (!ctx.isLocalhost) await wakeUp(signal);
  await checkHealth(signal);
  const status = dispensary ? null : await getCacheStatus(signal).catch(() => null);
  if (status) ctx.client.setQueryData(cacheStatusKey, status);
  const timeoutMs = dispensary ? DEALS_TIMEOUT_MS : dealsTimeoutMs(status);
  const deals = await getDeals(dispensary, { timeoutMs, signal });
  if (signal?.aborted) return;
  await replaceDeals(ctx, dispensary?.key ?? 'all', deals);
  const loading = isCacheLoading(status);
  ctx.report({
    type: 'finished',
    message: loading ? cacheStepMessage(status) : IDLE_MESSAGE,
    partial: loading && deals.length > 0,
  });
}

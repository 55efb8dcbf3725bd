import { SPEC_CALL_ATTEMPTS, type Dispensary } from '@stl-deals/domain';
import { queryOptions } from '@tanstack/react-query';
import { withRetry } from '../../../shared/http/retry';
import {
  AUTO_REFRESH_INTERVAL_MS,
  AUTO_REFRESH_TIMEOUT_MS,
  cacheStepMessage,
  DEALS_TIMEOUT_MS,
  dealsTimeoutMs,
  isCacheLoading,
} from '../model/cache-step';
import { onDemandParts } from '../load-on-demand';
import { ALL_LOADED_MESSAGE, cacheStillLoadingMessage, IDLE_MESSAGE } from '../model/messages';
import {
  connect,
  fetchDeals,
  knownStatus,
  reporter,
  shown,
  snapshot,
  visibleRetries,
  type FeedContext,
} from './feed-steps';
import { cacheStatusKey, readCacheStatus } from './get-cache-status';
import { dealsKey, getDeals, type DealsSnapshot } from './get-deals';

/** A failed load's text, which loads with the error panel that shows it (see `shown`). */
function loadFailedMessage(error: unknown): Promise<string> {
  return onDemandParts.run((parts) => parts.fetchDealsFailedMessage(error));
}

/** Loading for all dispensaries (spec section 4, steps 1 to 3). */
export function loadAllDeals(ctx: FeedContext, signal?: AbortSignal): Promise<DealsSnapshot> {
  return shown(
    ctx,
    loadFailedMessage,
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
    loadFailedMessage,
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

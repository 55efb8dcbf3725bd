import type { Dispensary } from '@stl-deals/domain';
import { queryOptions } from '@tanstack/react-query';
import {
  AUTO_REFRESH_INTERVAL_MS,
  cacheStepMessage,
  DEALS_TIMEOUT_MS,
  dealsTimeoutMs,
  isCacheLoading,
} from '../model/cache-step';
import { onDemandParts } from '../load-on-demand';
import { IDLE_MESSAGE } from '../model/messages';
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
import { dealsKey, type DealsSnapshot } from './get-deals';

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

/** `heldDealsOf` from the on-demand parts; null also when they cannot be loaded. */
function heldDeals(
  dispensary: Dispensary,
  error: unknown,
  ctx: FeedContext,
): Promise<DealsSnapshot | null> {
  return onDemandParts.run((parts) => parts.heldDealsOf(dispensary, error, ctx)).catch(() => null);
}

/**
 * Loading for one dispensary: the same connection steps, then its deals, stamped. When they
 * fail, its deals from the list of all dispensaries the page holds.
 */
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
      try {
        await connect(ctx, signal);
        report({ type: 'step', message: IDLE_MESSAGE });
        const deals = await fetchDeals(ctx, dispensary, DEALS_TIMEOUT_MS, signal);
        report({ type: 'finished' });
        return snapshot(ctx, deals);
      } catch (error) {
        // The deals the page holds for it, if any, rather than an error panel (see `heldDealsOf`).
        const held = signal?.aborted ? null : await heldDeals(dispensary, error, ctx);
        if (held === null) throw error;
        return held;
      }
    },
    signal,
  );
}

/**
 * One auto-refresh round while the cache loads (spec section 4, step 4; see `autoRefreshDeals`).
 * Rounds follow a first list, every 10 s, so their code loads with the page's on-demand parts;
 * if those cannot be loaded, the round fails quietly as a round does, keeping the list.
 */
function autoRefreshRound(
  previous: DealsSnapshot,
  ctx: FeedContext,
  signal: AbortSignal,
): Promise<DealsSnapshot> {
  return onDemandParts
    .run((parts) => parts.autoRefreshDeals(previous, ctx, signal))
    .catch((error: unknown) => {
      if (signal.aborted) throw error;
      return previous;
    });
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
        ? autoRefreshRound(previous, ctx, signal)
        : loadAllDeals(ctx, signal);
    },
    refetchInterval: (query) =>
      !dispensary && query.state.data && isCacheLoading(knownStatus(ctx))
        ? AUTO_REFRESH_INTERVAL_MS
        : false,
  });
}

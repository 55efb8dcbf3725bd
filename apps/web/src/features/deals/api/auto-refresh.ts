import { SPEC_CALL_ATTEMPTS } from '@stl-deals/domain';
import { withRetry } from '../../../shared/http/retry';
import { AUTO_REFRESH_TIMEOUT_MS } from '../model/cache-step';
import { ALL_LOADED_MESSAGE } from '../model/action-messages';
import { cacheStillLoadingMessage } from '../model/messages';
import { reporter, snapshot, type FeedContext } from './feed-steps';
import { cacheStatusKey, readCacheStatus } from './get-cache-status';
import { getDeals, type DealsSnapshot } from './get-deals';

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
    // A new snapshot either way: an offline copy's note belongs to the answer it was made for.
    return snapshot(ctx, more ? deals : previous.deals);
  } catch (error) {
    if (signal?.aborted) throw error;
    return previous;
  }
}

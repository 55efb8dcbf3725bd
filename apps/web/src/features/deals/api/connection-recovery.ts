import type { Dispensary } from '@stl-deals/domain';
import {
  cacheStepMessage,
  DEALS_TIMEOUT_MS,
  dealsTimeoutMs,
  isCacheLoading,
} from '../model/cache-step';
import { retryFailedMessage } from '../model/action-messages';
import { IDLE_MESSAGE } from '../model/messages';
import { checkHealth } from './check-health';
import { connect, fetchDeals, knownStatus, shown, type FeedContext } from './feed-steps';
import { cacheStatusKey, getCacheStatus } from './get-cache-status';
import { getDeals } from './get-deals';
import { replaceDeals } from './replace-deals';
import { wakeUp } from './wake-up';

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
 * One quiet try of the page's background retries, after the spec's attempts failed
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

import type { Dispensary } from '@stl-deals/domain';
import { HttpError, retryAtOf } from '../../../shared/http/errors';
import { isUnreachable } from '../../../shared/http/unreachable';
import { DEALS_TIMEOUT_MS, dealsTimeoutMs } from '../model/cache-step';
import {
  fetchDealsFailedMessage,
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
  refreshRefusedMessage,
} from '../model/action-messages';
import { cacheUpdatedText } from '../model/times';
import { fetchDeals, knownStatus, type FeedContext } from './feed-steps';
import { cacheStatusKey, readCacheStatus } from './get-cache-status';
import { refreshAllDispensaries } from './refresh-all';
import { refreshDispensary } from './refresh-dispensary';
import { replaceDeals } from './replace-deals';

/** Whether `selectionKey` ('all' or a dispensary key) is what the visitor looks at now. */
export type IsSelected = (selectionKey: string) => boolean;

/** The service refused a refresh for now (429), which the notice says in plain words. */
function isRefused(error: unknown): boolean {
  return error instanceof HttpError && error.status === 429;
}

/**
 * The status again once a refresh has ended, however it ended: the refresh moved the cache's
 * update time and the dispensaries' standing on. Quiet and not waited for; a failure keeps what
 * was known.
 */
function rereadStatus(ctx: FeedContext): void {
  void readCacheStatus({ random: ctx.random }).then((status) => {
    if (status) ctx.client.setQueryData(cacheStatusKey, status);
  });
}

/**
 * Runs a refresh: on failure a notice over the list, since a failed or refused refresh never
 * replaces a loaded list (the page shows the text in the error panel when no list is loaded).
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
      notice: { text: describe(error), retryAt: retryAtOf(error, ctx.now) },
      unreachable: isUnreachable(error),
    });
    throw error;
  }
}

/**
 * Refresh of one dispensary (spec section 4): its new deals replace the list only if it is still
 * selected when they arrive. Decision: refresh calls are not retried, since each one makes the
 * service scrape again; the spec gives them a timeout and no attempts. A scrape that
 * failed while the service kept the last good deals shows those with 'Could not refresh <name>:
 * <reason>. Showing deals from <time>.'; a failed call leaves the list as it is, with a notice,
 * which names the dispensary when the service refused the refresh for now (429).
 */
export async function refreshOne(
  dispensary: Dispensary,
  ctx: FeedContext,
  isSelected: IsSelected,
): Promise<void> {
  try {
    await refreshOneShown(dispensary, ctx, isSelected);
  } finally {
    rereadStatus(ctx);
  }
}

function refreshOneShown(dispensary: Dispensary, ctx: FeedContext, isSelected: IsSelected) {
  return noticed(
    ctx,
    (error) =>
      isRefused(error)
        ? refreshRefusedMessage(dispensary.name)
        : error instanceof HttpError && error.status === 502 && error.serverMessage
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
 * or on the error of that fetch, never on a loading panel with nothing loading. It says
 * what the service did ('Refreshed 37, failed 2, 0 skipped'; the spec's success text, which the
 * page reverts after 3 s, only when nothing failed or was skipped), and a failure is a notice
 * over the list, with the wait a 429 asked for. After either refresh the status is read again.
 */
export async function refreshAll(
  ctx: FeedContext,
  selection: () => Dispensary | null,
): Promise<void> {
  try {
    await refreshAllShown(ctx, selection);
  } finally {
    rereadStatus(ctx);
  }
}

async function refreshAllShown(ctx: FeedContext, selection: () => Dispensary | null) {
  const describe = (error: unknown) =>
    isRefused(error) ? refreshRefusedMessage(null) : refreshAllFailedMessage(error);
  await noticed(ctx, describe, async () => {
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

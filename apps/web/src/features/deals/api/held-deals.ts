import type { Dispensary } from '@stl-deals/domain';
import { isUnreachable } from '../../../shared/http/unreachable';
import { heldDealsMessage } from '../model/action-messages';
import { loadedTimeText } from '../model/times';
import type { FeedContext } from './feed-steps';
import { dealsKey, type DealsSnapshot } from './get-deals';

/**
 * When one dispensary's deals cannot be loaded, the deals the page already holds for it: its
 * share of the list of all dispensaries, as loaded then (null when that list was never loaded).
 * The page shows them under a notice that says why and since when, and the status line tells
 * that the service does not answer, instead of an error panel over deals it has.
 */
export function heldDealsOf(
  dispensary: Dispensary,
  error: unknown,
  ctx: FeedContext,
): DealsSnapshot | null {
  const all = ctx.client.getQueryData<DealsSnapshot>(dealsKey('all'));
  if (!all) return null;
  // A failed connection check is 'Backend is not responding', with the call's error as its cause.
  const unreachable =
    isUnreachable(error) || (error instanceof Error && isUnreachable(error.cause));
  const text = heldDealsMessage(
    dispensary.name,
    loadedTimeText(all.loadedAt, ctx.timeZone),
    unreachable,
  );
  ctx.report({ type: 'refresh-failed', notice: { text, retryAt: null }, unreachable });
  return {
    deals: all.deals.filter((deal) => deal.dispensaryKey === dispensary.key),
    loadedAt: all.loadedAt,
  };
}

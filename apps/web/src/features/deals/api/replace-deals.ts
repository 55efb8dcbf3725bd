import type { Deal } from '@stl-deals/domain';
import { snapshot, type FeedContext } from './feed-steps';
import { dealsKey } from './get-deals';

/**
 * Puts a fresh list in place, stopping any load of the same selection that would overwrite it:
 * the last step of the visitor's actions and of the background retries, which load with them
 * (see `onDemandParts`).
 */
export async function replaceDeals(ctx: FeedContext, selectionKey: string, deals: Deal[]) {
  await ctx.client.cancelQueries({ queryKey: dealsKey(selectionKey) });
  ctx.client.setQueryData(dealsKey(selectionKey), snapshot(ctx, deals));
}

import type { StampedDeal } from '@stl-deals/domain';

/** A deal with where its dispensary stands in the registry, for the last tie-break. */
export interface RankedDeal {
  deal: StampedDeal;
  dispensaryIndex: number;
}

/**
 * The service's relevance order, which the page's 'Relevance' sort keeps as is:
 * 1. deeper discount first (`discountPercent`; a deal without one counts as 0%), since the page
 *    exists to find the best deals;
 * 2. then newer first (`firstSeenAt`; a deal without one counts as oldest), so fresh deals surface;
 * 3. then the registry's dispensary order, then each menu's own order (the sort is stable).
 */
export function compareRelevance(a: RankedDeal, b: RankedDeal): number {
  return (
    (b.deal.discountPercent ?? 0) - (a.deal.discountPercent ?? 0) ||
    seenAt(b.deal) - seenAt(a.deal) ||
    a.dispensaryIndex - b.dispensaryIndex
  );
}

/** Milliseconds since the epoch; 0 (the oldest possible) when unknown. */
function seenAt(deal: StampedDeal): number {
  const time = deal.firstSeenAt === undefined ? Number.NaN : Date.parse(deal.firstSeenAt);
  return Number.isNaN(time) ? 0 : time;
}

import {
  interleaveForVariety,
  pricePerItem,
  shownDiscount,
  type StampedDeal,
} from '@stl-deals/domain';

/**
 * A deal with its sort keys, worked out once (`rankDeal`) rather than on every comparison: its
 * shown discount (`shownDiscount`, as its card shows it), where its dispensary stands in the registry, the day it was first seen, and its
 * shuffle key. `deal` may be swapped for what stands for it once ranked (the read model keeps
 * the serialized deal, not the object).
 */
export interface RankedDeal<T = StampedDeal> {
  deal: T;
  discount: number;
  dispensaryIndex: number;
  seenDay: number;
  shuffleKey: number;
}

/** `deal` as the read model priced it (its `effectivePrice`, see `effectivePriceFields`). */
export function rankDeal(deal: StampedDeal, dispensaryIndex: number): RankedDeal {
  const { percent } = shownDiscount(deal, pricePerItem(deal)?.each ?? Number.NaN);
  return {
    deal,
    discount: Number.isNaN(percent) ? 0 : percent,
    dispensaryIndex,
    seenDay: seenDay(deal),
    shuffleKey: shuffleKey(deal),
  };
}

/**
 * The service's one ordering, which the read model applies to each dispensary's deals and to all
 * of them together: `parts` are the dispensaries' ranked deals in registry order, each in its
 * menu's order (or already in relevance order). Relevance, then variety among the first 48: no
 * more than two deals in a row sharing a key of `varietyOf` (a special, a store; the
 * rule is the domain's `interleaveForVariety`).
 */
export function relevanceOrder<T>(
  parts: ReadonlyArray<ReadonlyArray<RankedDeal<T>>>,
  varietyOf: (item: RankedDeal<T>) => ReadonlyArray<string | null>,
): RankedDeal<T>[] {
  return interleaveForVariety(parts.flat().sort(compareRelevance), varietyOf);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The service's relevance order, which the page's 'Relevance' sort keeps as is:
 * 1. deeper discount first, as the card shows it (`shownDiscount`: below the usual price where
 *    the product's history judges, whatever the store claims; the claimed percent where it cannot;
 *    a deal with neither counts as 0%, one above its usual price below 0), since the page exists
 *    to find the best deals;
 * 2. then deals first seen on a later day first (`firstSeenAt`; unknown counts as oldest), so new
 *    deals surface. By day, not by instant: within one day the instants only record which store
 *    was scraped last, and would stack each store's deals together;
 * 3. then a fixed shuffle by the deal's id, so equal deals of many stores mix instead of one store
 *    filling the first page;
 * 4. then the registry's dispensary order, then each menu's own order (the sort is stable).
 */
export function compareRelevance(a: RankedDeal<unknown>, b: RankedDeal<unknown>): number {
  return (
    b.discount - a.discount ||
    b.seenDay - a.seenDay ||
    a.shuffleKey - b.shuffleKey ||
    a.dispensaryIndex - b.dispensaryIndex
  );
}

/** Whole days since the epoch (UTC); 0 (the oldest possible) when unknown. */
function seenDay(deal: StampedDeal): number {
  const time = deal.firstSeenAt === undefined ? Number.NaN : Date.parse(deal.firstSeenAt);
  return Number.isNaN(time) ? 0 : Math.floor(time / DAY_MS);
}

/**
 * FNV-1a of the deal's id with murmur3's final mix, so ids that differ only at the end (deals of
 * one store) land far apart: the same order on every run, unrelated to the store. 0 without an id.
 */
function shuffleKey(deal: StampedDeal): number {
  if (!deal.id) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < deal.id.length; i++) {
    hash = Math.imul(hash ^ deal.id.charCodeAt(i), 0x01000193);
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

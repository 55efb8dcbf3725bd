import type { Deal } from '../contract/deal';
import type { Dispensary } from '../contract/dispensary';
import type { CategoryFilter, DistanceRadius, SortKey } from '../contract/options';
import type { Weekday } from '../contract/values';
import { deriveCategory } from './category';
import { isCleanDeal } from './cleaning';
import { isShownOn } from './day-filter';
import type { DealView } from './deal-view';
import { distanceToDispensary, withinRadius, type GeoPoint } from './distance';
import { priceForSorting } from './price';
import { matchesSearch } from './search';
import { sortDeals } from './sort';

/**
 * Derives what every deal needs once per change of data or location: its category, distance and
 * sort price. A deal with no dispensary gets an empty name and key.
 */
export function buildDealViews(
  deals: readonly Deal[],
  dispensaries: readonly Dispensary[],
  visitor: GeoPoint | null,
): DealView[] {
  const byKey = new Map(dispensaries.map((dispensary) => [dispensary.key, dispensary]));
  return deals.map((deal, rank) => {
    const dispensaryKey = deal.dispensaryKey ?? '';
    const stamped = { ...deal, dispensary: deal.dispensary ?? '', dispensaryKey };
    const dispensary = byKey.get(dispensaryKey);
    return {
      deal: stamped,
      category: deriveCategory(deal),
      distanceMiles: distanceToDispensary(visitor, dispensary),
      distanceApproximate: dispensary?.approximate === true,
      sortPrice: priceForSorting(deal),
      rank,
    };
  });
}

/**
 * The deals worth showing at all: the spec's cleaning rules and today's day filter. Their count is
 * the list's total, the M of '(of M total)'.
 */
export function showableDeals(views: readonly DealView[], today: Weekday): DealView[] {
  return views.filter(({ deal }) => isCleanDeal(deal) && isShownOn(deal, today));
}

export interface DealFilters {
  category: CategoryFilter;
  radius: DistanceRadius;
  search: string;
  sort: SortKey;
}

/** The visitor's filters and sort applied to the showable deals. */
export function filterAndSortDeals(
  views: readonly DealView[],
  filters: DealFilters,
  locationKnown: boolean,
): DealView[] {
  const kept = views.filter(
    (view) =>
      (filters.category === 'all' || view.category === filters.category) &&
      withinRadius(view.distanceMiles, filters.radius, locationKnown) &&
      matchesSearch(view.deal, filters.search),
  );
  return sortDeals(kept, filters.sort);
}

import type { StampedDeal } from '../contract/deal';
import type { DealCategory } from '../contract/values';

/**
 * A deal with what the page derives from it once per data change: its category, its distance
 * from the visitor (Infinity when unknown) and its price for sorting. `rank` is its position in
 * the service's answer, which is the relevance order.
 */
export interface DealView {
  deal: StampedDeal;
  category: DealCategory;
  distanceMiles: number;
  /** True when the dispensary's coordinates are approximate (a ZIP centroid). */
  distanceApproximate?: boolean;
  sortPrice: number;
  rank: number;
}

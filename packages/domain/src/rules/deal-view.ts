import type { StampedDeal, UnitPrice } from '../contract/deal';
import type { DealCategory } from '../contract/values';
import type { ShownDiscount } from './shown-discount';

/**
 * A deal with what the page derives from it once per data change: its category, its distance
 * from the visitor (Infinity when unknown) and its sort keys. `rank` is its position in the
 * service's answer, which is the relevance order.
 */
export interface DealView {
  deal: StampedDeal;
  category: DealCategory;
  distanceMiles: number;
  /** True when the dispensary's coordinates are approximate (a ZIP centroid). */
  distanceApproximate?: boolean;
  /** The price per item a price sort uses (see `pricePerItem`); NaN when none is known. */
  sortPrice: number;
  /** The multi-buy `sortPrice` comes from, as the deal words it ('2 for $65'). */
  multiBuy?: string;
  rank: number;
  /**
   * The verdict on its discount at `sortPrice` (see `shownDiscount`): what its badge, chip and the
   * discount sorts read. Absent in a view made by hand is the same as no discount claimed.
   */
  shown?: ShownDiscount;
  /** What the deal weighs in grams (see `dealGrams`); NaN when it is no known weight. */
  grams?: number;
  /** Its brand as the Brand filter compares it (see `brandKey`); '' for none. */
  brandKey?: string;
  /** The unit price at `sortPrice`, from the one the service sent (see `effectiveUnitPrice`). */
  unitPrice?: UnitPrice;
  /** When the deal was first seen (epoch ms); NaN when unknown. */
  firstSeenMs?: number;
  /** Lower-cased title, description, brand and dispensary name, for the search. */
  searchText?: string;
}

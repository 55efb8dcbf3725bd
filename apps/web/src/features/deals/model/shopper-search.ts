import {
  shopperFilterDeals,
  shopperIndexOf,
  shopperSearchDeals,
  suggestQuery,
  type DealFilters,
  type DealView,
} from '@stl-deals/domain';

// The shopper search over the page's showable deals (see `shopperSearchDeals`), in the on-demand
// parts: the index is built once per list of deals, when a search is first typed.

export interface ShopperSearch {
  deals: DealView[];
  /**
   * When nothing matched: the search with its unknown words replaced by the closest words of the
   * deals ('blue dream' for 'blu dreem', see `suggestQuery`), if that finds deals under the
   * visitor's other filters; else null.
   */
  suggestion: string | null;
}

/** The deals the visitor's search, filters and sort keep among `views` (the showable deals). */
export function shopperSearch(
  views: readonly DealView[],
  filters: DealFilters,
  locationKnown: boolean,
): ShopperSearch {
  const deals = shopperSearchDeals(views, filters, locationKnown);
  const suggested = deals.length === 0 ? suggestQuery(shopperIndexOf(views), filters.search) : null;
  const finds =
    suggested !== null &&
    shopperFilterDeals(views, { ...filters, search: suggested }, locationKnown).length > 0;
  return { deals, suggestion: finds ? suggested : null };
}

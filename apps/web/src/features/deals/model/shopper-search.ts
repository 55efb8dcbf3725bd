import {
  buildShopperIndex,
  searchShopperIndex,
  shopperSearchDeals,
  suggestQuery,
  filterDeals,
  type DealFilters,
  type DealView,
  type ShopperIndex,
} from '@stl-deals/domain';

// The shopper search over the page's showable deals (see `shopperSearchDeals`), in the on-demand
// parts: the index is built once per list of deals, when a search is first typed.

const INDEXES = new WeakMap<readonly DealView[], ShopperIndex>();

function indexOf(views: readonly DealView[]): ShopperIndex {
  let index = INDEXES.get(views);
  if (!index) {
    index = buildShopperIndex(views);
    INDEXES.set(views, index);
  }
  return index;
}

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
  const index = indexOf(views);
  const deals = shopperSearchDeals(index, filters, locationKnown);
  const suggested = deals.length === 0 ? suggestQuery(index, filters.search) : null;
  const finds =
    suggested !== null &&
    filterDeals(views, { ...filters, search: '' }, locationKnown).some((view) =>
      searchShopperIndex(index, suggested)?.has(view),
    );
  return { deals, suggestion: finds ? suggested : null };
}

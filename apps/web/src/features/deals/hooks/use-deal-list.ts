import {
  brandOptions,
  buildDealViews,
  clampPage,
  countLine,
  dayOf,
  filterAndSortDealsNarrowing,
  groupDeals,
  pageCount,
  pageItems,
  productStores,
  splitDeals,
  weekdayAt,
  type Deal,
  type DealView,
  type Dispensary,
  type GeoPoint,
  type HoursNow,
  type TimeZone,
} from '@stl-deals/domain';
import { useMemo } from 'react';
import type { DealsSnapshot } from '../api/get-deals';
import { onDemandParts } from '../load-on-demand';
import { useCodeWhen } from './use-code-when';
import { DEFAULT_FILTERS, writeFilters, type Filters } from '../model/url-filters';

const NO_DEALS: Deal[] = [];
const NO_VIEWS: DealView[] = [];

interface LoadedDealsInput {
  snapshot: DealsSnapshot | undefined;
  dispensaries: readonly Dispensary[];
  location: GeoPoint | null;
  /** 'Deals for': whose day's deals are listed. */
  dayChoice: Filters['day'];
  timeZone: TimeZone;
}

/**
 * The loaded deals made views and split by day, by the domain's rules: what the page knows before
 * any search. Memoized on what it reads, so 10,000 deals are derived once per change of data,
 * location or day, never on a plain re-render.
 */
export type LoadedDeals = ReturnType<typeof useLoadedDeals>;

export function useLoadedDeals({
  snapshot,
  dispensaries,
  location,
  dayChoice,
  timeZone,
}: LoadedDealsInput) {
  const deals = snapshot?.deals ?? NO_DEALS;
  const views = useMemo(
    () => buildDealViews(deals, dispensaries, location),
    [deals, dispensaries, location],
  );

  // Decision: 'today' for the day filter is the visitor's weekday when the deals were loaded,
  // so it moves on with the next load (the auto-refresh and every refresh take a new time).
  // 'Deals for' picks another day from it.
  const today = snapshot ? weekdayAt(new Date(snapshot.loadedAt), timeZone) : null;
  const day = today ? dayOf(dayChoice, today) : null;
  const split = useMemo(() => (day ? splitDeals(views, day) : null), [views, day]);
  // Each product's stores among the deals shown for the day, grouped once per list (never per
  // keystroke): the cards' 'Also at 3 stores from $25' and the comparison read them.
  const products = useMemo(() => productStores(split?.showable ?? NO_VIEWS), [split]);
  // The Brand dropdown's choices: the brands of every deal loaded, whatever day is shown, so
  // that choosing another day does not take the visitor's brand away.
  const brands = useMemo(() => brandOptions(views), [views]);

  return {
    showable: split?.showable ?? NO_VIEWS,
    locationKnown: location !== null,
    /** The weekday today is, and the one whose deals are listed (null before any load). */
    today,
    day,
    /** How the loaded deals split: shown for the day, or for other days only. */
    counts: split?.counts ?? null,
    received: deals.length,
    /** When the deals were loaded: 'New' and 'Ends today' on the cards are judged from it. */
    loadedAt: snapshot?.loadedAt ?? null,
    products,
    brands,
    /** The dispensaries, whose tax rates the price sorts follow when prices show with tax. */
    dispensaries,
  };
}

/**
 * The list the page shows: the loaded deals the visitor's filters, search and sort keep, paged
 * and grouped. A keystroke only narrows the last search's result.
 */
export type DealListModel = ReturnType<typeof useDealList>;

export function useDealList(
  loaded: LoadedDeals,
  filters: Filters,
  /** What each store's hours say now, null until read (see `useHoursNow`). */
  hours: ReadonlyMap<string, HoursNow> | null,
) {
  const { showable, locationKnown } = loaded;
  // No deferred search: a keystroke narrows the last result (see `filterAndSortDealsNarrowing`)
  // and draws the list in the same frame, faster than a second, deferred render would.
  const { search } = filters;
  // Distance sort needs a location (spec section 2); until then the list keeps relevance.
  const sort = filters.sort === 'distance' && !locationKnown ? 'relevance' : filters.sort;
  const { pageSize } = filters;
  const { dispensaries } = loaded;
  // The tax rule and the shopper search load with the page's on-demand parts (when the browser
  // is idle after the first list, or at once for prices with tax or a search); until they arrive
  // the list shows shelf prices and the spec's search answers.
  const searching = search.trim() !== '';
  const parts = useCodeWhen(onDemandParts, filters.tax !== 'off' || searching);
  const tax = useMemo(
    () => (parts ? parts.pricesWithTax(filters.tax, dispensaries) : null),
    [parts, filters.tax, dispensaries],
  );
  // 'Open now': the stores open this minute once their hours are read, until then every store.
  // As text, so that a minute in which no store opens or closes changes nothing.
  const openText =
    filters.open === 'now' && hours
      ? [...hours].flatMap(([key, now]) => (now.open ? [key] : [])).join()
      : null;
  const open = useMemo(
    () => (openText === null ? null : new Set(openText ? openText.split(',') : [])),
    [openText],
  );
  // Every filter but the place in the list, as the URL writes them: the list is searched again
  // only when one of them changes (the same stores read from a new URL are the same filter).
  const chosenText = writeFilters({ ...filters, page: 1, pageSize: DEFAULT_FILTERS.pageSize });
  const searched = useMemo(
    () => {
      // The URL's filters by the names the list's rules read (`DealFilters`), 'My stores' among them.
      const chosen = { ...filters, radius: filters.distance, sort, tax, open };
      return parts && searching
        ? parts.shopperSearch(showable, chosen, locationKnown)
        : { deals: filterAndSortDealsNarrowing(showable, chosen, locationKnown), suggestion: null };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `chosenText` says every filter read
    [parts, searching, showable, chosenText, sort, tax, open, locationKnown],
  );
  const matching = searched.deals;

  const pages = pageCount(matching.length, pageSize);
  const page = clampPage(filters.page, pages);
  // The same groups until the page's deals change, so the list's cards are not drawn again.
  const groups = useMemo(
    () => groupDeals(pageItems(matching, page, pageSize), sort),
    [matching, page, pageSize, sort],
  );

  return {
    groups,
    /** Every deal the list keeps, all pages: a store panel lists its store's among them. */
    deals: matching,
    /** The dispensaries as the list knows them: a store panel's name before its details load. */
    dispensaries,
    sort,
    page,
    // What the list itself shows of the load: the hidden-deals note and the cards' 'New'/'Ends'.
    day: loaded.day,
    counts: loaded.counts,
    loadedAt: loaded.loadedAt,
    products: loaded.products,
    /** What each store's hours say now, null until read: the cards' store buttons. */
    hours,
    /** Prices with tax when the switch is on, else null: the cards' '~$27.43 with tax'. */
    tax,
    /** How many pages the list has (the pagination bar lays them out, see `Pagination`). */
    pages,
    countLine: countLine({ shown: matching.length, total: showable.length, search }),
    empty: matching.length === 0,
    searching,
    search,
    /** 'Did you mean blue dream?' when nothing matched the search (see `searchSuggestion`). */
    suggestion: searched.suggestion,
  };
}

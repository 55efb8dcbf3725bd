import type { Dispensary, TimeZone } from '@stl-deals/domain';
import { memo, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useDealList, type LoadedDeals } from '../hooks/use-deal-list';
import { useTypedFilters, type ChangeOptions, type TypedSearch } from '../hooks/use-url-filters';
import type { Activity } from '../model/activity';
import { writeFilters, type Filters } from '../model/url-filters';
import { FilterPanel } from './filter-panel';
import { useHoursNow } from './on-demand';
import { ResultsArea, type ResultsView } from './results-area';

export interface FiltersAndResultsProps {
  /** The URL query and the filters it says; the search as typed comes from `typed`. */
  query: string;
  filters: Filters;
  typed: TypedSearch;
  change: (patch: Partial<Filters>, options?: ChangeOptions) => void;
  loaded: LoadedDeals;
  dispensaries: readonly Dispensary[];
  selected: Dispensary | null;
  refreshing: boolean;
  refreshingAll: boolean;
  refreshWaiting: string | null;
  refreshLifted: string | null;
  onRefresh: (dispensary: Dispensary) => void;
  onRefreshAll: () => void;
  statusLine: ReactNode;
  view: ResultsView;
  activity: Activity;
  firstLoadNotice: string | null;
  /** What the empty state says when no dispensary could be reached, else null. */
  unreached: string | null;
  timeZone: TimeZone;
  onRetry: () => void;
  /** Whether there is an error over the list or a notice that a change of the search dismisses. */
  dismissable: boolean;
  onDismissNotice: () => void;
}

/**
 * The filter panel, the status line and the results: what a keystroke in the search draws again
 * (keystroke to paint). The page around it, with its queries, does not draw again.
 */
export const FiltersAndResults = memo(function FiltersAndResults(props: FiltersAndResultsProps) {
  const { change, loaded, view } = props;
  const filters = useTypedFilters(props.query, props.filters, props.typed);
  const settled = view.kind === 'list';
  const [hours, hoursSource] = useHoursNow(settled, filters.open === 'now');
  const list = useDealList(loaded, filters, hours);

  const onPage = useCallback((page: number) => change({ page }), [change]);
  // The address's filters, so a search counts once it settles, not on every keystroke.
  const shown = useMemo(() => writeFilters({ ...props.filters, page: 1 }), [props.filters]);
  const onSearch = useCallback((search: string) => change({ search }), [change]);

  // A change of the search dismisses an error over the list or a notice, as any other change of
  // what is displayed does (see `useDealFeed`); typed text is not in the URL yet, so it is told.
  const { search } = filters;
  const { activity, dismissable, onDismissNotice } = props;
  const searched = useRef(search);
  useEffect(() => {
    if (searched.current === search) return;
    searched.current = search;
    if (dismissable) onDismissNotice();
  }, [search, dismissable, onDismissNotice]);

  // A page past the last one shows the last; the address bar says so.
  const shownPage = list.page;
  useEffect(() => {
    if (settled && shownPage !== filters.page) change({ page: shownPage }, { replace: true });
  }, [settled, shownPage, filters.page, change]);

  // A brand no loaded deal is of (a stale or mistyped link) falls back to every brand, as an
  // unknown dispensary does, once every deal is loaded to say so (not while the cache still
  // brings them in).
  const { brand } = props.filters;
  const unknownBrand =
    settled &&
    !activity.partial &&
    brand !== '' &&
    !loaded.brands.some((option) => option.value === brand);
  useEffect(() => {
    if (unknownBrand) change({ brand: '' }, { replace: true });
  }, [unknownBrand, change]);

  return (
    <>
      <FilterPanel
        filters={filters}
        brands={loaded.brands}
        sort={list.sort}
        dispensaries={props.dispensaries}
        selected={props.selected}
        locationKnown={loaded.locationKnown}
        today={loaded.today}
        refreshing={props.refreshing}
        refreshingAll={props.refreshingAll}
        refreshWaiting={props.refreshWaiting}
        refreshLifted={props.refreshLifted}
        onChange={change}
        onRefresh={props.onRefresh}
        onRefreshAll={props.onRefreshAll}
      />
      {/* The skip link's target (index.html): focus lands here, the next Tab in the results. */}
      <span id="deals" tabIndex={-1} className="visually-hidden">
        Deals
      </span>
      {props.statusLine}
      <ResultsArea
        view={view}
        activity={activity}
        firstLoadNotice={props.firstLoadNotice}
        list={list}
        shown={shown}
        unreached={props.unreached}
        categoryFilter={filters.category}
        timeZone={props.timeZone}
        onRetry={props.onRetry}
        onDismissNotice={onDismissNotice}
        onPage={onPage}
        onSearch={onSearch}
      />
      {hoursSource}
    </>
  );
});

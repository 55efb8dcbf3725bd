import type { Dispensary } from '@stl-deals/domain';
import { memo, useCallback, useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import { useServices } from '../../../shared/services';
import { useDealFeed } from '../hooks/use-deal-feed';
import { useDealList, useLoadedDeals, type LoadedDeals } from '../hooks/use-deal-list';
import { useDispensaries } from '../hooks/use-dispensaries';
import { useGeolocation } from '../hooks/use-geolocation';
import {
  useTypedFilters,
  useUrlFilters,
  type ChangeOptions,
  type TypedSearch,
} from '../hooks/use-url-filters';
import type { Activity } from '../model/activity';
import { isCacheLoading } from '../model/cache-step';
import { writeFilters, type Filters } from '../model/url-filters';
import {
  cacheStillLoadingShownMessage,
  firstLoadNotice,
  IDLE_MESSAGE,
  needsConnectionAdvice,
} from '../model/messages';
import styles from './deals-page.module.css';
import { FilterPanel } from './filter-panel';
import { LocationBanner } from './location-banner';
import { ResultsArea, type ResultsView } from './results-area';
import { StatusLine } from './status-line';

/** The one screen (spec section 2): location banner, filters, status line and results. */
export function DealsPage() {
  const { geolocation, timeZone } = useServices();
  const { query, filters, change, typed } = useUrlFilters();
  const dispensaries = useDispensaries();
  const location = useGeolocation(geolocation);

  const selected =
    filters.dispensary === 'all'
      ? null
      : (dispensaries.options.find((d) => d.key === filters.dispensary) ?? null);
  // A dispensary the list does not know (a stale or mistyped link) falls back to all of them.
  const unknownDispensary = filters.dispensary !== 'all' && dispensaries.settled && !selected;
  useEffect(() => {
    if (unknownDispensary) change({ dispensary: 'all' }, { replace: true });
  }, [unknownDispensary, change]);

  // What is displayed, for the dismissal of an error or notice (see `useDealFeed`): every filter
  // but the search, whose changes (typed or from the URL) `FiltersAndResults` reports itself.
  const feed = useDealFeed(
    selected,
    filters.dispensary === 'all' || selected !== null,
    writeFilters({ ...filters, search: '' }),
  );
  // Issue 11 (Total Blocking Time): new deals are drawn in a deferred render, which React splits
  // into short tasks, so a load of thousands of deals does not hold the page for one long task.
  // The page shows what it showed until that render is done; typing is never deferred.
  const snapshot = useDeferredValue(feed.snapshot);
  const loaded = useLoadedDeals({
    snapshot,
    dispensaries: dispensaries.options,
    location: location.location,
    dayChoice: filters.day,
    timeZone,
  });

  const cacheLoading = selected === null && isCacheLoading(feed.status);
  const { activity } = feed;
  const hasList = snapshot !== undefined && !(cacheLoading && snapshot.deals.length === 0);
  // While the first cache load has nothing to show yet, the loading panel explains why. A failed
  // refresh is a notice over a loaded list (issue 11), and the error panel only without one.
  const view: ResultsView = activity.error
    ? { kind: 'error', error: activity.error }
    : !hasList
      ? activity.notice
        ? { kind: 'error', error: activity.notice.text }
        : { kind: 'loading' }
      : { kind: 'list' };

  // Issue 11: while the cache loads, 'Showing N deals so far' counts what the list shows.
  const note =
    view.kind !== 'list' || activity.message === IDLE_MESSAGE
      ? null
      : activity.partial && loaded.counts
        ? cacheStillLoadingShownMessage({
            received: loaded.received,
            ...shownCounts(loaded.counts),
          })
        : activity.message;
  const unreachable =
    (activity.error !== null && needsConnectionAdvice(activity.error)) ||
    activity.background !== null;

  return (
    <div className={styles.page}>
      <LocationBanner permission={location.permission} onEnable={location.request} />
      <FiltersAndResults
        query={query}
        filters={filters}
        typed={typed}
        change={change}
        loaded={loaded}
        dispensaries={dispensaries.options}
        selected={selected}
        refreshing={feed.refreshing}
        refreshingAll={feed.refreshingAll}
        onRefresh={feed.refresh}
        onRefreshAll={feed.refreshAll}
        statusLine={
          <StatusLine
            // Shown with what it describes: before the list, the error or the first load's panel,
            // its appearing would push the loading panel down (a layout shift) for a moment.
            show={view.kind !== 'loading' || cacheLoading || unreachable}
            snapshot={snapshot}
            status={feed.status}
            note={note}
            unreachable={unreachable}
            timeZone={timeZone}
          />
        }
        view={view}
        activity={activity}
        firstLoadNotice={cacheLoading ? firstLoadNotice(feed.status) : null}
        timeZone={timeZone}
        onRetry={feed.retryConnection}
        onDismissNotice={feed.dismissNotice}
      />
    </div>
  );
}

interface FiltersAndResultsProps {
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
  onRefresh: (dispensary: Dispensary) => void;
  onRefreshAll: () => void;
  statusLine: ReactNode;
  view: ResultsView;
  activity: Activity;
  firstLoadNotice: string | null;
  timeZone: string;
  onRetry: () => void;
  onDismissNotice: () => void;
}

/**
 * The filter panel, the status line and the results: what a keystroke in the search draws again
 * (issue 11: keystroke to paint). The page around it, with its queries, does not draw again.
 */
const FiltersAndResults = memo(function FiltersAndResults(props: FiltersAndResultsProps) {
  const { change, loaded, view } = props;
  const filters = useTypedFilters(props.query, props.filters, props.typed);
  const list = useDealList(loaded, filters);

  const onPage = useCallback((page: number) => change({ page }), [change]);
  const onClearSearch = useCallback(() => change({ search: '' }), [change]);

  // A change of the search dismisses an error over the list or a notice, as any other change of
  // what is displayed does (see `useDealFeed`); typed text is not in the URL yet, so it is told.
  const { search } = filters;
  const { activity, onDismissNotice } = props;
  const dismissable =
    activity.notice !== null || (activity.error !== null && loaded.loadedAt !== null);
  const searched = useRef(search);
  useEffect(() => {
    if (searched.current === search) return;
    searched.current = search;
    if (dismissable) onDismissNotice();
  }, [search, dismissable, onDismissNotice]);

  // Issue 11: a page past the last one shows the last; the address bar says so.
  const shownPage = list.page;
  const settled = view.kind === 'list';
  useEffect(() => {
    if (settled && shownPage !== filters.page) change({ page: shownPage }, { replace: true });
  }, [settled, shownPage, filters.page, change]);

  return (
    <>
      <FilterPanel
        filters={filters}
        sort={list.sort}
        dispensaries={props.dispensaries}
        selected={props.selected}
        locationKnown={loaded.locationKnown}
        today={loaded.today}
        refreshing={props.refreshing}
        refreshingAll={props.refreshingAll}
        onChange={change}
        onRefresh={props.onRefresh}
        onRefreshAll={props.onRefreshAll}
      />
      {props.statusLine}
      <ResultsArea
        view={view}
        activity={activity}
        firstLoadNotice={props.firstLoadNotice}
        list={list}
        categoryFilter={filters.category}
        timeZone={props.timeZone}
        onRetry={props.onRetry}
        onDismissNotice={onDismissNotice}
        onPage={onPage}
        onClearSearch={onClearSearch}
      />
    </>
  );
});

function shownCounts(counts: { showable: number; otherDays: number; notDeals: number }) {
  return { shown: counts.showable, otherDays: counts.otherDays, notDeals: counts.notDeals };
}

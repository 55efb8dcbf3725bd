import { useCallback, useDeferredValue, useEffect } from 'react';
import { useServices } from '../../../shared/services';
import { useDealFeed } from '../hooks/use-deal-feed';
import { useDealList } from '../hooks/use-deal-list';
import { useDispensaries } from '../hooks/use-dispensaries';
import { useGeolocation } from '../hooks/use-geolocation';
import { useUrlFilters } from '../hooks/use-url-filters';
import { isCacheLoading } from '../model/cache-step';
import { writeFilters } from '../model/url-filters';
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
  const { filters, change } = useUrlFilters();
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

  const feed = useDealFeed(
    selected,
    filters.dispensary === 'all' || selected !== null,
    writeFilters(filters),
  );
  // Issue 11 (Total Blocking Time): new deals are drawn in a deferred render, which React splits
  // into short tasks, so a load of thousands of deals does not hold the page for one long task.
  // The page shows what it showed until that render is done; typing is never deferred.
  const snapshot = useDeferredValue(feed.snapshot);
  const list = useDealList({
    snapshot,
    dispensaries: dispensaries.options,
    location: location.location,
    filters,
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

  const onPage = useCallback((page: number) => change({ page }), [change]);
  const onClearSearch = useCallback(() => change({ search: '' }), [change]);

  // Issue 11: a page past the last one shows the last; the address bar says so.
  const shownPage = list.page;
  const settled = view.kind === 'list';
  useEffect(() => {
    if (settled && shownPage !== filters.page) change({ page: shownPage }, { replace: true });
  }, [settled, shownPage, filters.page, change]);

  // Issue 11: while the cache loads, 'Showing N deals so far' counts what the list shows.
  const note =
    view.kind !== 'list' || activity.message === IDLE_MESSAGE
      ? null
      : activity.partial && list.counts
        ? cacheStillLoadingShownMessage({ received: list.received, ...shownCounts(list.counts) })
        : activity.message;
  const unreachable =
    (activity.error !== null && needsConnectionAdvice(activity.error)) ||
    activity.background !== null;

  return (
    <div className={styles.page}>
      <LocationBanner permission={location.permission} onEnable={location.request} />
      <FilterPanel
        filters={filters}
        sort={list.sort}
        dispensaries={dispensaries.options}
        selected={selected}
        locationKnown={location.location !== null}
        today={list.today}
        refreshing={feed.refreshing}
        refreshingAll={feed.refreshingAll}
        onChange={change}
        onRefresh={feed.refresh}
        onRefreshAll={feed.refreshAll}
      />
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
      <ResultsArea
        view={view}
        activity={activity}
        firstLoadNotice={cacheLoading ? firstLoadNotice(feed.status) : null}
        list={list}
        categoryFilter={filters.category}
        timeZone={timeZone}
        onRetry={feed.retryConnection}
        onDismissNotice={feed.dismissNotice}
        onPage={onPage}
        onClearSearch={onClearSearch}
      />
    </div>
  );
}

function shownCounts(counts: { showable: number; otherDays: number; notDeals: number }) {
  return { shown: counts.showable, otherDays: counts.otherDays, notDeals: counts.notDeals };
}

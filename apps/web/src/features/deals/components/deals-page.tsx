import {
  MY_STORES,
  noneReached,
  sourceCoverage,
  withKnownDispensaries,
  type CacheStatus,
  type TimeZone,
} from '@stl-deals/domain';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { useServices } from '../../../shared/services';
import { useDealFeed } from '../hooks/use-deal-feed';
import { useLoadedDeals } from '../hooks/use-deal-list';
import { preloadOnDemandParts } from '../load-on-demand';
import { useDispensaries } from '../hooks/use-dispensaries';
import { useGeolocation } from '../hooks/use-geolocation';
import { useUrlFilters } from '../hooks/use-url-filters';
import { isCacheLoading } from '../model/cache-step';
import { writeFilters } from '../model/url-filters';
import {
  cacheStillLoadingShownMessage,
  firstLoadNotice,
  IDLE_MESSAGE,
  noneReachedMessage,
} from '../model/messages';
import { cacheUpdatedText } from '../model/times';
import styles from './deals-page.module.css';
import { FiltersAndResults } from './filters-and-results';
import { LocationBanner } from './location-banner';
import type { ResultsView } from './results-area';
import { StatusLine } from './status-line';

/** The one screen (spec section 2): location banner, filters, status line and results. */
export function DealsPage() {
  const { geolocation, permissions, timeZone } = useServices();
  const { query, filters, change, typed } = useUrlFilters();
  const dispensaries = useDispensaries();
  const location = useGeolocation(geolocation, permissions);

  // 'My stores' loads every dispensary's deals; the list keeps its stores' (`filterDeals`).
  const mine = filters.dispensary === MY_STORES;
  const selected =
    filters.dispensary === 'all' || mine
      ? null
      : (dispensaries.options.find((d) => d.key === filters.dispensary) ?? null);
  // Dispensaries the list does not know (a stale or mistyped link) are left out: an unknown one,
  // or 'My stores' with none known, falls back to all of them.
  const known = dispensaries.settled
    ? withKnownDispensaries(filters, (key) =>
        dispensaries.options.some((d) => d.key === key && key !== 'all'),
      )
    : filters;
  useEffect(() => {
    if (known !== filters) {
      change({ dispensary: known.dispensary, stores: known.stores }, { replace: true });
    }
  }, [known, filters, change]);

  // What is displayed, for the dismissal of an error or notice (see `useDealFeed`): every filter
  // but the search, whose changes (typed or from the URL) `FiltersAndResults` reports itself.
  const feed = useDealFeed(
    selected,
    filters.dispensary === 'all' || mine || selected !== null,
    writeFilters({ ...filters, search: '' }),
  );
  // Total Blocking Time: new deals are drawn in a deferred render, which React splits
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
  const unreached = useMemo(() => unreachedNote(feed.status, timeZone), [feed.status, timeZone]);
  const { activity } = feed;
  const hasList = snapshot !== undefined && !(cacheLoading && snapshot.deals.length === 0);
  // While the first cache load has nothing to show yet, the loading panel explains why. A failed
  // refresh is a notice over a loaded list, and the error panel only without one.
  const view: ResultsView = activity.error
    ? { kind: 'error', error: activity.error }
    : !hasList
      ? activity.notice
        ? { kind: 'error', error: activity.notice.text }
        : { kind: 'loading' }
      : { kind: 'list' };
  // What the first list does not need is loaded on first use, and preloaded when the browser is
  // idle once the list shows, so it is there when used: never while the page waits for the deals,
  // whose answer and first cards it would compete with.
  const listShown = view.kind === 'list';
  useEffect(() => {
    if (listShown) preloadOnDemandParts();
  }, [listShown]);

  // While the cache loads, 'Showing N deals so far' counts what the list shows.
  const note =
    view.kind !== 'list' || activity.message === IDLE_MESSAGE
      ? null
      : activity.partial && loaded.counts
        ? cacheStillLoadingShownMessage({
            received: loaded.received,
            shown: loaded.counts.showable,
            otherDays: loaded.counts.otherDays,
          })
        : activity.message;
  // The status line tells of the service as the last calls found it, whatever they were.
  const { unreachable } = activity;

  return (
    <div className={styles.page}>
      <LocationBanner
        permission={location.permission}
        wantsDistance={filters.sort === 'distance' || filters.distance !== 'all'}
        onEnable={location.request}
      />
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
        refreshWaiting={feed.refreshWaiting}
        refreshLifted={feed.refreshLifted}
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
        unreached={unreached}
        timeZone={timeZone}
        onRetry={feed.retryConnection}
        dismissable={feed.dismissable}
        onDismissNotice={feed.dismissNotice}
      />
    </div>
  );
}

/** The empty state's words when the status says no dispensary could be reached, else null. */
function unreachedNote(status: CacheStatus | null, timeZone: TimeZone): string | null {
  const coverage = status && sourceCoverage(status);
  if (!coverage || !noneReached(coverage)) return null;
  const { lastUpdate } = status;
  const lastGood =
    lastUpdate && lastUpdate !== 'never' ? cacheUpdatedText(lastUpdate, timeZone) : null;
  return noneReachedMessage(lastGood);
}

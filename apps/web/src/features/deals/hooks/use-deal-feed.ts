import type { Dispensary } from '@stl-deals/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { retryAtOf } from '../../../shared/http/errors';
import { useServices } from '../../../shared/services';
import { dealsQueryOptions } from '../api/deals-feed';
import type { FeedContext } from '../api/feed-steps';
import { cacheStatusQueryOptions } from '../api/get-cache-status';
import { onDemandParts } from '../load-on-demand';
import { activityReducer, INITIAL_ACTIVITY } from '../model/activity';
import { BACKGROUND_RETRY_FOR_MS, BACKGROUND_RETRY_INTERVAL_MS } from '../model/messages';
import { useAction } from './use-action';
import { useRefreshWait } from './use-refresh-wait';

/**
 * The deals of the selection (null for all dispensaries) with everything the page says about
 * loading them, and the visitor's actions on them: Refresh, Refresh All and Retry Connection.
 * `enabled` holds the load back until a dispensary from the URL is known to exist; `shown` names
 * what the page displays (all its filters and the page number), see the dismissal below.
 */
export function useDealFeed(dispensary: Dispensary | null, enabled: boolean, shown: string) {
  const services = useServices();
  const client = useQueryClient();
  const [activity, report] = useReducer(activityReducer, INITIAL_ACTIVITY);

  // Read by flows that finish after the visitor may have moved on (spec: a refresh replaces the
  // list only if its dispensary is still selected).
  const selected = useRef(dispensary);
  useEffect(() => {
    selected.current = dispensary;
  }, [dispensary]);

  const ctx = useMemo<FeedContext>(
    () => ({
      client,
      random: services.random,
      now: services.now,
      isLocalhost: services.isLocalhost,
      timeZone: services.timeZone,
      report,
    }),
    [client, services],
  );

  const deals = useQuery({ ...dealsQueryOptions(dispensary, ctx), enabled });
  // The all-dispensaries load checks the status itself; a single dispensary's does not.
  const status = useQuery({
    ...cacheStatusQueryOptions(services.random),
    enabled: dispensary !== null,
  });

  // Decision (spec section 2: the results area shows exactly one of its panels): an error shown
  // while a loaded list sits behind it stays until the visitor next changes what is displayed
  // (dispensary, category, search, sort, distance, day, page size, page, or back/forward), then
  // the list comes back. Without a loaded list the error stays, since it is all the page has to
  // say. A refresh's notice over the list goes the same way, or with its close button.
  // What is dismissed is remembered with what was displayed when it first showed; a change of
  // filters with nothing to dismiss sets no state, so a keystroke renders the page once.
  const listLoaded = deals.data !== undefined;
  const dismissable = activity.notice ?? (listLoaded ? activity.error : null);
  // Forgotten once gone, so the same error text failing again later counts as new.
  const [seen, setSeen] = useState<{ of: unknown; shown: string } | null>(null);
  if (dismissable === null) {
    if (seen !== null) setSeen(null);
  } else if (seen?.of !== dismissable) setSeen({ of: dismissable, shown });
  else if (seen.shown !== shown) report({ type: 'dismissed', listLoaded });

  const isSelected = (key: string) => (selected.current?.key ?? 'all') === key;
  // A refresh the service refused with a wait rests its button until the wait is over.
  const resting = useRefreshWait(services.now);
  const { wait } = resting;
  const waitIfAsked = (key: string) => (error: unknown) => {
    const until = retryAtOf(error, services.now);
    if (until !== null) wait(key, until);
  };
  // The actions' code is loaded on first use (see `onDemandParts`), by then mostly preloaded.
  // `start` is stable, so the memoized filter panel does not draw again for it.
  const refresh = useAction(
    (target: Dispensary) => onDemandParts.run((parts) => parts.refreshOne(target, ctx, isSelected)),
    (error, target) => waitIfAsked(target.key)(error),
  );
  const refreshEverything = useAction(
    () => onDemandParts.run((parts) => parts.refreshAll(ctx, () => selected.current)),
    waitIfAsked('all'),
  );
  const retry = useAction(() =>
    onDemandParts.run((parts) => parts.retryConnection(dispensary, ctx)),
  );

  // A message shown for a while (Refresh All's result) reverts unless something replaced it.
  const { message, messageExpiresMs } = activity;
  useEffect(() => {
    if (messageExpiresMs === null) return;
    const timer = setTimeout(() => report({ type: 'expired', message }), messageExpiresMs);
    return () => clearTimeout(timer);
  }, [message, messageExpiresMs]);

  // Background retries: the waking-up notice promises 30-60 s, and the spec's attempts give up
  // after about 7 s; so after a connection failure the page keeps trying, quietly, every 15 s for
  // 2 minutes, under the error panel, which says so. A visitor's Retry Connection or any new load
  // ends it.
  const backgroundOn = activity.background !== null;
  const dispensaryKey = dispensary?.key ?? 'all';
  useEffect(() => {
    if (!backgroundOn) return;
    const tries = Math.floor(BACKGROUND_RETRY_FOR_MS / BACKGROUND_RETRY_INTERVAL_MS);
    const controller = new AbortController();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      if (attempt >= tries) {
        report({ type: 'background', state: 'stopped' });
        return;
      }
      attempt++;
      report({ type: 'background', state: { attempt, of: tries } });
      timer = setTimeout(() => {
        onDemandParts
          .run((parts) => parts.backgroundAttempt(selected.current, ctx, controller.signal))
          .catch(() => {
            if (!controller.signal.aborted) next();
          });
      }, BACKGROUND_RETRY_INTERVAL_MS);
    };
    // The first report comes from a timer too: no state is set while the effect runs.
    timer = setTimeout(next, 0);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [backgroundOn, dispensaryKey, ctx]);

  return {
    snapshot: deals.data,
    status: status.data ?? null,
    activity,
    refreshing: refresh.pending,
    refreshingAll: refreshEverything.pending,
    /** The refresh resting for the wait the service asked for, and the one whose wait ended. */
    refreshWaiting: resting.waiting,
    refreshLifted: resting.lifted,
    refresh: refresh.start,
    refreshAll: refreshEverything.start,
    retryConnection: () => retry.start(),
    /** Whether a change of what is displayed would dismiss something (an error over the list, a notice). */
    dismissable: dismissable !== null,
    dismissNotice: () => report({ type: 'dismissed', listLoaded }),
  };
}

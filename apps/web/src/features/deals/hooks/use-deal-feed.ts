import type { Dispensary } from '@stl-deals/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useServices } from '../../../shared/services';
import { backgroundAttempt, retryConnection } from '../api/connection-recovery';
import { dealsQueryOptions } from '../api/deals-feed';
import type { FeedContext } from '../api/feed-steps';
import { refreshAll, refreshOne, retryAtOf } from '../api/refresh-actions';
import { cacheStatusQueryOptions } from '../api/get-cache-status';
import { activityReducer, INITIAL_ACTIVITY } from '../model/activity';
import { BACKGROUND_RETRY_FOR_MS, BACKGROUND_RETRY_INTERVAL_MS } from '../model/messages';
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
  const refresh = useMutation({
    mutationFn: (target: Dispensary) => refreshOne(target, ctx, isSelected),
    onError: (error, target) => waitIfAsked(target.key)(error),
  });
  const refreshEverything = useMutation({
    mutationFn: () => refreshAll(ctx, () => selected.current),
    onError: waitIfAsked('all'),
  });
  const retry = useMutation({ mutationFn: () => retryConnection(dispensary, ctx) });
  // Stable callbacks, so the memoized filter panel does not draw again for them.
  const { mutate: refreshMutate } = refresh;
  const { mutate: refreshAllMutate } = refreshEverything;
  const onRefresh = useCallback((target: Dispensary) => refreshMutate(target), [refreshMutate]);
  const onRefreshAll = useCallback(() => refreshAllMutate(), [refreshAllMutate]);

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
        backgroundAttempt(selected.current, ctx, controller.signal).catch(() => {
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
    refreshing: refresh.isPending,
    refreshingAll: refreshEverything.isPending,
    /** The refresh resting for the wait the service asked for, and the one whose wait ended. */
    refreshWaiting: resting.waiting,
    refreshLifted: resting.lifted,
    refresh: onRefresh,
    refreshAll: onRefreshAll,
    retryConnection: () => retry.mutate(),
    /** Whether a change of what is displayed would dismiss something (an error over the list, a notice). */
    dismissable: dismissable !== null,
    dismissNotice: () => report({ type: 'dismissed', listLoaded }),
  };
}

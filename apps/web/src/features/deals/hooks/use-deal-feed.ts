import type { Dispensary } from '@stl-deals/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useServices } from '../../../shared/services';
import {
  dealsQueryOptions,
  refreshAll,
  refreshOne,
  retryConnection,
  type FeedContext,
} from '../api/deals-feed';
import { cacheStatusQueryOptions } from '../api/get-cache-status';
import { activityReducer, INITIAL_ACTIVITY } from '../model/activity';
import { REFRESHED_ALL_MESSAGE, REFRESHED_ALL_MESSAGE_MS } from '../model/messages';

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
  // while a loaded list sits behind it (a failed Refresh or Refresh All, which carry no Retry
  // Connection) stays until the visitor next changes what is displayed (dispensary, category,
  // search, sort, distance, page size, page, or back/forward), then the list comes back. Without
  // a loaded list the error stays, since it is all the page has to say.
  const [shownBefore, setShownBefore] = useState(shown);
  if (shownBefore !== shown) {
    setShownBefore(shown);
    if (deals.data) report({ type: 'dismissed' });
  }

  const isSelected = (key: string) => (selected.current?.key ?? 'all') === key;
  const refresh = useMutation({
    mutationFn: (target: Dispensary) => refreshOne(target, ctx, isSelected),
  });
  const refreshEverything = useMutation({
    mutationFn: () => refreshAll(ctx, () => selected.current),
  });
  const retry = useMutation({ mutationFn: () => retryConnection(dispensary, ctx) });

  const { message } = activity;
  useEffect(() => {
    if (message !== REFRESHED_ALL_MESSAGE) return;
    const timer = setTimeout(
      () => report({ type: 'expired', message: REFRESHED_ALL_MESSAGE }),
      REFRESHED_ALL_MESSAGE_MS,
    );
    return () => clearTimeout(timer);
  }, [message]);

  return {
    snapshot: deals.data,
    status: status.data ?? null,
    activity,
    refreshing: refresh.isPending,
    refreshingAll: refreshEverything.isPending,
    refresh: (target: Dispensary) => refresh.mutate(target),
    refreshAll: () => refreshEverything.mutate(),
    retryConnection: () => retry.mutate(),
  };
}

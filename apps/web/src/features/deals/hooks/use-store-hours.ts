import { useQuery } from '@tanstack/react-query';
import type { HoursNow } from '@stl-deals/domain';
import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../shared/services';
import {
  hoursNowByStore,
  storeDetailsQueryOptions,
  type StoreDetails,
} from '../api/get-store-details';

/** How often the cards' 'Closes in 40 min' is worked out again. */
const TICK_MS = 60_000;

/** The stores' details and what each one's hours say at `now` (see `useStoreHours`). */
export interface StoreHoursState {
  details: ReadonlyMap<string, StoreDetails> | undefined;
  hours: ReadonlyMap<string, HoursNow>;
  now: number;
}

/**
 * Reads the stores' details (their hours among them) and what each store's hours say now, again
 * every minute, for the dialogs that show them (the comparison, a store's panel): they load on
 * first use, so the first load carries neither the hours' reader nor their rules.
 */
export function useStoreHours(): StoreHoursState {
  const { random, now: clock, timeZone } = useServices();
  const { data: details } = useQuery(storeDetailsQueryOptions(random));
  const [now, setNow] = useState(clock);
  useEffect(() => {
    if (!details) return;
    const timer = setInterval(() => setNow(clock()), TICK_MS);
    return () => clearInterval(timer);
  }, [details, clock]);
  const hours = useMemo(
    () => (details ? hoursNowByStore(details, now, timeZone) : new Map<string, HoursNow>()),
    [details, now, timeZone],
  );
  return { details, hours, now };
}

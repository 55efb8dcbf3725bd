import type { HoursNow } from '@stl-deals/domain';
import { useEffect } from 'react';
import { useStoreHours } from '../hooks/use-store-hours';

interface StoreHoursSourceProps {
  /** Called with what each store's hours say now, whenever that changes (a minute at most). */
  onHours: (hours: ReadonlyMap<string, HoursNow>) => void;
}

/** Reads the stores' hours for the cards of the first load (see `useHoursNow`); draws nothing. */
export function StoreHoursSource({ onHours }: StoreHoursSourceProps) {
  const { details, hours } = useStoreHours();
  // Only once read: until then no store's hours are known, which is not every store closed.
  useEffect(() => {
    if (details) onHours(hours);
  }, [details, hours, onHours]);
  return null;
}

import type { HoursNow } from '@stl-deals/domain';
import { useEffect } from 'react';
import { useStoreHours } from '../hooks/use-store-hours';

interface StoreHoursSourceProps {
  /** Called with what each store's hours say now, whenever that changes (a minute at most). */
  onHours: (hours: ReadonlyMap<string, HoursNow>) => void;
}

/** Reads the stores' hours for the cards of the first load (see `useListCompanions`); draws nothing. */
export function StoreHoursSource({ onHours }: StoreHoursSourceProps) {
  const { hours } = useStoreHours();
  useEffect(() => onHours(hours), [hours, onHours]);
  return null;
}

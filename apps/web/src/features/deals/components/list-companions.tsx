import type { HoursNow } from '@stl-deals/domain';
import { OfflineCopies } from './offline-copies';
import { StoreHoursSource } from './store-hours-source';

interface ListCompanionsProps {
  /** See `StoreHoursSource`. */
  onHours: (hours: ReadonlyMap<string, HoursNow>) => void;
}

/**
 * What runs beside the drawn list once the browser is idle (see `useHoursNow`): the stores'
 * hours for the cards, and the service worker's offline copies. Draws nothing.
 */
export function ListCompanions({ onHours }: ListCompanionsProps) {
  return (
    <>
      <StoreHoursSource onHours={onHours} />
      <OfflineCopies />
    </>
  );
}

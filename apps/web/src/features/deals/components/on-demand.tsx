import type { HoursNow } from '@stl-deals/domain';
import { useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '../../../shared/tasks/on-demand';
import { onDemandComponent } from '../../../shared/ui/on-demand-component';
import { useCodeWhen } from '../hooks/use-code-when';
import { onDemandParts } from '../load-on-demand';
import type { PaginationProps } from './pagination';

// The components the page shows only after its first load or a visitor's action, loaded on
// first use from one chunk (see `onDemandParts`); until it arrives they show nothing, which
// the page's idle preload once the list shows makes rare.

/** The error panel (spec section 8), in place of the list or the loading panel. */
export const ErrorPanel = onDemandComponent(onDemandParts, (parts) => parts.ErrorPanel);

/** The Distance Filter, once the visitor's location is known. */
export const DistanceFilter = onDemandComponent(onDemandParts, (parts) => parts.DistanceFilter);

/** A failed or refused refresh's notice, over the list. */
export const NoticeBar = onDemandComponent(onDemandParts, (parts) => parts.NoticeBar);

/** The failing and unconfigured dispensaries, inside the source coverage disclosure. */
export const TroubledSources = onDemandComponent(onDemandParts, (parts) => parts.TroubledSources);

/**
 * The pagination bar under the list (spec section 5), below the first screen of cards: its code is
 * asked for once the browser is idle after the list is drawn (never before the first cards are
 * painted), unless the parts have loaded already.
 */
export function Pagination(props: PaginationProps) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  const parts = useCodeWhen(onDemandParts, idle && props.pages > 1);
  return parts ? <parts.Pagination {...props} /> : null;
}

/**
 * What each store's hours say now, by key, for the cards and 'Open now': null until they are
 * read, then kept up to the minute. The hours' reader and rules load with the on-demand parts
 * and the stores' hours are a second read, made once the browser is idle after the list is drawn,
 * or at once when `wanted` ('Open now' chosen). Returns the element that keeps them, and with
 * them the service worker's offline copies (see `ListCompanions`), for the caller to render.
 */
export function useHoursNow(
  listShown: boolean,
  wanted: boolean,
): [ReadonlyMap<string, HoursNow> | null, ReactNode] {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (listShown) whenIdle(() => setIdle(true));
  }, [listShown]);
  const parts = useCodeWhen(onDemandParts, idle || wanted);
  const [hours, setHours] = useState<ReadonlyMap<string, HoursNow> | null>(null);
  return [hours, parts ? <parts.ListCompanions onHours={setHours} /> : null];
}

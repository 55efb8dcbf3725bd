import type { Deal } from '../contract/deal';
import { isCalendarDay } from './calendar-day';
import type { DealView } from './deal-view';
import { calendarAt } from './zoned-time';

/**
 * The first instant (epoch ms) of calendar day `day` ('YYYY-MM-DD') in `timeZone`; NaN when `day`
 * is no calendar day. Midnight exists on every day in the zones we serve (their clocks change at
 * 2 AM); where a zone skips midnight, this is the first instant after the gap.
 */
export function startOfDay(day: string, timeZone: string): number {
  if (!isCalendarDay(day)) return Number.NaN;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  const wallMidnight = new Date(0).setUTCFullYear(year, month - 1, date);
  // The zone's offset at a first guess, then at the instant it gives: two steps settle it (the
  // offset can differ between the guess and the answer only across a clock change).
  let instant = wallMidnight;
  for (let step = 0; step < 2; step++) {
    const parts = calendarAt(instant, timeZone);
    const wall = new Date(0).setUTCFullYear(parts.year, parts.month - 1, parts.day);
    const offset = wall + ((parts.hour * 60 + parts.minute) * 60 + parts.second) * 1000 - instant;
    instant = wallMidnight - offset;
  }
  return instant;
}

/**
 * When a deal last changed for someone who follows it: when it was first seen, or the start of
 * the day its price last changed (`priceChangedAt`, a day without a time, in the market's zone
 * `timeZone`), whichever is later. NaN when neither is known; an unreadable time or day counts
 * as unknown.
 */
export function dealUpdatedMs(
  deal: Pick<Deal, 'firstSeenAt' | 'priceChangedAt'>,
  timeZone: string,
): number {
  const firstSeen = deal.firstSeenAt ? Date.parse(deal.firstSeenAt) : Number.NaN;
  const priceChanged = deal.priceChangedAt ? startOfDay(deal.priceChangedAt, timeZone) : Number.NaN;
  if (Number.isNaN(priceChanged)) return firstSeen;
  if (Number.isNaN(firstSeen)) return priceChanged;
  return Math.max(firstSeen, priceChanged);
}

/** Descending numbers, NaN (unknown) after every number. */
function descending(a: number, b: number): number {
  const aMissing = Number.isNaN(a);
  const bMissing = Number.isNaN(b);
  if (aMissing || bMissing) return Number(aMissing) - Number(bMissing);
  return b - a;
}

/** Later calendar days first ('YYYY-MM-DD' sorts as the days do); none after every day. */
function laterDayFirst(a: string | undefined, b: string | undefined): number {
  const aKnown = a !== undefined && isCalendarDay(a);
  const bKnown = b !== undefined && isCalendarDay(b);
  if (!aKnown || !bKnown) return Number(!aKnown) - Number(!bKnown);
  return a < b ? 1 : a > b ? -1 : 0;
}

/**
 * The order of a feed of deals, newest first: by when a deal was first seen (latest first), then
 * by the day its price last changed (latest first), deals that do not say after those that do,
 * then by `rank` (the service's relevance order), so the order is total and the same on every
 * call.
 */
export function byNewestFirst(a: DealView, b: DealView): number {
  return (
    descending(a.firstSeenMs ?? Number.NaN, b.firstSeenMs ?? Number.NaN) ||
    laterDayFirst(a.deal.priceChangedAt, b.deal.priceChangedAt) ||
    a.rank - b.rank
  );
}

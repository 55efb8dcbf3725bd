import type { Deal } from '../contract/deal';
import { WEEKDAYS, type Weekday } from '../contract/constants';
import { calendarAt, type TimeZone } from './zoned-time';

const WEEKDAY_IN_TEXT = new RegExp(`(?<![\\p{L}])(${WEEKDAYS.join('|')})s?(?![\\p{L}])`, 'giu');

/**
 * The weekdays a title names, by full name, case-insensitive, also plural ('Fridays').
 * Abbreviations are not read: 'sat', 'sun' and 'wed' are ordinary words too.
 */
export function weekdaysNamed(text: string): Weekday[] {
  const found = new Set<Weekday>();
  for (const match of text.matchAll(WEEKDAY_IN_TEXT)) {
    found.add(match[1]!.toLowerCase() as Weekday);
  }
  return [...found];
}

/** The weekday at `now` in the visitor's time zone (see `TimeZone`). */
export function weekdayAt(now: Date, timeZone: TimeZone): Weekday {
  return calendarAt(now.getTime(), timeZone).weekday;
}

/**
 * The day filter (spec section 5): a deal whose title names weekdays shows only on one of them;
 * a title with no weekday always shows. A deal that carries `validDays` is judged by those
 * instead, since the platform stated them.
 */
export function isShownOn(deal: Pick<Deal, 'title' | 'validDays'>, today: Weekday): boolean {
  const days = deal.validDays?.length ? deal.validDays : weekdaysNamed(deal.title);
  return days.length === 0 || days.includes(today);
}

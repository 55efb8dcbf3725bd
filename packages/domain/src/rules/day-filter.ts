import type { Deal } from '../contract/deal';
import { WEEKDAYS, type Weekday } from '../contract/constants';
import { recentResults } from './recent-results';

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

/** The weekday at `now` in the visitor's time zone (an IANA name such as 'America/Chicago'). */
export function weekdayAt(now: Date, timeZone: string): Weekday {
  return knownWeekday(`${timeZone}|${now.getTime()}`, () => {
    const name = weekdayFormat(timeZone).format(now);
    return name.toLowerCase() as Weekday;
  });
}

/** Asked for the same instant once per card and per render ('now' of a load). */
const knownWeekday = recentResults<Weekday>(512);

/** Formatters are costly to make (tens of microseconds): one per time zone, made once. */
const WEEKDAY_FORMATS = new Map<string, Intl.DateTimeFormat>();

function weekdayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = WEEKDAY_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone });
    WEEKDAY_FORMATS.set(timeZone, format);
  }
  return format;
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

import { WEEKDAYS, type Weekday } from '../contract/constants';
import { clockMinutes, hoursStatus, type Opening, type WeeklyHours } from './store-hours';
import type { TimeZone } from './zoned-time';

/**
 * What a store's hours say in words: on a card and in the comparison at a moment ('Open · closes
 * 9 pm', 'Closes in 40 min', 'Closed · opens 10 am'), and a day of its week in the store panel
 * ('10 am – 9 pm', 'Closed'). A store whose hours are unknown gets no words at all: the callers
 * pass only hours the service sent, and a guess would send a shopper to a closed door.
 */

/** Within this many minutes of closing, the card counts the minutes down instead of the clock. */
export const CLOSING_SOON_MINUTES = 60;

/** A wall-clock time as a shopper says it: '9 pm', '9:30 am', 'noon', 'midnight'. */
export function storeClockText(clock: string): string {
  const minutes = clockMinutes(clock);
  if (minutes === null) return clock;
  const inDay = minutes % 1440;
  if (inDay === 0) return 'midnight';
  if (inDay === 720) return 'noon';
  const hour = Math.floor(inDay / 60);
  const minute = inDay % 60;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${minute ? `:${String(minute).padStart(2, '0')}` : ''} ${hour < 12 ? 'am' : 'pm'}`;
}

const SHORT_DAY: Record<Weekday, string> = {
  sunday: 'Sun',
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
};

/** Whether the store is open now and what it does next, in the card's words. */
export interface HoursNow {
  open: boolean;
  text: string;
}

/** What `week` says at `at` (the market's hours read in `timeZone`), in the card's words. */
export function hoursNowText(week: WeeklyHours, at: number, timeZone: TimeZone): HoursNow {
  const status = hoursStatus(week, at, timeZone);
  if (status.open) {
    if (status.closesInMinutes === null || status.closes === null) {
      return { open: true, text: 'Open 24 hours' };
    }
    return {
      open: true,
      text:
        status.closesInMinutes <= CLOSING_SOON_MINUTES
          ? `Closes in ${status.closesInMinutes} min`
          : `Open · closes ${storeClockText(status.closes)}`,
    };
  }
  const { next } = status;
  if (!next) return { open: false, text: 'Closed' };
  const when =
    next.inDays === 0 ? '' : next.inDays === 1 ? 'tomorrow ' : `${SHORT_DAY[next.weekday]} `;
  return { open: false, text: `Closed · opens ${when}${storeClockText(next.opens)}` };
}

/** One day's openings in the store panel's words: '10 am – 9 pm', '9 am – 1 pm, 2 – 8 pm', 'Closed'. */
export function dayHoursText(openings: readonly Opening[]): string {
  if (openings.length === 0) return 'Closed';
  return openings
    .map(({ opens, closes }) =>
      clockMinutes(opens) === 0 && clockMinutes(closes) === 1440
        ? 'Open 24 hours'
        : `${storeClockText(opens)} – ${storeClockText(closes)}`,
    )
    .join(', ');
}

/** The week as the store panel lists it, Monday first (as a shop's door sign does). */
export function weekRows(week: WeeklyHours): Array<{ weekday: Weekday; text: string }> {
  const mondayFirst = [...WEEKDAYS.slice(1), WEEKDAYS[0]];
  return mondayFirst.map((weekday) => ({ weekday, text: dayHoursText(week[weekday]) }));
}

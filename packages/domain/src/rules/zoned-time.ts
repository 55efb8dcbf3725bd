import { WEEKDAYS, type Weekday } from '../contract/constants';
import { recentResults } from './recent-results';

/**
 * Where the page reads the clock: an IANA time zone name ('America/Chicago'), or undefined for the
 * runtime's own zone (the visitor's, in a browser), as Intl itself takes it.
 *
 * Decision: the page runs in the browser's own zone without ever asking its name. The browser's
 * first `Intl.DateTimeFormat` costs about 35 ms here (ICU loads its date data; four times that on
 * a phone), and the name is only needed to hand it back to Intl. With no name, the calendar comes
 * from `Date`'s local getters, which read the same zone and cost microseconds (Total
 * Blocking Time). A named zone (tests, a chosen city) goes through Intl.
 */
export type TimeZone = string | undefined;

/** An instant's calendar and wall clock in a time zone; month 1-12, hour 0-23, 1 BC is year 0. */
export interface CalendarParts {
  year: number;
  month: number;
  day: number;
  weekday: Weekday;
  hour: number;
  minute: number;
  second: number;
}

export function calendarAt(time: number, timeZone: TimeZone): CalendarParts {
  // Date's own range (±8.64e15 ms), as Intl.DateTimeFormat refuses what is outside it.
  const local = new Date(time);
  if (Number.isNaN(local.getTime())) throw new RangeError(`Not a time: ${time}`);
  if (timeZone === undefined) {
    return {
      year: local.getFullYear(),
      month: local.getMonth() + 1,
      day: local.getDate(),
      weekday: WEEKDAYS[local.getDay()]!,
      hour: local.getHours(),
      minute: local.getMinutes(),
      second: local.getSeconds(),
    };
  }
  return knownParts(`${timeZone}|${time}`, () => zonedParts(time, timeZone));
}

/** A load's cards ask for the same few instants ('now', the days ahead) once per card drawn. */
const knownParts = recentResults<CalendarParts>(512);

const ZONE_FORMATS = new Map<string, Intl.DateTimeFormat>();

function zonedParts(time: number, timeZone: string): CalendarParts {
  let format = ZONE_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'long',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      era: 'short',
    });
    ZONE_FORMATS.set(timeZone, format);
  }
  const part = new Map(format.formatToParts(time).map(({ type, value }) => [type, value]));
  const number = (type: Intl.DateTimeFormatPartTypes) => Number(part.get(type));
  // Years before 1 as Date counts them (1 BC is year 0), not as the era's own count.
  const year = part.get('era') === 'BC' ? 1 - number('year') : number('year');
  return {
    year,
    month: number('month'),
    day: number('day'),
    weekday: part.get('weekday')!.toLowerCase() as Weekday,
    hour: number('hour'),
    minute: number('minute'),
    second: number('second'),
  };
}

/*
 * The page's texts of a time, US English like every other text of the page, written out here
 * rather than by Intl so that the browser's own zone never needs it (see `TimeZone`). They match
 * `Intl.DateTimeFormat('en-US')` of the browsers and Node we run (tests), with a plain space
 * before AM/PM.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The calendar date as 'YYYY-MM-DD' (compares as a string). */
export function dateKey({ year, month, day }: CalendarParts): string {
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** 'Dec 3'. */
export function monthDayText({ month, day }: CalendarParts): string {
  return `${MONTHS[month - 1]} ${day}`;
}

/** '3:04:05 PM' with seconds, '3:04 PM' without. */
export function clockText(
  { hour, minute, second }: CalendarParts,
  { seconds }: { seconds: boolean },
): string {
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const rest = seconds ? `:${twoDigits(minute)}:${twoDigits(second)}` : `:${twoDigits(minute)}`;
  return `${hour12}${rest} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** 'Nov 24, 2026, 3:04 PM'. */
export function dateTimeText(parts: CalendarParts): string {
  return `${monthDayText(parts)}, ${parts.year}, ${clockText(parts, { seconds: false })}`;
}

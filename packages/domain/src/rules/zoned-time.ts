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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A calendar date and a wall-clock time as milliseconds, read as if the zone were UTC. */
function wallMs(year: number, month: number, day: number, minuteOfDay: number): number {
  // setUTCFullYear, not Date.UTC, which reads the years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime() + minuteOfDay * MINUTE;
}

/** The wall clock at `time` in `timeZone`, as `wallMs` writes one. */
function wallAt(time: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = calendarAt(time, timeZone);
  return wallMs(year, month, day, hour * 60 + minute) + second * 1000;
}

/**
 * The zone's offsets around a calendar date: at noon the day before and at noon the day after. A
 * zone changes its clocks at most once in those two days, so where they are equal every wall
 * time of the date is read with that one offset.
 */
const knownOffsets = recentResults<readonly [before: number, after: number]>(256);

function offsetsAround(year: number, month: number, day: number, timeZone: string) {
  return knownOffsets(`${timeZone}|${year}-${month}-${day}`, () => {
    const midnight = wallMs(year, month, day, 0);
    const before = midnight - 12 * HOUR;
    const after = midnight + 36 * HOUR;
    return [wallAt(before, timeZone) - before, wallAt(after, timeZone) - after] as const;
  });
}

/**
 * The instant at which the wall clock of `timeZone` (undefined: the runtime's own, see `TimeZone`)
 * reads `minuteOfDay` minutes after midnight of the calendar date (month 1-12); minutes past
 * 1,440 run into the next days. The inverse of `calendarAt`. A wall time a clock change skips (2:30
 * AM on a spring-forward day) is read with the offset before the change, so it falls as late
 * after the change as the clocks jumped (3:30 AM); one a change repeats (1:30 AM on a fall-back
 * day) is its first instant. Both as JavaScript's `Date` reads a local time.
 */
export function instantAt(
  year: number,
  month: number,
  day: number,
  minuteOfDay: number,
  timeZone: TimeZone,
): number {
  if (timeZone === undefined) {
    const local = new Date(2000, 0, 1);
    local.setFullYear(year, month - 1, day);
    local.setHours(0, minuteOfDay, 0, 0);
    return local.getTime();
  }
  const wall = wallMs(year, month, day, minuteOfDay);
  const date = new Date(wall);
  const [before, after] = offsetsAround(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    timeZone,
  );
  if (before === after) return wall - before;
  const readings = [wall - before, wall - after].filter((time) => wallAt(time, timeZone) === wall);
  return readings.length > 0 ? Math.min(...readings) : wall - before;
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

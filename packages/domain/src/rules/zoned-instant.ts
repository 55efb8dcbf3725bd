import { recentResults } from './recent-results';
import { calendarAt, type TimeZone } from './zoned-time';

/*
 * Wall-clock time to an instant, the inverse of `calendarAt`: a module of its own, since only the
 * store hours' rules need it and the page's first load carries `zoned-time.ts` (a module-level
 * cache is code the bundler keeps wherever its module goes).
 */

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

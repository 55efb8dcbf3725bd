import { MAX_OPENINGS_PER_DAY, WEEKDAYS, type Weekday } from '../contract/constants';
import { keepsMarketTime, MARKET_TIME_ZONE } from './deal-price-memory';
import { instantAt } from './zoned-instant';
import { calendarAt, type TimeZone } from './zoned-time';

/**
 * A store's weekly hours and what they say at a moment: today's hours, open or not, how long
 * until it closes, when it next opens. Pure: the moment and the time zone are passed in.
 *
 * The shape (`WeeklyHours`): every weekday, Sunday first as `WEEKDAYS`, with its openings in
 * order, none for a closed day. An opening is two wall-clock times, 'HH:MM' on a 24-hour clock,
 * in the store's time zone (the market's, America/Chicago, for the hours the service sends): it
 * opens at `opens` and closes at `closes` the same day, or, when `closes` is not after `opens`,
 * the next day ('10:00'-'02:00' closes at 2 AM; '00:00'-'24:00' and '09:00'-'09:00' are 24
 * hours). Hours in that shape are normal (see `isNormalWeek`): each day's openings sorted, apart,
 * at most `MAX_OPENINGS_PER_DAY`, an overnight one last, and none running into the next day's.
 */

/** One opening of a day: it opens at `opens`, and closes at `closes` that day or, if not after it, the next. */
export interface Opening {
  opens: string;
  closes: string;
}

/** A store's week: every weekday's openings, none for a closed day. */
export type WeeklyHours = Readonly<Record<Weekday, readonly Opening[]>>;

const DAY_MINUTES = 1440;
const MINUTE = 60_000;
/** The days the rules look ahead for the next opening: the whole week, and the day it starts over. */
const DAYS_AHEAD = 7;

const CLOCK_TIME = /^([01]\d|2[0-4]):([0-5]\d)$/;

/** 'HH:MM' (24-hour, '24:00' the end of the day) as minutes after midnight; null if it is none. */
export function clockMinutes(clock: string): number | null {
  const match = CLOCK_TIME.exec(clock);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= DAY_MINUTES ? minutes : null;
}

/** Minutes after midnight as 'HH:MM'; 1,440 is '24:00', later ones are the next day's clock. */
function clockOf(minutes: number): string {
  const wrapped = minutes > DAY_MINUTES ? minutes - DAY_MINUTES : minutes;
  const hours = Math.floor(wrapped / 60);
  return `${String(hours).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}

/** An opening in minutes from its own day's midnight: [start, end), `end` past 1,440 overnight. */
interface MinuteSpan {
  start: number;
  end: number;
}

/** The opening's minutes, or null when a time is no clock time or it opens at '24:00'. */
export function openingMinutes({ opens, closes }: Opening): MinuteSpan | null {
  const start = clockMinutes(opens);
  const close = clockMinutes(closes);
  if (start === null || close === null || start >= DAY_MINUTES) return null;
  return { start, end: close > start ? close : close + DAY_MINUTES };
}

const openingOf = ({ start, end }: MinuteSpan): Opening => ({
  opens: clockOf(start),
  closes: clockOf(end),
});

/**
 * Whether `week` is in the normal shape (see the module's comment) with at least one opening:
 * what the contract accepts. A store open no hour of the week is a store whose hours say nothing.
 */
export function isNormalWeek(week: unknown): week is WeeklyHours {
  if (typeof week !== 'object' || week === null) return false;
  const days: MinuteSpan[][] = [];
  for (const weekday of WEEKDAYS) {
    const day = (week as Record<string, unknown>)[weekday];
    if (!Array.isArray(day) || day.length > MAX_OPENINGS_PER_DAY) return false;
    const spans: MinuteSpan[] = [];
    for (const opening of day as unknown[]) {
      const span = isOpening(opening) ? openingMinutes(opening) : null;
      // Apart from the one before (an overnight one, ending past 1,440, can only be last).
      if (span === null || (spans.length > 0 && span.start <= spans.at(-1)!.end)) return false;
      spans.push(span);
    }
    days.push(spans);
  }
  // A day's last opening ends before or as the next day's first begins (Saturday into Sunday too).
  const apart = days.every((day, index) => {
    const last = day.at(-1);
    const next = days[(index + 1) % 7]![0];
    return !last || !next || last.end - DAY_MINUTES <= next.start;
  });
  return apart && days.some((day) => day.length > 0);
}

function isOpening(value: unknown): value is Opening {
  if (typeof value !== 'object' || value === null) return false;
  const { opens, closes } = value as Record<string, unknown>;
  return typeof opens === 'string' && typeof closes === 'string';
}

/**
 * A week as a platform or a registry states it, in the normal shape: each day's openings sorted,
 * overlapping or touching ones joined, an overnight opening cut where the next day's first one
 * begins. Null when a weekday is missing (a day not stated is not known to be closed), a time is
 * no clock time, a day has more than `MAX_OPENINGS_PER_DAY` openings once joined, or no day has
 * any: such hours say nothing a visitor could rely on.
 */
export function normalizedWeek(
  days: Partial<Record<Weekday, readonly Opening[]>>,
): WeeklyHours | null {
  const spans: MinuteSpan[][] = [];
  for (const weekday of WEEKDAYS) {
    const day = days[weekday];
    if (!day) return null;
    const read: MinuteSpan[] = [];
    for (const opening of day) {
      const span = openingMinutes(opening);
      if (span === null) return null;
      read.push(span);
    }
    spans.push(joined(read));
  }
  spans.forEach((day, index) => {
    const last = day.at(-1);
    const next = spans[(index + 1) % 7]![0];
    if (last && next && last.end - DAY_MINUTES > next.start) last.end = next.start + DAY_MINUTES;
  });
  if (spans.some((day) => day.length > MAX_OPENINGS_PER_DAY)) return null;
  if (spans.every((day) => day.length === 0)) return null;
  const week = Object.fromEntries(
    WEEKDAYS.map((weekday, index) => [weekday, spans[index]!.map(openingOf)]),
  ) as Record<Weekday, Opening[]>;
  // A cut that still left a day overlapping its next (an opening inside another) is no week.
  return isNormalWeek(week) ? week : null;
}

/** One day's spans sorted, those that overlap or touch joined. */
function joined(spans: MinuteSpan[]): MinuteSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: MinuteSpan[] = [];
  for (const span of sorted) {
    const last = out.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  // A day joined into more than a day's worth of hours is open around the clock from its start.
  for (const span of out) span.end = Math.min(span.end, span.start + DAY_MINUTES);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The hours at a moment.

/**
 * The zone the page reads the service's hours in (they are the market's wall-clock times): the
 * runtime's own (undefined, no Intl, see `TimeZone`) when the page's zone keeps the market's time,
 * as `marketDay` decides, else the market's by name. The service passes `MARKET_TIME_ZONE`.
 */
export function marketHoursZone(now: number, pageZone: TimeZone): TimeZone {
  return pageZone === undefined && keepsMarketTime(now) ? undefined : MARKET_TIME_ZONE;
}

/** The store's weekday and its openings at `at` in `timeZone` (the store's zone). */
export function hoursToday(
  week: WeeklyHours,
  at: number,
  timeZone: TimeZone,
): { weekday: Weekday; openings: readonly Opening[] } {
  const { weekday } = calendarAt(at, timeZone);
  return { weekday, openings: week[weekday] };
}

/** A stretch the store is open, as instants, and the wall-clock times it starts and ends at. */
interface OpenSpan {
  start: number;
  end: number;
  opens: string;
  closes: string;
  /** The weekday of the calendar date it opens on, and how many days after `at`'s date that is. */
  weekday: Weekday;
  inDays: number;
}

/**
 * The store's open stretches from the day before `at`'s date (an overnight opening runs into
 * it) to a week after it, as instants, in order; stretches that meet (one day's '24:00' and the
 * next day's '00:00') joined into one.
 */
function openSpans(week: WeeklyHours, at: number, timeZone: TimeZone): OpenSpan[] {
  const today = calendarAt(at, timeZone);
  const spans: OpenSpan[] = [];
  for (let inDays = -1; inDays <= DAYS_AHEAD; inDays++) {
    const date = new Date(0);
    date.setUTCFullYear(today.year, today.month - 1, today.day + inDays);
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const weekday = WEEKDAYS[date.getUTCDay()]!;
    for (const opening of week[weekday]) {
      const minutes = openingMinutes(opening);
      if (minutes === null) continue;
      const start = instantAt(year, month, day, minutes.start, timeZone);
      const end = instantAt(year, month, day, minutes.end, timeZone);
      const last = spans.at(-1);
      if (last && start <= last.end) {
        if (end > last.end) Object.assign(last, { end, closes: opening.closes });
      } else if (end > start) {
        spans.push({ start, end, opens: opening.opens, closes: opening.closes, weekday, inDays });
      }
    }
  }
  return spans;
}

/** Whether the store is open at `at`. */
export function isOpenAt(week: WeeklyHours, at: number, timeZone: TimeZone): boolean {
  return openSpans(week, at, timeZone).some(({ start, end }) => start <= at && at < end);
}

/**
 * The minutes, rounded up, until the store closes when it is open at `at`; null when it is closed,
 * or open for the whole week ahead (it never closes within it).
 */
export function closesInMinutes(week: WeeklyHours, at: number, timeZone: TimeZone): number | null {
  const status = hoursStatus(week, at, timeZone);
  return status.open ? status.closesInMinutes : null;
}

/** The store's next opening after `at`: when, at what wall-clock time, on which day. */
export interface NextOpening {
  at: number;
  opens: string;
  weekday: Weekday;
  /** Days from `at`'s calendar date to the opening's (0: later today, 1: tomorrow). */
  inDays: number;
}

/** The first time after `at` the store opens, within the week ahead; null when it does not. */
export function nextOpening(week: WeeklyHours, at: number, timeZone: TimeZone): NextOpening | null {
  const span = openSpans(week, at, timeZone).find(({ start }) => start > at);
  return span
    ? { at: span.start, opens: span.opens, weekday: span.weekday, inDays: span.inDays }
    : null;
}

/**
 * What the hours say at `at`: open, with when it closes (its instant, its wall-clock time, the
 * minutes left; all null when it stays open through the week ahead), or closed, with its next
 * opening (null when it opens on no day of the week ahead).
 */
export type HoursStatus =
  | {
      open: true;
      closesAt: number | null;
      closes: string | null;
      closesInMinutes: number | null;
    }
  | { open: false; next: NextOpening | null };

export function hoursStatus(week: WeeklyHours, at: number, timeZone: TimeZone): HoursStatus {
  const spans = openSpans(week, at, timeZone);
  const current = spans.find(({ start, end }) => start <= at && at < end);
  if (current) {
    // A stretch still open at the end of the days looked at does not close within the week.
    const horizon = spans.at(-1) === current && current.end > at + DAYS_AHEAD * 1440 * MINUTE;
    return horizon
      ? { open: true, closesAt: null, closes: null, closesInMinutes: null }
      : {
          open: true,
          closesAt: current.end,
          closes: current.closes,
          closesInMinutes: Math.ceil((current.end - at) / MINUTE),
        };
  }
  const span = spans.find(({ start }) => start > at);
  return {
    open: false,
    next: span
      ? { at: span.start, opens: span.opens, weekday: span.weekday, inDays: span.inDays }
      : null,
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarAt, clockText, dateKey, dateTimeText, monthDayText } from './zoned-time';
import { instantAt } from './zoned-instant';

const HOUR = 60 * 60 * 1000;
const YEAR_2026 = Date.parse('2026-01-01T00:00:00Z');

/**
 * Every 7 hours through 2026 (each hour of the day and each weekday, both DST changes), and
 * instants far back and far ahead.
 */
const INSTANTS = [
  ...Array.from({ length: (366 * 24) / 7 }, (_, step) => YEAR_2026 + step * 7 * HOUR),
  Date.parse('-000100-03-01T12:00:00Z'),
  Date.parse('0000-12-31T23:00:00Z'),
  Date.parse('1969-12-31T23:59:59Z'),
  Date.parse('+275760-09-12T00:00:00Z'),
];

describe('calendarAt', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  // The page's own zone is read from Date's local getters, other zones from Intl: the two agree.
  it.each(['America/Chicago', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'])(
    "reads the runtime's own zone as Intl reads that zone by name (%s)",
    (zone) => {
      vi.stubEnv('TZ', zone); // Node reads the runtime's zone again when TZ changes
      for (const time of INSTANTS)
        expect(calendarAt(time, undefined)).toEqual(calendarAt(time, zone));
    },
  );

  it('gives a named zone its wall clock and weekday', () => {
    // 2026-03-08 is a Sunday; Chicago moves to daylight time at 2 AM local (08:00 UTC).
    expect(calendarAt(Date.parse('2026-03-08T07:59:59Z'), 'America/Chicago')).toEqual({
      year: 2026,
      month: 3,
      day: 8,
      weekday: 'sunday',
      hour: 1,
      minute: 59,
      second: 59,
    });
    expect(calendarAt(Date.parse('2026-03-08T08:00:00Z'), 'America/Chicago').hour).toBe(3);
    expect(calendarAt(Date.parse('2026-11-25T05:30:00Z'), 'America/Chicago')).toMatchObject({
      day: 24,
      weekday: 'tuesday',
      hour: 23,
    });
  });

  it('refuses what is not a time', () => {
    expect(() => calendarAt(Number.NaN, undefined)).toThrow(RangeError);
    expect(() => calendarAt(Date.parse('not a date'), 'America/Chicago')).toThrow(RangeError);
    expect(() => calendarAt(8.64e15 + 1, undefined)).toThrow(RangeError);
    expect(() => calendarAt(Number.POSITIVE_INFINITY, 'America/Chicago')).toThrow(RangeError);
  });
});

describe('instantAt', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  /** Every quarter hour of the days around both of the 2026 changes, and a day's late hours. */
  const WALL_TIMES = ['2026-03-07', '2026-03-08', '2026-11-01', '2026-10-04', '2026-04-05'].flatMap(
    (date) => {
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      return Array.from(
        { length: (30 * 60) / 15 },
        (_, step) => [year, month, day, step * 15] as const,
      );
    },
  );

  // Date reads a local time the same way: the skipped hour forward, the repeated one first.
  it.each(['America/Chicago', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'])(
    "reads a wall time in a named zone as Date reads it in the runtime's own (%s)",
    (zone) => {
      vi.stubEnv('TZ', zone);
      for (const [year, month, day, minutes] of WALL_TIMES) {
        expect(instantAt(year, month, day, minutes, zone)).toBe(
          instantAt(year, month, day, minutes, undefined),
        );
      }
    },
  );

  it('is the inverse of calendarAt where the wall time exists', () => {
    expect(instantAt(2026, 11, 18, 21 * 60 + 20, 'America/Chicago')).toBe(
      Date.parse('2026-11-18T21:20:00-06:00'),
    );
    // 1:30 AM on 2026-11-01 happens twice: its first instant, in daylight time.
    expect(instantAt(2026, 11, 1, 90, 'America/Chicago')).toBe(Date.parse('2026-11-01T06:30:00Z'));
    // 2:30 AM on 2026-03-08 never happens: read as 3:30 AM daylight time.
    expect(instantAt(2026, 3, 8, 150, 'America/Chicago')).toBe(Date.parse('2026-03-08T08:30:00Z'));
    // Minutes past the day run into the next one: 2 AM after a Saturday, the fall-back night.
    expect(instantAt(2026, 10, 31, 26 * 60, 'America/Chicago')).toBe(
      Date.parse('2026-11-01T08:00:00Z'),
    );
    for (const time of INSTANTS.slice(0, 300)) {
      const parts = calendarAt(time, 'America/Chicago');
      const wall = parts.hour * 60 + parts.minute;
      const back = instantAt(parts.year, parts.month, parts.day, wall, 'America/Chicago');
      expect(calendarAt(back, 'America/Chicago')).toMatchObject({ ...parts, second: 0 });
    }
  });
});

describe('the texts of a time', () => {
  const zone = 'America/Chicago';
  const intl = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });

  it("write what Intl's US English writes", () => {
    const time = intl({ timeStyle: 'medium' });
    const dateTime = intl({ dateStyle: 'medium', timeStyle: 'short' });
    const monthDay = intl({ month: 'short', day: 'numeric' });
    // Intl writes a year before 1 as the era's count without the era ('101' for 101 BC); the
    // page, which never shows one, writes it as Date counts it ('-100').
    for (const instant of INSTANTS.filter((time) => new Date(time).getUTCFullYear() >= 1)) {
      const parts = calendarAt(instant, zone);
      expect(clockText(parts, { seconds: true })).toBe(time.format(instant));
      expect(dateTimeText(parts)).toBe(dateTime.format(instant));
      expect(monthDayText(parts)).toBe(monthDay.format(instant));
    }
  });

  it('writes a year before 1 as Date counts it', () => {
    expect(dateTimeText(calendarAt(Date.parse('-000100-03-01T18:00:00Z'), 'UTC'))).toBe(
      'Mar 1, -100, 6:00 PM',
    );
  });

  it('writes midnight and noon as 12, and dates that compare as strings', () => {
    const parts = calendarAt(Date.parse('2026-01-05T06:04:05Z'), zone);
    expect(clockText(parts, { seconds: true })).toBe('12:04:05 AM');
    expect(clockText({ ...parts, hour: 12 }, { seconds: false })).toBe('12:04 PM');
    expect(dateKey(parts)).toBe('2026-01-05');
    expect(dateKey(parts) < dateKey(calendarAt(Date.parse('2026-10-01T12:00:00Z'), zone))).toBe(
      true,
    );
  });
});

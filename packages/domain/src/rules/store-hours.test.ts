import { afterEach, describe, expect, it, vi } from 'vitest';
import { WeeklyHoursSchema } from '../contract/store-hours';
import {
  closesInMinutes,
  hoursStatus,
  hoursToday,
  isNormalWeek,
  isOpenAt,
  marketHoursZone,
  nextOpening,
  normalizedWeek,
  type Opening,
  type WeeklyHours,
} from './store-hours';
import { MARKET_TIME_ZONE } from './deal-price-memory';

const CHICAGO = MARKET_TIME_ZONE;
const at = (iso: string) => Date.parse(iso);
const open = (opens: string, closes: string): Opening => ({ opens, closes });

/** Every day the same, unless `days` says otherwise. */
function week(
  every: readonly Opening[],
  days: Partial<Record<keyof WeeklyHours, readonly Opening[]>> = {},
): WeeklyHours {
  return {
    sunday: every,
    monday: every,
    tuesday: every,
    wednesday: every,
    thursday: every,
    friday: every,
    saturday: every,
    ...days,
  };
}

/** 10 AM to 10 PM, Friday and Saturday until 2 AM, closed on Sunday. */
const LATE_WEEKEND = week([open('10:00', '22:00')], {
  friday: [open('10:00', '02:00')],
  saturday: [open('10:00', '02:00')],
  sunday: [],
});

describe('hoursStatus in America/Chicago', () => {
  // 2026-11-18 is a Wednesday (CST, UTC-6); 2026-11-21 a Saturday.
  it.each([
    [
      'before opening',
      '2026-11-18T09:00:00-06:00',
      { open: false, next: { opens: '10:00', weekday: 'wednesday', inDays: 0 } },
    ],
    [
      'at opening',
      '2026-11-18T10:00:00-06:00',
      { open: true, closes: '22:00', closesInMinutes: 720 },
    ],
    [
      '40 minutes before closing',
      '2026-11-18T21:20:00-06:00',
      { open: true, closes: '22:00', closesInMinutes: 40 },
    ],
    [
      'a part minute rounds up',
      '2026-11-18T21:59:30-06:00',
      { open: true, closes: '22:00', closesInMinutes: 1 },
    ],
    [
      'at closing: closed, opens tomorrow',
      '2026-11-18T22:00:00-06:00',
      { open: false, next: { opens: '10:00', weekday: 'thursday', inDays: 1 } },
    ],
    [
      "after midnight, on Friday's overnight hours",
      '2026-11-21T01:30:00-06:00',
      { open: true, closes: '02:00', closesInMinutes: 30 },
    ],
    [
      'Saturday night into Sunday',
      '2026-11-21T23:00:00-06:00',
      { open: true, closes: '02:00', closesInMinutes: 180 },
    ],
    [
      'a closed day: opens Monday',
      '2026-11-22T12:00:00-06:00',
      { open: false, next: { opens: '10:00', weekday: 'monday', inDays: 1 } },
    ],
    [
      'after the last overnight close',
      '2026-11-22T02:00:00-06:00',
      { open: false, next: { opens: '10:00', weekday: 'monday', inDays: 1 } },
    ],
  ])('%s', (_case, time, expected: object) => {
    expect(hoursStatus(LATE_WEEKEND, at(time), CHICAGO)).toMatchObject(expected);
  });

  it('gives the instants of closing and of the next opening', () => {
    expect(hoursStatus(LATE_WEEKEND, at('2026-11-21T23:00:00-06:00'), CHICAGO)).toEqual({
      open: true,
      closesAt: at('2026-11-22T02:00:00-06:00'),
      closes: '02:00',
      closesInMinutes: 180,
    });
    expect(nextOpening(LATE_WEEKEND, at('2026-11-22T12:00:00-06:00'), CHICAGO)).toEqual({
      at: at('2026-11-23T10:00:00-06:00'),
      opens: '10:00',
      weekday: 'monday',
      inDays: 1,
    });
  });

  it('answers the single questions as the status does', () => {
    const wednesdayNight = at('2026-11-18T21:20:00-06:00');
    expect(isOpenAt(LATE_WEEKEND, wednesdayNight, CHICAGO)).toBe(true);
    expect(closesInMinutes(LATE_WEEKEND, wednesdayNight, CHICAGO)).toBe(40);
    const sunday = at('2026-11-22T12:00:00-06:00');
    expect(isOpenAt(LATE_WEEKEND, sunday, CHICAGO)).toBe(false);
    expect(closesInMinutes(LATE_WEEKEND, sunday, CHICAGO)).toBeNull();
    // The next opening of a store open now is the one after it closes.
    expect(nextOpening(LATE_WEEKEND, wednesdayNight, CHICAGO)).toMatchObject({
      weekday: 'thursday',
      inDays: 1,
    });
  });

  it("reads today's hours on the store's calendar, not the visitor's", () => {
    // 01:30 on Saturday in St. Louis is 07:30 UTC: Saturday's row, though Friday's hours are on.
    expect(hoursToday(LATE_WEEKEND, at('2026-11-21T07:30:00Z'), CHICAGO)).toEqual({
      weekday: 'saturday',
      openings: [open('10:00', '02:00')],
    });
    // 05:30 UTC on Sunday is still Saturday evening there.
    expect(hoursToday(LATE_WEEKEND, at('2026-11-22T05:30:00Z'), CHICAGO).weekday).toBe('saturday');
  });

  it('a store closed for lunch is closed between its openings', () => {
    const lunch = week([open('09:00', '12:00'), open('13:00', '18:00')]);
    expect(hoursStatus(lunch, at('2026-11-18T12:30:00-06:00'), CHICAGO)).toMatchObject({
      open: false,
      next: { opens: '13:00', inDays: 0 },
    });
    expect(closesInMinutes(lunch, at('2026-11-18T11:00:00-06:00'), CHICAGO)).toBe(60);
  });

  it('joins a day open to midnight with the next one opening at midnight', () => {
    const late = week([], {
      tuesday: [open('10:00', '24:00')],
      wednesday: [open('00:00', '02:00')],
    });
    expect(hoursStatus(late, at('2026-11-17T23:00:00-06:00'), CHICAGO)).toMatchObject({
      open: true,
      closes: '02:00',
      closesInMinutes: 180,
    });
  });

  it('a store open around the clock never closes within the week', () => {
    const always = week([open('00:00', '24:00')]);
    expect(hoursStatus(always, at('2026-11-18T03:00:00-06:00'), CHICAGO)).toEqual({
      open: true,
      closesAt: null,
      closes: null,
      closesInMinutes: null,
    });
  });

  it('a store open one day a week opens six days on', () => {
    const wednesdays = week([], { wednesday: [open('10:00', '18:00')] });
    expect(nextOpening(wednesdays, at('2026-11-19T12:00:00-06:00'), CHICAGO)).toMatchObject({
      at: at('2026-11-25T10:00:00-06:00'),
      weekday: 'wednesday',
      inDays: 6,
    });
  });
});

describe('hoursStatus on the days the clocks change', () => {
  it('fall back (Sunday 2026-11-01): a Saturday open until 2 AM is open an hour longer', () => {
    // 10 AM CDT to 2 AM CST: 17 hours. 11 PM CDT is 04:00 UTC; 2 AM CST is 08:00 UTC.
    expect(closesInMinutes(LATE_WEEKEND, at('2026-11-01T04:00:00Z'), CHICAGO)).toBe(240);
    // 1:30 AM happens twice: in daylight time (06:30 UTC), then in standard time (07:30 UTC).
    expect(closesInMinutes(LATE_WEEKEND, at('2026-11-01T06:30:00Z'), CHICAGO)).toBe(90);
    expect(closesInMinutes(LATE_WEEKEND, at('2026-11-01T07:30:00Z'), CHICAGO)).toBe(30);
    expect(isOpenAt(LATE_WEEKEND, at('2026-11-01T08:00:00Z'), CHICAGO)).toBe(false);
  });

  it('spring forward (Sunday 2026-03-08): 2 AM never comes, so it closes when the clocks jump', () => {
    // 11 PM CST is 05:00 UTC; 2 AM CST would be 08:00 UTC, which the clocks call 3 AM CDT.
    expect(closesInMinutes(LATE_WEEKEND, at('2026-03-08T05:00:00Z'), CHICAGO)).toBe(180);
    expect(closesInMinutes(LATE_WEEKEND, at('2026-03-08T07:59:00Z'), CHICAGO)).toBe(1);
    expect(isOpenAt(LATE_WEEKEND, at('2026-03-08T08:00:00Z'), CHICAGO)).toBe(false);
  });

  it('opens at its wall-clock time on either side of a change', () => {
    const daily = week([open('10:00', '18:00')]);
    expect(nextOpening(daily, at('2026-03-08T06:00:00Z'), CHICAGO)?.at).toBe(
      at('2026-03-08T10:00:00-05:00'),
    );
    expect(nextOpening(daily, at('2026-11-01T06:00:00Z'), CHICAGO)?.at).toBe(
      at('2026-11-01T10:00:00-06:00'),
    );
    // Saturday evening before the change: Sunday's opening is counted in the zone's own days.
    expect(nextOpening(daily, at('2026-03-08T01:00:00Z'), CHICAGO)).toMatchObject({
      weekday: 'sunday',
      inDays: 1,
    });
  });

  it('an opening inside the skipped hour opens when the clocks say it is past', () => {
    const early = week([], { sunday: [open('02:30', '12:00')] });
    expect(nextOpening(early, at('2026-03-08T06:00:00Z'), CHICAGO)?.at).toBe(
      at('2026-03-08T03:30:00-05:00'),
    );
  });
});

describe('the weekly shape', () => {
  it.each<[string, Partial<Record<keyof WeeklyHours, readonly Opening[]>>, WeeklyHours | null]>([
    ['a plain week as it is', LATE_WEEKEND, LATE_WEEKEND],
    [
      'openings sorted, overlapping and touching ones joined',
      week([open('13:00', '18:00'), open('09:00', '14:00'), open('18:00', '20:00')]),
      week([open('09:00', '20:00')]),
    ],
    [
      "an overnight opening cut where the next day's begins",
      week([open('10:00', '22:00')], {
        friday: [open('10:00', '03:00')],
        saturday: [open('01:00', '22:00')],
      }),
      week([open('10:00', '22:00')], {
        friday: [open('10:00', '01:00')],
        saturday: [open('01:00', '22:00')],
      }),
    ],
    ['24 hours from a time', week([open('09:00', '09:00')]), week([open('09:00', '09:00')])],
    ['a whole day', week([open('00:00', '24:00')]), week([open('00:00', '24:00')])],
    ['a day not stated', { monday: [open('10:00', '22:00')] }, null],
    ['no clock time', week([open('9:00', '22:00')]), null],
    ['past 24:00', week([open('10:00', '25:00')]), null],
    ['opening at 24:00', week([open('24:00', '02:00')]), null],
    ['closed every day', week([]), null],
    [
      'more openings than a day has',
      week([], { monday: ['01', '03', '05', '07', '09'].map((h) => open(`${h}:00`, `${h}:30`)) }),
      null,
    ],
  ])('%s', (_case, days, expected) => {
    const normal = normalizedWeek(days);
    expect(normal).toEqual(expected);
    if (normal) {
      expect(isNormalWeek(normal)).toBe(true);
      expect(WeeklyHoursSchema.safeParse(normal).success).toBe(true);
    }
  });

  it.each<[string, unknown, boolean]>([
    ['a normal week', LATE_WEEKEND, true],
    ['a day out of order', week([open('13:00', '18:00'), open('09:00', '12:00')]), false],
    [
      'touching openings of a day (not joined)',
      week([open('09:00', '12:00'), open('12:00', '18:00')]),
      false,
    ],
    [
      'an overnight opening before another',
      week([open('20:00', '02:00'), open('21:00', '23:00')]),
      false,
    ],
    [
      "running into the next day's opening",
      week([open('10:00', '22:00')], {
        monday: [open('10:00', '11:00')],
        sunday: [open('20:00', '12:00')],
      }),
      false,
    ],
    [
      'Saturday night into Sunday morning',
      week([open('10:00', '22:00')], { saturday: [open('20:00', '12:00')] }),
      false,
    ],
    ['ending as the next day opens', week([open('00:00', '24:00')]), true],
    ['a day missing', { ...LATE_WEEKEND, monday: undefined }, false],
    ['a day that is no list', { ...LATE_WEEKEND, monday: 'closed' }, false],
    ['closed all week', week([]), false],
    ['not an object', 'Mon-Sat 10-10', false],
  ])('isNormalWeek: %s', (_case, value, expected) => {
    expect(isNormalWeek(value)).toBe(expected);
    expect(WeeklyHoursSchema.safeParse(value).success).toBe(expected);
  });
});

describe('marketHoursZone', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("reads the hours on the page's own clock where it keeps the market's time", () => {
    const now = at('2026-11-18T21:20:00-06:00');
    vi.stubEnv('TZ', 'America/Chicago');
    expect(marketHoursZone(now, undefined)).toBeUndefined();
    expect(hoursStatus(LATE_WEEKEND, now, marketHoursZone(now, undefined))).toEqual(
      hoursStatus(LATE_WEEKEND, now, CHICAGO),
    );
    vi.stubEnv('TZ', 'America/Denver');
    expect(marketHoursZone(now, undefined)).toBe(CHICAGO);
    expect(marketHoursZone(now, 'America/Chicago')).toBe(CHICAGO);
  });
});

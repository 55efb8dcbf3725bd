import { describe, expect, it } from 'vitest';
import { MARKET_TIME_ZONE } from './deal-price-memory';
import type { Opening, WeeklyHours } from './store-hours';
import { storeClockText, dayHoursText, hoursNowText, weekRows } from './store-hours-text';

const open = (opens: string, closes: string): Opening => ({ opens, closes });

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

/** 10 AM to 9 PM, Friday and Saturday until 2 AM, closed on Sunday and Monday. */
const STORE = week([open('10:00', '21:00')], {
  friday: [open('10:00', '02:00')],
  saturday: [open('10:00', '02:00')],
  sunday: [],
  monday: [],
});

describe('storeClockText', () => {
  it.each([
    ['09:00', '9 am'],
    ['09:30', '9:30 am'],
    ['12:00', 'noon'],
    ['12:05', '12:05 pm'],
    ['21:00', '9 pm'],
    ['00:00', 'midnight'],
    ['24:00', 'midnight'],
    ['00:30', '12:30 am'],
    ['nonsense', 'nonsense'],
  ])('%s reads %s', (clock, text) => {
    expect(storeClockText(clock)).toBe(text);
  });
});

describe('hoursNowText in America/Chicago', () => {
  // 2026-11-18 is a Wednesday (CST, UTC-6); 2026-11-21 a Saturday; 2026-11-22 a Sunday.
  it.each([
    ['before opening', '2026-11-18T09:00:00-06:00', false, 'Closed · opens 10 am'],
    ['open, hours to go', '2026-11-18T14:00:00-06:00', true, 'Open · closes 9 pm'],
    ['40 minutes before closing', '2026-11-18T20:20:00-06:00', true, 'Closes in 40 min'],
    ['an hour before closing', '2026-11-18T20:00:00-06:00', true, 'Closes in 60 min'],
    ['at closing', '2026-11-18T21:00:00-06:00', false, 'Closed · opens tomorrow 10 am'],
    ['after midnight on a late night', '2026-11-22T01:20:00-06:00', true, 'Closes in 40 min'],
    [
      'Saturday evening, open past midnight',
      '2026-11-21T20:00:00-06:00',
      true,
      'Open · closes 2 am',
    ],
    ['Sunday, closed till Tuesday', '2026-11-22T12:00:00-06:00', false, 'Closed · opens Tue 10 am'],
  ])('%s', (_, iso, isOpen, text) => {
    expect(hoursNowText(STORE, Date.parse(iso), MARKET_TIME_ZONE)).toEqual({ open: isOpen, text });
  });

  it('says open 24 hours for a store that never closes in the week ahead', () => {
    const always = week([open('00:00', '24:00')]);
    expect(hoursNowText(always, Date.parse('2026-11-18T03:00:00-06:00'), MARKET_TIME_ZONE)).toEqual(
      { open: true, text: 'Open 24 hours' },
    );
  });

  it('counts a closing on the spring-forward night in real minutes', () => {
    // 2027-03-14: 2 AM CST becomes 3 AM CDT; from 1:30 AM CST to the 3 AM close is 30 minutes.
    const late = week([open('10:00', '03:00')]);
    expect(hoursNowText(late, Date.parse('2027-03-14T01:30:00-06:00'), MARKET_TIME_ZONE)).toEqual({
      open: true,
      text: 'Closes in 30 min',
    });
  });
});

describe('the week in the store panel', () => {
  it.each([
    [[], 'Closed'],
    [[open('10:00', '21:00')], '10 am – 9 pm'],
    [[open('09:00', '13:00'), open('14:00', '20:00')], '9 am – 1 pm, 2 pm – 8 pm'],
    [[open('00:00', '24:00')], 'Open 24 hours'],
    [[open('10:00', '02:00')], '10 am – 2 am'],
  ])('%j reads %s', (openings, text) => {
    expect(dayHoursText(openings)).toBe(text);
  });

  it('lists Monday first, as a door sign does', () => {
    expect(weekRows(STORE).map((row) => `${row.weekday}: ${row.text}`)).toEqual([
      'monday: Closed',
      'tuesday: 10 am – 9 pm',
      'wednesday: 10 am – 9 pm',
      'thursday: 10 am – 9 pm',
      'friday: 10 am – 2 am',
      'saturday: 10 am – 2 am',
      'sunday: Closed',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { isShownOn, weekdayAt, weekdaysNamed } from './day-filter';
import type { Weekday } from '../contract/values';

describe('weekdaysNamed', () => {
  it.each<[string, Weekday[]]>([
    ['Munchie Monday: 20% off edibles', ['monday']],
    ['TUESDAY and thursday deals', ['tuesday', 'thursday']],
    ['Fridays: 2 for $50', ['friday']],
    ['Wax Wednesday', ['wednesday']],
    ['Saturday & Sunday BOGO', ['saturday', 'sunday']],
    ['Sat and Sun specials', []],
    ['Wed deal', []],
    ['Sundays-only pricing', ['sunday']],
    ['Mondayish', []],
    ['20% off flower', []],
  ])('%j -> %j', (text, expected) => {
    expect(weekdaysNamed(text)).toEqual(expected);
  });
});

describe('isShownOn', () => {
  it.each<[string, Weekday[] | undefined, Weekday, boolean]>([
    // no weekday in the title: always shown
    ['20% off flower', undefined, 'monday', true],
    ['20% off flower', undefined, 'sunday', true],
    // a weekday in the title: shown only on that day
    ['Munchie Monday 20% off', undefined, 'monday', true],
    ['Munchie Monday 20% off', undefined, 'tuesday', false],
    // any of several named days
    ['Friday and Saturday BOGO', undefined, 'saturday', true],
    ['Friday and Saturday BOGO', undefined, 'sunday', false],
    // validDays from the platform win over the title
    ['Weekend BOGO', ['saturday', 'sunday'], 'sunday', true],
    ['Weekend BOGO', ['saturday', 'sunday'], 'monday', false],
    ['Monday madness', ['friday'], 'friday', true],
    ['Monday madness', [], 'tuesday', false],
  ])('%j validDays %j on %s -> %s', (title, validDays, today, expected) => {
    expect(isShownOn({ title, ...(validDays ? { validDays } : {}) }, today)).toBe(expected);
  });
});

describe('weekdayAt', () => {
  it.each<[string, string, Weekday]>([
    // 2026-11-21 is a Saturday
    ['2026-11-21T15:00:00Z', 'America/Chicago', 'saturday'],
    // 03:30 UTC on Sunday is still Saturday evening in St. Louis
    ['2026-11-22T03:30:00Z', 'America/Chicago', 'saturday'],
    ['2026-11-22T03:30:00Z', 'UTC', 'sunday'],
    ['2026-11-22T06:30:00Z', 'America/Chicago', 'sunday'],
    ['2026-11-23T12:00:00Z', 'Asia/Tokyo', 'monday'],
  ])('%s in %s -> %s', (iso, timeZone, expected) => {
    expect(weekdayAt(new Date(iso), timeZone)).toBe(expected);
  });
});

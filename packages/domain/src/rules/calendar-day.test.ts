import { describe, expect, it } from 'vitest';
import { addDays, dayFromNumber, dayNumber, daysBetween, isCalendarDay } from './calendar-day';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The same day by the runtime's UTC calendar, which has no daylight-saving change. */
function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

describe('isCalendarDay', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2024-12-31', true],
    ['2024-04-31', false],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-01-00', false],
    ['0000-01-01', false],
    ['0001-01-01', true],
    ['9999-12-31', true],
    ['2024-1-05', false],
    ['2024-0a-05', false],
    ['+024-01-05', false],
    ['2024/01/05', false],
    ['2024-01-5 ', false],
    ['2024-01-05T00:00', false],
    [' 2024-01-05', false],
    ['２０２４-01-05', false],
    [20240105, false],
    [null, false],
  ])('%j is a calendar day: %s', (text, expected) => {
    expect(isCalendarDay(text)).toBe(expected);
  });
});

describe('addDays', () => {
  it.each([
    ['2024-01-31', 1, '2024-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2025-01-10', -30, '2024-12-11'],
    ['2024-03-31', -30, '2024-03-01'],
    ['2024-03-30', -30, '2024-02-29'],
    // The days the US clocks change (Central time: 2024-03-10 and 2024-11-03).
    ['2024-03-09', 1, '2024-03-10'],
    ['2024-03-10', 1, '2024-03-11'],
    ['2024-11-03', -1, '2024-11-02'],
    ['2024-11-03', 0, '2024-11-03'],
    ['2000-02-28', 366, '2001-02-28'],
    ['1900-02-28', 1, '1900-03-01'],
    ['0001-01-01', 0, '0001-01-01'],
    ['9999-12-30', 1, '9999-12-31'],
  ])('%s moved by %i is %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });

  it('agrees with the UTC calendar on every day from 1899 to 2101', () => {
    const start = Date.UTC(1899, 0, 1);
    const end = Date.UTC(2101, 11, 31);
    const epoch = dayNumber('1970-01-01');
    const disagreements: string[] = [];
    let previous = utcDay(start - DAY_MS);
    for (let ms = start; ms <= end; ms += DAY_MS) {
      const day = utcDay(ms);
      const agrees =
        addDays(previous, 1) === day &&
        addDays(day, -1) === previous &&
        dayNumber(day) - epoch === ms / DAY_MS;
      if (!agrees) disagreements.push(day);
      previous = day;
    }
    expect(disagreements).toEqual([]);
  });

  it('refuses what is not a day or not a whole number of days, and days out of range', () => {
    expect(() => addDays('2024-02-30', 1)).toThrow(/Not a calendar day.*"2024-02-30"/);
    expect(() => addDays('2024-02-01', 1.5)).toThrow(/whole number of days/);
    expect(() => addDays('2024-02-01', Number.NaN)).toThrow(/whole number of days/);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('0001-01-01', -1)).toThrow(RangeError);
    expect(() => dayFromNumber(0.5)).toThrow(RangeError);
  });
});

describe('daysBetween', () => {
  it.each([
    ['2024-01-01', '2024-01-01', 0],
    ['2024-01-01', '2024-01-31', 30],
    ['2024-01-31', '2024-01-01', -30],
    ['2024-02-01', '2024-03-01', 29],
    ['2023-02-01', '2023-03-01', 28],
    ['2024-12-15', '2025-01-14', 30],
    ['2024-01-01', '2025-01-01', 366],
  ])('from %s to %s is %i days', (from, to, expected) => {
    expect(daysBetween(from, to)).toBe(expected);
  });
});

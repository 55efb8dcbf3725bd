/**
 * Calendar days written 'YYYY-MM-DD' (proleptic Gregorian, years 0001 to 9999), as the price
 * history keys its observations: one per day in the market's own zone, worked out once when the
 * day is recorded. The arithmetic here is on whole days, never on instants, so no time zone and
 * no daylight-saving change can move a day; and it never builds a `Date`, so a product's history
 * can be walked for every result of a menu cheaply.
 *
 * Days in this form sort and compare as plain strings (fixed width, most significant first).
 */

const DASH = 0x2d;
const ZERO = 0x30;

/** Days before each month's first day in a common year, January first. */
const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365];

/** The last day number `dayFromNumber` writes: 9999-12-31. */
const LAST_DAY_NUMBER = 3_652_058;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  const length = DAYS_BEFORE_MONTH[month]! - DAYS_BEFORE_MONTH[month - 1]!;
  return month === 2 && isLeapYear(year) ? length + 1 : length;
}

/** Days from 0001-01-01 to the first of January of `year`. */
function daysBeforeYear(year: number): number {
  const past = year - 1;
  return past * 365 + Math.floor(past / 4) - Math.floor(past / 100) + Math.floor(past / 400);
}

/** True for a real calendar day written 'YYYY-MM-DD' ('2024-02-29' yes, '2023-02-29' no). */
export function isCalendarDay(text: unknown): text is string {
  return typeof text === 'string' && parts(text) !== null;
}

function parts(text: string): { year: number; month: number; day: number } | null {
  // Read by character codes rather than a regular expression: every observation of every product
  // of a menu is checked, and this is several times faster.
  if (text.length !== 10 || text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH) return null;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  return day <= daysInMonth(year, month) ? { year, month, day } : null;
}

/** The number the ASCII digits from `start` to `end` write, or -1 when one is not a digit. */
function digitsAt(text: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index += 1) {
    const digit = text.charCodeAt(index) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The day's number: whole days since 0001-01-01 (which is 0). Throws a RangeError naming the text
 * when it is not a calendar day.
 */
export function dayNumber(day: string): number {
  const date = parts(day);
  if (!date) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${JSON.stringify(day)}`);
  const { year, month } = date;
  const leapDay = month > 2 && isLeapYear(year) ? 1 : 0;
  return daysBeforeYear(year) + DAYS_BEFORE_MONTH[month - 1]! + leapDay + date.day - 1;
}

/** The day numbered `number` (see `dayNumber`); a RangeError outside 0001-01-01..9999-12-31. */
export function dayFromNumber(number: number): string {
  if (!Number.isInteger(number) || number < 0 || number > LAST_DAY_NUMBER) {
    throw new RangeError(`No calendar day is numbered ${number}`);
  }
  // A year averages 365.2425 days: the estimate is at most one year off either way.
  let year = Math.floor(number / 365.2425) + 1;
  while (daysBeforeYear(year) > number) year -= 1;
  while (daysBeforeYear(year + 1) <= number) year += 1;
  let rest = number - daysBeforeYear(year);
  let month = 1;
  while (rest >= daysInMonth(year, month)) {
    rest -= daysInMonth(year, month);
    month += 1;
  }
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(rest + 1)}`;
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** `day` moved by a whole number of days (negative for earlier): addDays('2024-03-01', -1) is '2024-02-29'. */
export function addDays(day: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return dayFromNumber(dayNumber(day) + days);
}

/** Whole days from `from` to `to`: positive when `to` is later, 0 for the same day. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

import {
  MARKET_TIME_ZONE,
  normalizedWeek,
  WEEKDAYS,
  type Opening,
  type Weekday,
  type WeeklyHours,
} from '@stl-deals/domain';
import { at, list, text } from './deal-fields';
import { isType, typedNodes } from './json-ld';

/**
 * A store's weekly hours from the forms the platforms state them in, each into the contract's
 * normal week (`normalizedWeek`). Every reader gives null when the record says nothing a visitor
 * could rely on: a weekday missing, a time it cannot read, no opening in the week, or hours kept
 * in a time zone other than the market's (the service sends the market's wall-clock times).
 */

/** Times a platform writes ('7:00 AM', '8:00am', '12:00am', '09:00', '21:00:00', '9 PM'). */
const CLOCK_TEXT = /^(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*([ap])?\.?m?\.?$/i;

/** A time of day as a platform writes it, as 'HH:MM'; null when it is no time of day. */
export function clockOfText(value: unknown): string | null {
  const match = typeof value === 'string' ? CLOCK_TEXT.exec(value.trim()) : null;
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  const half = match[3]?.toLowerCase();
  if (minute > 59) return null;
  if (half) {
    if (hour < 1 || hour > 12) {
      // Dutchie writes an unused day's bounds '00:00 AM'.
      if (!(hour === 0 && half === 'a')) return null;
    }
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  } else if (match[2] === undefined || hour > 24 || (hour === 24 && minute > 0)) {
    // A bare number is no time without AM or PM; 24:00 is the end of a day.
    return null;
  }
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** An opening from two times as a platform writes them; null when either is no time. */
function openingOf(opens: unknown, closes: unknown): Opening | null {
  const open = clockOfText(opens);
  const close = clockOfText(closes);
  return open === null || close === null || open === '24:00'
    ? null
    : { opens: open, closes: close };
}

/**
 * Time zone names that mean the market's: the IANA name, its alias, and Rails' name of it (Jane's
 * `time_zone_identifier`, directories.md 2.2).
 */
const MARKET_ZONE_NAMES = new Set([
  MARKET_TIME_ZONE.toLowerCase(),
  'us/central',
  'cst6cdt',
  'central time (us & canada)',
]);

/** Whether a record's stated time zone (absent: not stated) is the market's. */
export function isMarketZone(zone: unknown): boolean {
  if (zone === undefined || zone === null || zone === '') return true;
  return typeof zone === 'string' && MARKET_ZONE_NAMES.has(zone.trim().toLowerCase());
}

/** Weekday names as the platforms write them ('Monday', 'monday', 'MONDAY', schema.org URLs). */
function weekdayOf(value: unknown): Weekday | undefined {
  const name = text(value)
    ?.replace(/^https?:\/\/schema\.org\//i, '')
    .trim()
    .toLowerCase();
  return WEEKDAYS.find((weekday) => weekday === name);
}

/**
 * Dutchie's `dayBounds` per weekday (`pickupHours`, `hoursSettings.inStorePickup.hours`, both
 * `{ Monday: { active, start: '7:00 AM', end: '6:00 PM' } }`, seen in a real
 * `ConsumerDispensaries` answer): an active day is open from start to end, an inactive one closed.
 */
export function dayBoundsWeek(days: unknown): WeeklyHours | null {
  if (typeof days !== 'object' || days === null) return null;
  const week: Partial<Record<Weekday, Opening[]>> = {};
  for (const weekday of WEEKDAYS) {
    const bounds = at(days, weekday[0]!.toUpperCase() + weekday.slice(1));
    if (typeof bounds !== 'object' || bounds === null) return null;
    if (at(bounds, 'active') !== true) {
      week[weekday] = [];
      continue;
    }
    const opening = openingOf(at(bounds, 'start'), at(bounds, 'end'));
    if (!opening) return null;
    week[weekday] = [opening];
  }
  return normalizedWeek(week);
}

const CLOSED = /^\s*closed\s*$/i;

/**
 * Weedmaps' listing `business_hours` (`{ sunday: { open: '8:00am', close: '12:00am' } }`, the
 * vendor's own example of its listing answer): a day whose `is_closed` is true, or whose times
 * are 'Closed' or empty, is closed.
 */
export function businessHoursWeek(days: unknown): WeeklyHours | null {
  if (typeof days !== 'object' || days === null) return null;
  const week: Partial<Record<Weekday, Opening[]>> = {};
  for (const weekday of WEEKDAYS) {
    const day = at(days, weekday);
    if (typeof day !== 'object' || day === null) return null;
    const [opens, closes] = [at(day, 'open'), at(day, 'close')];
    const closed =
      at(day, 'is_closed') === true ||
      [opens, closes].some(
        (time) => time === null || time === '' || (typeof time === 'string' && CLOSED.test(time)),
      );
    if (closed) {
      week[weekday] = [];
      continue;
    }
    const opening = openingOf(opens, closes);
    if (!opening) return null;
    week[weekday] = [opening];
  }
  return normalizedWeek(week);
}

/**
 * Jane's store `working_hours`, `[{ day: 'sunday', period: { from, to } }]` (a real store record,
 * directories.md 2.2): a day whose period has no times is closed; a day listed twice has two
 * openings. The times' written form is not in a real capture with times; `clockOfText` reads
 * the platforms' usual ones.
 */
export function workingHoursWeek(days: unknown): WeeklyHours | null {
  const week: Partial<Record<Weekday, Opening[]>> = {};
  for (const entry of list(days).slice(0, 7 * 4)) {
    const weekday = weekdayOf(at(entry, 'day'));
    if (!weekday) return null;
    const [from, to] = [at(entry, 'period', 'from'), at(entry, 'period', 'to')];
    const openings = (week[weekday] ??= []);
    if ((from === null || from === undefined) && (to === null || to === undefined)) continue;
    const opening = openingOf(from, to);
    if (!opening) return null;
    openings.push(opening);
  }
  return normalizedWeek(week);
}

/**
 * schema.org `openingHoursSpecification` in a page's JSON-LD (a store or LocalBusiness node;
 * Leafly's store pages carry it, directories.md 4.2): each specification opens its `dayOfWeek`
 * (one or a list, names or schema.org URLs) from `opens` to `closes`. A weekday no specification
 * names is closed, and so is one opening and closing at '00:00' (schema.org's way to say so);
 * specifications bounded by dates (`validFrom`, `validThrough`: a holiday's) are left out.
 * Undefined when the page has no specification at all: a page that states no hours says nothing
 * of them.
 */
export function openingHoursSpecificationWeek(
  roots: readonly unknown[],
): WeeklyHours | null | undefined {
  const specifications = roots
    .flatMap((root) => typedNodes(root, ['OpeningHoursSpecification']))
    .slice(0, 7 * 4)
    .filter(
      (node) => at(node, 'validFrom') === undefined && at(node, 'validThrough') === undefined,
    );
  if (specifications.length === 0) return undefined;
  const week = Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, [] as Opening[]])) as Record<
    Weekday,
    Opening[]
  >;
  for (const specification of specifications) {
    if (!isType(specification, 'OpeningHoursSpecification')) continue;
    const days = at(specification, 'dayOfWeek');
    const weekdays = (Array.isArray(days) ? list(days).slice(0, 7) : [days]).map(weekdayOf);
    if (weekdays.length === 0 || weekdays.some((day) => day === undefined)) return null;
    const [opens, closes] = [
      clockOfText(at(specification, 'opens')),
      clockOfText(at(specification, 'closes')),
    ];
    if (opens === null || closes === null) return null;
    if (opens === '00:00' && closes === '00:00') continue;
    const opening = openingOf(opens, closes);
    if (!opening) return null;
    for (const weekday of weekdays) week[weekday!].push(opening);
  }
  return normalizedWeek(week);
}

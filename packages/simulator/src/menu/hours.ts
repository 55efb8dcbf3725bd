import {
  normalizedWeek,
  WEEKDAYS,
  type Opening,
  type Weekday,
  type WeeklyHours,
} from '@stl-deals/domain';

/**
 * A simulated store's week: one of a few shapes St. Louis stores keep, by the store's place in the
 * registry, so that any dozen stores show every kind (St. Louis City's stores must close by 8 pm
 * and the county's by 10, research stl-notes.md; the simulator also keeps stores open past
 * midnight, so that the rules' overnight hours run in demo mode).
 */

const span = (opens: string, closes: string): Opening[] => [{ opens, closes }];

function week(
  every: Opening[],
  days: Partial<Record<Weekday, Opening[]>> = {},
): Partial<Record<Weekday, Opening[]>> {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, days[day] ?? every]));
}

const WEEKS: ReadonlyArray<Partial<Record<Weekday, Opening[]>>> = [
  // Every day alike, to the county's 10 pm.
  week(span('08:00', '22:00')),
  // A shorter Sunday.
  week(span('09:00', '21:00'), { sunday: span('10:00', '18:00') }),
  // A city store, to 8 pm, closed on Mondays.
  week(span('10:00', '20:00'), { monday: [] }),
  // Late on Friday and Saturday nights, past midnight.
  week(span('09:00', '22:00'), {
    friday: span('09:00', '01:00'),
    saturday: span('09:00', '01:00'),
  }),
  // Open until 2 AM every night.
  week(span('10:00', '02:00')),
  // Closed for lunch on weekdays.
  week([...span('08:00', '12:00'), ...span('13:00', '20:00')], {
    saturday: span('10:00', '18:00'),
    sunday: span('10:00', '18:00'),
  }),
  // Closed on Sundays.
  week(span('08:00', '20:00'), { sunday: [] }),
];

/** The week of the store at `index` in the registry. */
export function storeWeek(index: number): WeeklyHours {
  const week = normalizedWeek(WEEKS[index % WEEKS.length]!);
  if (!week) throw new Error(`Simulated week ${index % WEEKS.length} is no week`);
  return week;
}

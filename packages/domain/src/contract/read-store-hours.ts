import { HOURS_SOURCES, WEEKDAYS, type HoursSource, type Weekday } from './constants';
import type { StoreHours } from './store-hours';
import { isNormalWeek, type Opening } from '../rules/store-hours';

/**
 * A dispensary's `hours` read as `StoreHoursSchema.parse` would, without a schema library: the
 * same value (unknown fields left out), or undefined when the schema refuses it. A module apart
 * from `read.ts`, so that only a page part that shows hours carries it;
 * `read-store-hours.test.ts` holds it to the schema on generated input.
 */
export function readStoreHours(value: unknown): StoreHours | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { source, week } = value as Record<string, unknown>;
  if (!(HOURS_SOURCES as readonly unknown[]).includes(source) || !isNormalWeek(week)) {
    return undefined;
  }
  const days = Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      week[day].map(({ opens, closes }: Opening) => ({ opens, closes })),
    ]),
  ) as Record<Weekday, Opening[]>;
  return { source: source as HoursSource, week: days };
}

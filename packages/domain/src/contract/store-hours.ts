import { z } from 'zod';
import { HOURS_SOURCES, MAX_OPENINGS_PER_DAY, WEEKDAYS, type Weekday } from './constants';
import { clockMinutes, isNormalWeek } from '../rules/store-hours';

/** 'HH:MM' on a 24-hour clock; '24:00' is the end of the day (a close only). */
const ClockTime = z
  .string()
  .refine((value) => clockMinutes(value) !== null, "a time of day, 'HH:MM' (00:00-24:00)");

/**
 * One opening of a day, in the store's wall-clock time (the market's, America/Chicago): it opens
 * at `opens` and closes at `closes` that day, or the next day when `closes` is not after `opens`
 * ('10:00'-'02:00' closes at 2 AM; '00:00'-'24:00' is the whole day).
 */
export const OpeningSchema = z.object({
  opens: ClockTime.refine((value) => value !== '24:00', 'a store opens before 24:00'),
  closes: ClockTime,
});

const DaySchema = z.array(OpeningSchema).max(MAX_OPENINGS_PER_DAY).readonly();

/**
 * A store's week: every weekday's openings, sorted and apart, none for a closed day, at least
 * one in the week (see `isNormalWeek` in rules/store-hours.ts for the whole rule).
 */
export const WeeklyHoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, DaySchema])) as Record<
      Weekday,
      typeof DaySchema
    >,
  )
  .refine(
    isNormalWeek,
    "each day's openings sorted and apart, none running into the next day's, at least one in the week",
  );

/**
 * A dispensary's weekly hours as `GET /api/scraper/dispensaries` sends them, with where they came
 * from: its platform's store record (the last scrape that read one) or its registry entry.
 */
export const StoreHoursSchema = z.object({
  source: z.enum(HOURS_SOURCES),
  week: WeeklyHoursSchema,
});
export type StoreHours = z.infer<typeof StoreHoursSchema>;

import { calendarAt, dateKey, dayFromNumber, dayNumber, MARKET_TIME_ZONE } from '@stl-deals/domain';

/*
 * The simulated menus' calendar. A store's menu is the same all day and moves at midnight in
 * St. Louis: the market's zone, the one the service keeps its daily price observations in.
 */

/** The day `now` falls on in St. Louis, as its number (see `dayNumber`). */
export function menuDayNumber(now: Date): number {
  return dayNumber(dateKey(calendarAt(now.getTime(), MARKET_TIME_ZONE)));
}

/** The calendar day of a day number, 'YYYY-MM-DD'. */
export const menuDay = (day: number) => dayFromNumber(day);

/**
 * 23:59 in St. Louis on the day numbered `day`, as ISO 8601: 05:59 UTC the next day, ignoring
 * daylight time (an hour late in summer), as an end date a special names.
 */
export function endOfDay(day: number): string {
  const [year, month, date] = menuDay(day).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1, 5, 59)).toISOString();
}

import { calendarAt, dateKey } from '@stl-deals/domain';

/**
 * The market's time zone: St. Louis keeps Central time. The price history keeps one observation
 * per store, product and calendar day here, so a scrape at 11:30 pm and one at 12:30 am are two
 * days wherever the service runs.
 */
export const MARKET_TIME_ZONE = 'America/Chicago';

/** The market's calendar day ('YYYY-MM-DD') at `instant`. */
export function marketDay(instant: Date): string {
  return dateKey(calendarAt(instant.getTime(), MARKET_TIME_ZONE));
}

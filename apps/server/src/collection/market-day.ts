import { MARKET_TIME_ZONE, marketDay as marketDayOnClock } from '@stl-deals/domain';

/**
 * The market's time zone (America/Chicago: St. Louis keeps Central time), the domain's. The price
 * history keeps one observation per store, product and calendar day there, so a scrape at
 * 11:30 pm and one at 12:30 am are two days wherever the service runs.
 */
export { MARKET_TIME_ZONE };

/** The market's calendar day ('YYYY-MM-DD') at `instant`, whatever the service's own zone. */
export function marketDay(instant: Date): string {
  return marketDayOnClock(instant.getTime(), MARKET_TIME_ZONE);
}

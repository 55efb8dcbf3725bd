import { calendarAt, clockText, dateTimeText, type TimeZone } from '@stl-deals/domain';

/**
 * Times as the status line shows them, in the visitor's time zone. Decision: US English, like
 * every other text of the page; the data-loaded time has seconds (it changes every 10 s while the
 * cache loads), the cache update time has the date (it may be days old).
 */
export function loadedTimeText(epochMs: number, timeZone: TimeZone): string {
  return clockText(calendarAt(epochMs, timeZone), { seconds: true });
}

export function cacheUpdatedText(isoTime: string, timeZone: TimeZone): string {
  return dateTimeText(calendarAt(Date.parse(isoTime), timeZone));
}

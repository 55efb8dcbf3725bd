/**
 * Times as the status line shows them, in the visitor's time zone. Decision: US English, like
 * every other text of the page; the data-loaded time has seconds (it changes every 10 s while the
 * cache loads), the cache update time has the date (it may be days old).
 */
export function loadedTimeText(epochMs: number, timeZone: string): string {
  return format(timeZone, 'time').format(epochMs);
}

export function cacheUpdatedText(isoTime: string, timeZone: string): string {
  return format(timeZone, 'date-time').format(new Date(isoTime));
}

/** Formatters are costly to make: one per time zone and kind, made on first use. */
const FORMATS = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string, kind: 'time' | 'date-time'): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let formatter = FORMATS.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      'en-US',
      kind === 'time'
        ? { timeStyle: 'medium', timeZone }
        : { dateStyle: 'medium', timeStyle: 'short', timeZone },
    );
    FORMATS.set(key, formatter);
  }
  return formatter;
}

/**
 * When a failing or unconfigured dispensary last gave deals, in the list under 'Deals from N of
 * M dispensaries'. Decision: local date and time like the cache update (a relative 'x ago' would
 * need a ticking clock and goes stale on an idle page); 'never' when it never gave any.
 */
export function lastSuccessText(isoTime: string | null, timeZone: string): string {
  return `Last success: ${isoTime === null ? 'never' : cacheUpdatedText(isoTime, timeZone)}`;
}

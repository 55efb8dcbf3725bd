/**
 * Times as the status line shows them, in the visitor's time zone. Decision: US English, like
 * every other text of the page; the data-loaded time has seconds (it changes every 10 s while the
 * cache loads), the cache update time has the date (it may be days old).
 */
export function loadedTimeText(epochMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeStyle: 'medium', timeZone }).format(epochMs);
}

export function cacheUpdatedText(isoTime: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(isoTime));
}

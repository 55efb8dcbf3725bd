/** The longest `Date` header read: an IMF-fixdate is 29 characters, the obsolete forms a few more. */
const MAX_DATE_HEADER = 64;

/**
 * The instant of a `Date` header (RFC 9110: the origin's clock when it answered), in ms; undefined
 * when absent or not a date. The service's own clock is checked against it (see `recordingDay`),
 * never replaced by it: a source cannot move the price memory's day past the service's clock.
 */
export function dateHeader(value: string | null): number | undefined {
  if (value === null || value.length > MAX_DATE_HEADER) return undefined;
  const instant = Date.parse(value);
  return Number.isFinite(instant) ? instant : undefined;
}

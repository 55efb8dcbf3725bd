/**
 * The first backoff wait. It is short because retries within a scrape are for blips; a longer
 * outage is for the service's schedule to wait out, and a host that wants more says Retry-After.
 */
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;

/**
 * Exponential backoff with "equal jitter": half of the step for the attempt that just failed
 * (counted from 1), plus up to the other half at random (`random` in [0, 1)), so that scrapes that
 * failed together do not all come back at the same moment.
 */
export function backoffDelay(attempt: number, random: number): number {
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
  return Math.round(step / 2 + (step / 2) * random);
}

/**
 * A Retry-After header (RFC 9110 section 10.2.3) as ms from `now`: delay-seconds or an HTTP-date
 * (a date in the past is 0). Null when absent or malformed, so that backoff decides instead.
 */
export function parseRetryAfter(value: string | null, now: number): number | null {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP-date form starts with the day name; the check keeps Date.parse's guesses out.
  if (!/^[a-z]{3}/i.test(text)) return null;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

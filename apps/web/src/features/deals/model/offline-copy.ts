import { calendarAt, clockText, dateTimeText, type TimeZone } from '@stl-deals/domain';

/**
 * The header the page's service worker puts on an answer it gives from its own copy because the
 * network failed: when that copy was saved, as an ISO time (on the worker's clock). An answer
 * without it came from the service.
 */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';

/** The longest a copy's age may be and still be read: a year (older is a broken clock). */
const MAX_AGE_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * The service worker's answer to 'copies-served' (which of the page's answers it gave from its
 * copies, and how old each copy was), read as untrusted: each path of the service's API with when
 * its copy was saved on the page's clock (`now` less the copy's age, so that a worker's clock
 * that differs from the page's does not matter). Anything else is left out.
 */
export function copiesServed(answer: unknown, now: number): Map<string, number> {
  const served = new Map<string, number>();
  const copies = (answer as { copies?: unknown } | null)?.copies;
  if (!Array.isArray(copies)) return served;
  for (const copy of copies as unknown[]) {
    const { path, ageMs } = (copy ?? {}) as { path?: unknown; ageMs?: unknown };
    if (typeof path !== 'string' || !path.startsWith('/api/')) continue;
    if (typeof ageMs !== 'number' || !(ageMs >= 0 && ageMs <= MAX_AGE_MS)) continue;
    served.set(path, now - ageMs);
  }
  return served;
}

/**
 * The service calls the page's list is drawn from besides its deals, as the page makes them (see
 * `checkHealth`, `getCacheStatus` and `getDispensaries`): the service worker keeps their copies.
 */
export const LIST_CALLS = [
  '/api/monitoring/scraper/ping',
  '/api/monitoring/scraper/status',
  '/api/scraper/dispensaries',
] as const;

/** The path of the deals call of a selection ('all' or a dispensary's key), as `getDeals` asks. */
export function dealsCallOf(selection: string): string {
  return selection === 'all'
    ? '/api/reactive/deals?view=page'
    : `/api/reactive/deals?dispensary=${encodeURIComponent(selection)}&view=page`;
}

/** 'Deals from 2:10 PM, offline'; with the date when the copy is from an earlier day. */
export function offlineCopyText(savedAt: number, now: number, timeZone: TimeZone): string {
  const saved = calendarAt(savedAt, timeZone);
  const today = calendarAt(now, timeZone);
  const sameDay =
    saved.year === today.year && saved.month === today.month && saved.day === today.day;
  const when = sameDay ? clockText(saved, { seconds: false }) : dateTimeText(saved);
  return `Deals from ${when}, offline`;
}

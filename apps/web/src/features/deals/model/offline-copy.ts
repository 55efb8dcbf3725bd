import { calendarAt, clockText, dateTimeText, type TimeZone } from '@stl-deals/domain';

/**
 * The header the page's service worker puts on a deals answer it gives from its own copy because
 * the network failed: when that copy was saved, as an ISO time. An answer without it came from
 * the service.
 */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

/**
 * When the answer's offline copy was saved (epoch ms), or null for a fresh answer. The header is
 * read as untrusted: anything but a UTC ISO time not later than `now` counts as no copy.
 */
export function offlineCopySavedAt(headers: Headers, now: number): number | null {
  const value = headers.get(OFFLINE_COPY_HEADER)?.trim();
  if (!value || !ISO_TIME.test(value)) return null;
  const savedAt = Date.parse(value);
  return Number.isFinite(savedAt) && savedAt <= now ? savedAt : null;
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

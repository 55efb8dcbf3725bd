import type { EmailAddressRecord, EmailWatchRecord } from '@stl-deals/store';
import { MARKET_TIME_ZONE, marketDay } from '../collection/market-day';
import { PRODUCT_INTERVAL_MS } from './product-watch';
import { FIRST_BACKOFF_MS, MAX_BACKOFF_MS } from './push-schedule';

/**
 * When an email watch's news goes out. 'instant': in the first pass that finds it, at most once
 * an hour per search watch (once a day per product watch). 'daily': in one digest per St. Louis
 * day, the first pass from 7 am that finds news. A failed send waits 5 minutes, doubling to 6
 * hours; a mail server that refuses the address for good three times in a row drops it. Pure:
 * the time is given.
 */

/** At most one message per instant search watch in this long. */
export const INSTANT_INTERVAL_MS = 60 * 60 * 1000;
/** The hour (St. Louis time) from which a day's digest is sent. */
export const DIGEST_HOUR = 7;
/** Refusals for good in a row after which an address is dropped. */
export const PERMANENT_FAILURES = 3;
/** How long a confirmation link works; an address never confirmed is dropped after it. */
export const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;

const hourFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: MARKET_TIME_ZONE,
  hour: 'numeric',
  hourCycle: 'h23',
});

/** The hour of the day in St. Louis at `nowMs`, 0 to 23. */
export function marketHour(nowMs: number): number {
  return Number(hourFormat.format(new Date(nowMs)));
}

/** Whether the address may be sent a message now (no backoff running). */
export function addressDue(address: Pick<EmailAddressRecord, 'retryAt'>, nowMs: number): boolean {
  return address.retryAt === null || Date.parse(address.retryAt) <= nowMs;
}

/** Whether a watch's news may be told now, by its cadence and kind. */
export function watchDue(
  watch: Pick<EmailWatchRecord, 'cadence' | 'lastSentAt' | 'productKey'>,
  nowMs: number,
): boolean {
  const { lastSentAt } = watch;
  if (watch.cadence === 'daily') {
    if (marketHour(nowMs) < DIGEST_HOUR) return false;
    return lastSentAt === null || marketDay(new Date(lastSentAt)) < marketDay(new Date(nowMs));
  }
  const interval = watch.productKey === null ? INSTANT_INTERVAL_MS : PRODUCT_INTERVAL_MS;
  return lastSentAt === null || nowMs - Date.parse(lastSentAt) >= interval;
}

/** When an address whose send failed for the `failures`-th time in a row is tried again. */
export function emailRetryAt(failures: number, nowMs: number): Date {
  const backoff = Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
  return new Date(nowMs + backoff);
}

import type { PushSubscriptionRecord } from '@stl-deals/store';

/**
 * When a subscription is sent a message, and what a push service's answer does to it: at most
 * one message an hour, a wait after a failure that doubles with each failure in a row (or what
 * the push service asked for, when longer), and a subscription its push service no longer knows
 * deleted. Pure: the time is given.
 */

/** At most one message per subscription in this long. */
export const MESSAGE_INTERVAL_MS = 60 * 60 * 1000;
/** A subscription neither made nor sent a message in this long is dropped. */
export const UNUSED_DROP_MS = 90 * 24 * 60 * 60 * 1000;

/** The first wait after a failure; each failure in a row doubles it, up to `MAX_BACKOFF_MS`. */
export const FIRST_BACKOFF_MS = 5 * 60 * 1000;
export const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
/** The longest a push service's Retry-After is believed for. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** Whether the subscription may be sent a message at `nowMs`. */
export function isDue(
  subscription: Pick<PushSubscriptionRecord, 'lastSentAt' | 'retryAt'>,
  nowMs: number,
): boolean {
  const { retryAt, lastSentAt } = subscription;
  if (retryAt !== null && Date.parse(retryAt) > nowMs) return false;
  return lastSentAt === null || nowMs - Date.parse(lastSentAt) >= MESSAGE_INTERVAL_MS;
}

/** What a push service's answer (or no answer: `status` null) means for the subscription. */
export type SendVerdict = 'sent' | 'gone' | 'retry';

/**
 * 2xx: the push service took the message. 404 and 410: the subscription no longer exists (RFC
 * 8030 section 7.3), so it is deleted. Anything else, no answer included, is tried again later:
 * 429 and 5xx say so, and another refusal may be the service's own passing fault (its keys, a
 * push service's bad day) rather than the subscription's, which must not be lost for it.
 */
export function verdictOf(status: number | null): SendVerdict {
  if (status !== null && status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  return 'retry';
}

/** A Retry-After value (seconds, or an HTTP date) as a wait from `nowMs`; null when unreadable. */
export function retryAfterMs(value: string | undefined, nowMs: number): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/**
 * When a subscription whose send failed for the `failures`-th time in a row is tried again: the
 * backoff, or the push service's Retry-After when that is longer (believed up to a day).
 */
export function retryAt(failures: number, retryAfter: number | null, nowMs: number): Date {
  const backoff = Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
  const asked = retryAfter === null ? 0 : Math.min(retryAfter, MAX_RETRY_AFTER_MS);
  return new Date(nowMs + Math.max(backoff, asked));
}

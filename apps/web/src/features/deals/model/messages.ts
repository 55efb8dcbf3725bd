import { DEFAULT_DISPENSARY_COUNT, type CacheStatus } from '@stl-deals/domain';
import type { AttemptFailed, RetryStarting } from '../../../shared/http/retry';

// The spec's texts (sections 4 and 8), word for word: those of the loading sequence and of
// what a load shows, which the first screen needs. The texts of the visitor's actions (Refresh,
// Refresh All, Retry Connection), of a failed load and of the page's own retries are in
// action-messages.ts, loaded with the panels that show them.

/** The loading message at rest; also what the refresh-all success text reverts to. */
export const IDLE_MESSAGE = 'Loading deals...';
export const CONNECTING_MESSAGE = 'Connecting to backend...';
export const FROM_CACHE_MESSAGE = 'Loading deals from cache...';
export const WAKING_UP_MESSAGE = 'Backend is waking up from sleep... This may take 30-60 seconds.';
export const NOT_RESPONDING_MESSAGE =
  'Backend is not responding. Please try again in a few minutes.';
const FIXED_ESTIMATE = '17-20 minutes';

/**
 * What the page says when an attempt failed and another follows: the waking-up text after the
 * first failure, then the countdown. Decision: N is the wait rounded up to whole seconds, so the
 * page never promises a retry sooner than it comes.
 */
export function attemptFailedMessage({ attempt, attempts, delayMs }: AttemptFailed): string {
  if (attempt === 1) return WAKING_UP_MESSAGE;
  const seconds = Math.ceil(delayMs / 1000);
  return `Backend is starting up... Retrying in ${seconds} seconds (attempt ${attempt}/${attempts})`;
}

export function reconnectingMessage({ attempt, attempts }: RetryStarting): string {
  return `Attempting to reconnect... (attempt ${attempt}/${attempts})`;
}

export function cacheStillLoadingMessage(dealCount: number): string {
  return `Cache still loading... Showing ${dealCount} deals so far (will auto-refresh when complete)`;
}

/** The real estimate of the first load, when the service sends both parts of it. */
export interface FirstLoadEstimate {
  minutesLeft: number;
  done: number;
  total: number;
}

/**
 * Decisions: the estimate is used only when the status carries both `etaSeconds` and `progress`
 * (either alone would leave half the sentence to guess); minutes are rounded up, never below 1.
 */
export function firstLoadEstimate(
  status: CacheStatus | null | undefined,
): FirstLoadEstimate | null {
  if (status?.etaSeconds === undefined || status.progress === undefined) return null;
  return {
    minutesLeft: Math.max(1, Math.ceil(status.etaSeconds / 60)),
    done: status.progress.done,
    total: status.progress.total,
  };
}

function minutes(count: number): string {
  return `${count} ${count === 1 ? 'minute' : 'minutes'}`;
}

/** The status text of the first-load branch (cache not ready, no deals yet). */
export function cacheStartingMessage(status: CacheStatus | null | undefined): string {
  const estimate = firstLoadEstimate(status);
  const rest = estimate
    ? `About ${minutes(estimate.minutesLeft)} left (${estimate.done} of ${estimate.total} dispensaries done).`
    : `This will take ${FIXED_ESTIMATE} total.`;
  return `Starting to load deals from dispensaries... ${rest}`;
}

/** The first-time cache notice: the dispensary count (39 when not sent) and the estimate. */
export function firstLoadNotice(status: CacheStatus | null | undefined): string {
  const estimate = firstLoadEstimate(status);
  if (estimate) {
    return (
      `Fetching deals from all ${estimate.total} dispensaries: ${estimate.done} of ` +
      `${estimate.total} done, about ${minutes(estimate.minutesLeft)} left. After this first ` +
      'load, loads are instant.'
    );
  }
  const count = status?.dispensaryCount ?? DEFAULT_DISPENSARY_COUNT;
  return (
    `Fetching deals from all ${count} dispensaries takes about ${FIXED_ESTIMATE} on the first ` +
    'load. After that, loads are instant.'
  );
}

const CONNECTION_TROUBLE = ['Backend is not responding', 'Network Error', 'Failed after'];

/**
 * The error panel adds the connection advice and 'Retry Connection' for these texts only; the
 * page keeps trying on its own after them (see `shown`).
 */
export function needsConnectionAdvice(errorText: string): boolean {
  return CONNECTION_TROUBLE.some((marker) => errorText.includes(marker));
}

/**
 * The empty state when no dispensary could be reached (each one tried failed), rather than a bare
 * 'No deals found.': so, and when the service holds earlier deals, from when (`lastGood`).
 */
export function noneReachedMessage(lastGood: string | null): string {
  return lastGood
    ? `No dispensary could be reached. The last good deals are from ${lastGood}.`
    : 'No dispensary could be reached, and none has given deals yet, so there is nothing to show.';
}

/** The background retries after the spec's attempts failed. */
export const BACKGROUND_RETRY_INTERVAL_MS = 15_000;
export const BACKGROUND_RETRY_FOR_MS = 120_000;

/**
 * The status text while the cache loads and some deals already show (spec section 4), kept
 * true: the spec's 'Showing N deals so far' counted the service's deals, while the list
 * showed only today's; when some are hidden, it says how many show and why the rest do not.
 */
export function cacheStillLoadingShownMessage(counts: {
  received: number;
  shown: number;
  otherDays: number;
}): string {
  const { received, shown, otherDays } = counts;
  if (shown === received) return cacheStillLoadingMessage(shown);
  return `Cache still loading... Showing ${shown} of ${received} deals so far (${otherDaysText(otherDays)}) (will auto-refresh when complete)`;
}

/** '219 are for other days'. */
function otherDaysText(otherDays: number): string {
  return `${otherDays} ${otherDays === 1 ? 'is' : 'are'} for other days`;
}

/**
 * Under the count line: why the loaded deals not counted are not listed, so the count
 * line and the status never seem to disagree. Null when every loaded deal is listed.
 */
export function hiddenDealsNote(counts: { otherDays: number }): string | null {
  const { otherDays } = counts;
  return otherDays > 0
    ? `${otherDays} more ${otherDays === 1 ? 'deal is' : 'deals are'} for other days (choose the day under 'Deals for').`
    : null;
}

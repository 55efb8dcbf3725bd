import { DEFAULT_DISPENSARY_COUNT, type CacheStatus } from '@stl-deals/domain';
import { HttpError, NoResponseError } from '../../../shared/http/errors';
import type { AttemptFailed, RetryStarting } from '../../../shared/http/retry';

// The spec's texts (sections 4 and 8), word for word, in one place.

/** The loading message at rest; also what the refresh-all success text reverts to. */
export const IDLE_MESSAGE = 'Loading deals...';
export const CONNECTING_MESSAGE = 'Connecting to backend...';
export const FROM_CACHE_MESSAGE = 'Loading deals from cache...';
export const ALL_LOADED_MESSAGE = 'All deals loaded!';
export const REFRESHING_ALL_MESSAGE = 'Force refreshing all dispensaries...';
export const REFRESHED_ALL_MESSAGE = 'All dispensaries refreshed successfully!';
/** How long the refresh-all success text stays before reverting (spec section 9). */
export const REFRESHED_ALL_MESSAGE_MS = 3000;
export const WAKING_UP_MESSAGE = 'Backend is waking up from sleep... This may take 30-60 seconds.';
export const NOT_RESPONDING_MESSAGE =
  'Backend is not responding. Please try again in a few minutes.';
const FIXED_ESTIMATE = '17-20 minutes';

export function refreshingMessage(key: string): string {
  return `Refreshing ${key}...`;
}

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

/**
 * The reason part of 'Failed to fetch deals: {reason}' (spec section 8), in its first reading:
 * the server's status when it answered, 'no response' when nothing came, else the error's own
 * message ('Failed after N attempts...' among them).
 */
export function failureReason(error: unknown): string {
  if (error instanceof HttpError) return `Server error: ${error.status} ${error.statusText}`.trim();
  if (error instanceof NoResponseError) {
    return 'No response from server - check if backend is running';
  }
  return error instanceof Error && error.message ? error.message : 'Network connection failed';
}

export function fetchDealsFailedMessage(error: unknown): string {
  const reason = failureReason(error);
  return reason.includes('Backend is not responding') ? reason : `Failed to fetch deals: ${reason}`;
}

export function refreshFailedMessage(key: string, error: unknown): string {
  return `Failed to refresh ${key}: ${failureReason(error)}`;
}

export function refreshAllFailedMessage(error: unknown): string {
  return `Failed to refresh all dispensaries: ${failureReason(error)}`;
}

export function retryFailedMessage(error: unknown): string {
  return `Retry failed: ${failureReason(error)}`;
}

const CONNECTION_TROUBLE = ['Backend is not responding', 'Network Error', 'Failed after'];

/** The error panel adds the connection advice and 'Retry Connection' for these texts only. */
export function needsConnectionAdvice(errorText: string): boolean {
  return CONNECTION_TROUBLE.some((marker) => errorText.includes(marker));
}

// Texts that say what happened, never more than is true.

/** The answer of `POST /api/scraper/refresh/all` as this service sends it (the spec shows none). */
export interface RefreshAllAnswer {
  refreshed?: number;
  failed?: number;
  skipped?: number;
  /** Sent with 202 when the pass outlasted the service's wait: it goes on in the background. */
  progress?: { done: number; total: number };
}

/** How long a Refresh All result other than the spec's success text stays. */
export const REFRESH_ALL_RESULT_MS = 10_000;

/**
 * What Refresh All says it did. The spec's success text only when the answer counts
 * refreshed dispensaries and none failed or was skipped, or when the service sends no counts at
 * all (the spec's own service, whose answer is not shown); 'Everything was refreshed less than a
 * minute ago' when every dispensary was skipped (the service's cooldown); else the counts; and
 * while the pass still runs (202), how far it got.
 */
export function refreshAllResultMessage(answer: RefreshAllAnswer | null): string {
  if (answer?.progress) {
    const { done, total } = answer.progress;
    return `Refresh All is still running on the service (${done} of ${total} dispensaries done); showing the deals collected so far.`;
  }
  const counts = [answer?.refreshed, answer?.failed, answer?.skipped];
  if (!answer || counts.every((count) => count === undefined)) return REFRESHED_ALL_MESSAGE;
  const [refreshed = 0, failed = 0, skipped = 0] = counts;
  if (failed === 0 && skipped === 0 && refreshed > 0) return REFRESHED_ALL_MESSAGE;
  if (refreshed === 0 && failed === 0 && skipped > 0) {
    return 'Everything was refreshed less than a minute ago';
  }
  return `Refreshed ${refreshed}, failed ${failed}, ${skipped} skipped`;
}

/**
 * A refresh of one dispensary whose scrape failed while the service still has its last good
 * deals: the service's public reason, and when the deals shown were collected.
 */
export function refreshKeptOldDealsMessage(name: string, reason: string, asOf: string | null) {
  return `Could not refresh ${name}: ${withoutEndStop(reason)}.${asOf ? ` Showing deals from ${asOf}.` : ''}`;
}

/** A refresh the service refused with a reason of its own (502 {error, message}: no deals). */
export function refreshFailedWithReasonMessage(name: string, reason: string) {
  return `Could not refresh ${name}: ${withoutEndStop(reason)}.`;
}

function withoutEndStop(text: string): string {
  return text.trim().replace(/[.!]+$/, '');
}

/**
 * A refresh the service refused for now (429: too many refreshes from this visitor in the last
 * minute), in plain words, by the dispensary's name (null for Refresh All); the notice adds the
 * wait the service asked for.
 */
export function refreshRefusedMessage(name: string | null): string {
  const what = name === null ? 'Nothing was refreshed' : `${name} was not refreshed`;
  return `${what}: too many refreshes in the last minute.`;
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

/** The wait a 429 or 503 asked for, counted down to the second. */
export function tryAgainMessage(secondsLeft: number): string {
  return secondsLeft > 0 ? `Try again in ${secondsLeft} s.` : 'You can try again now.';
}

/** The background retries after the spec's attempts failed. */
export const BACKGROUND_RETRY_INTERVAL_MS = 15_000;
export const BACKGROUND_RETRY_FOR_MS = 120_000;

export function backgroundRetryMessage(state: { attempt: number; of: number } | 'stopped') {
  if (state === 'stopped') {
    return 'The page stopped trying after 2 minutes. Use Retry Connection to try again.';
  }
  return `Still trying in the background every 15 seconds for 2 minutes (try ${state.attempt} of ${state.of}); the deals appear as soon as the backend answers.`;
}

/**
 * The status text while the cache loads and some deals already show (spec section 4), kept
 * true: the spec's 'Showing N deals so far' counted the service's deals, while the list
 * showed only today's; when some are hidden, it says how many show and why the rest do not.
 */
export function cacheStillLoadingShownMessage(counts: {
  received: number;
  shown: number;
  otherDays: number;
  notDeals: number;
}): string {
  const { received, shown, otherDays, notDeals } = counts;
  if (shown === received) return cacheStillLoadingMessage(shown);
  return `Cache still loading... Showing ${shown} of ${received} deals so far (${hiddenReasons(otherDays, notDeals)}) (will auto-refresh when complete)`;
}

/** '219 are for other days, 3 are not deals', each part only when it counts any. */
export function hiddenReasons(otherDays: number, notDeals: number): string {
  const parts: string[] = [];
  if (otherDays > 0) parts.push(`${otherDays} ${otherDays === 1 ? 'is' : 'are'} for other days`);
  if (notDeals > 0) parts.push(`${notDeals} ${notDeals === 1 ? 'is' : 'are'} not deals`);
  return parts.join(', ');
}

/**
 * Under the count line: why the loaded deals not counted are not listed, so the count
 * line and the status never seem to disagree. Null when every loaded deal is listed.
 */
export function hiddenDealsNote(counts: { otherDays: number; notDeals: number }): string | null {
  const { otherDays, notDeals } = counts;
  const parts: string[] = [];
  if (otherDays > 0) {
    parts.push(
      `${otherDays} more ${otherDays === 1 ? 'deal is' : 'deals are'} for other days (choose the day under 'Deals for')`,
    );
  }
  if (notDeals > 0) {
    parts.push(
      `${notDeals} menu ${notDeals === 1 ? 'entry is' : 'entries are'} left out as not deals`,
    );
  }
  return parts.length > 0 ? `${parts.join('; ')}.` : null;
}

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

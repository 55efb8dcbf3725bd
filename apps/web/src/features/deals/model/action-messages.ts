import { HttpError, NoResponseError } from '../../../shared/http/errors';

// The texts of the visitor's actions (Refresh, Refresh All, Retry Connection, spec sections 4 and
// 8) and of what follows a failure (a failed load's error panel, the notice over the list, the
// panel's background retries), word for word where the spec has them; ours say what happened,
// never more than is true. They load with the actions and the panels that show them (see
// `onDemandParts`), not with the page's first load.

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

/** A failed load's text in the error panel; the not-responding text (`connect`) stands alone. */
export function fetchDealsFailedMessage(error: unknown): string {
  const reason = failureReason(error);
  return reason.includes('Backend is not responding') ? reason : `Failed to fetch deals: ${reason}`;
}

/** The end of the first cache load, told by an auto-refresh round (spec section 4, step 4). */
export const ALL_LOADED_MESSAGE = 'All deals loaded!';

export const REFRESHING_ALL_MESSAGE = 'Force refreshing all dispensaries...';
export const REFRESHED_ALL_MESSAGE = 'All dispensaries refreshed successfully!';
/** How long the refresh-all success text stays before reverting (spec section 9). */
export const REFRESHED_ALL_MESSAGE_MS = 3000;

export function refreshingMessage(key: string): string {
  return `Refreshing ${key}...`;
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

/** The wait a 429 or 503 asked for, counted down to the second. */
export function tryAgainMessage(secondsLeft: number): string {
  return secondsLeft > 0 ? `Try again in ${secondsLeft} s.` : 'You can try again now.';
}

/** What the error panel says of the page's retries after the spec's attempts failed. */
export function backgroundRetryMessage(state: { attempt: number; of: number } | 'stopped') {
  if (state === 'stopped') {
    return 'The page stopped trying after 2 minutes. Use Retry Connection to try again.';
  }
  return `Still trying in the background every 15 seconds for 2 minutes (try ${state.attempt} of ${state.of}); the deals appear as soon as the backend answers.`;
}

/**
 * One dispensary's load failed while the page holds the list of all of them: the list shows that
 * dispensary's deals from it, and says so.
 */
export function heldDealsMessage(name: string, loadedAt: string, unreachable: boolean) {
  const why = unreachable ? 'The service did not answer' : 'Could not load its deals';
  return `${why}: showing the deals of ${name} as loaded at ${loadedAt}.`;
}

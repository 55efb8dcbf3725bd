import type { AttemptFailed, RetryStarting } from '../../../shared/http/retry';
import { attemptFailedMessage, IDLE_MESSAGE, reconnectingMessage } from './messages';

/** A failed or refused refresh, shown over a loaded list instead of replacing it. */
export interface Notice {
  text: string;
  /** When the service said it may be asked again (from Retry-After), epoch ms; else null. */
  retryAt: number | null;
}

/** The page's retries after the spec's attempts failed: which try, or that they stopped. */
export type BackgroundRetry = { attempt: number; of: number } | 'stopped';

/**
 * What the page says it is doing: the loading message, the error (shown instead of the list),
 * a notice over the list, and while a call is being retried, the attempt counter and the
 * waking-up notice.
 */
export interface Activity {
  message: string;
  /** The message reverts to the idle one after this many ms, unless replaced first. */
  messageExpiresMs: number | null;
  /** The message is the cache-still-loading one: the page words it with the list's counts. */
  partial: boolean;
  error: string | null;
  notice: Notice | null;
  attempt: { number: number; of: number } | null;
  wakingUp: boolean;
  /** Set while the page keeps trying in the background under a connection error. */
  background: BackgroundRetry | null;
  /**
   * The service did not answer the last call that ended (see `isUnreachable`): true until a
   * later call gets an answer, whatever error or notice is shown or dismissed meanwhile.
   */
  unreachable: boolean;
}

export type ActivityEvent =
  /** A load or refresh begins: any error panel and notice go away. */
  | { type: 'started'; message: string }
  /** The next step of a flow: the backend answered, so retry state is over. */
  | { type: 'step'; message: string; partial?: boolean }
  | ({ type: 'attempt-failed' } & AttemptFailed)
  | ({ type: 'retrying' } & RetryStarting)
  | { type: 'finished'; message?: string; partial?: boolean; expiresMs?: number }
  /** A load failed: the error panel; `background` when the page keeps trying on its own. */
  | { type: 'failed'; error: string; background?: boolean }
  /** A refresh failed or was refused: a notice over the list (the page shows a panel if none). */
  | { type: 'refresh-failed'; notice: Notice; unreachable?: boolean }
  | { type: 'background'; state: BackgroundRetry }
  /**
   * The visitor changed what is displayed, or closed the notice: an error over a loaded list,
   * and any notice, have been read (see `useDealFeed`).
   */
  | { type: 'dismissed'; listLoaded: boolean }
  /** A message shown for a limited time ran out; it reverts only if nothing replaced it. */
  | { type: 'expired'; message: string };

export const INITIAL_ACTIVITY: Activity = {
  message: IDLE_MESSAGE,
  messageExpiresMs: null,
  partial: false,
  error: null,
  notice: null,
  attempt: null,
  wakingUp: false,
  background: null,
  unreachable: false,
};

export function activityReducer(state: Activity, event: ActivityEvent): Activity {
  switch (event.type) {
    case 'started':
      // Starting proves nothing about the service: what the last calls found stands.
      return { ...INITIAL_ACTIVITY, message: event.message, unreachable: state.unreachable };
    case 'step':
      return {
        ...state,
        unreachable: false,
        message: event.message,
        messageExpiresMs: null,
        partial: event.partial ?? false,
        attempt: null,
        wakingUp: false,
      };
    case 'attempt-failed':
      return {
        ...state,
        message: attemptFailedMessage(event),
        messageExpiresMs: null,
        partial: false,
        attempt: { number: event.attempt, of: event.attempts },
        wakingUp: true,
      };
    case 'retrying':
      // The spec clears the error panel when a retry starts.
      return {
        ...state,
        message: reconnectingMessage(event),
        attempt: { number: event.attempt, of: event.attempts },
        error: null,
        background: null,
      };
    case 'finished':
      return {
        ...INITIAL_ACTIVITY,
        message: event.message ?? IDLE_MESSAGE,
        messageExpiresMs: event.expiresMs ?? null,
        partial: event.partial ?? false,
      };
    case 'failed':
      return {
        ...INITIAL_ACTIVITY,
        error: event.error,
        background: event.background ? { attempt: 0, of: 0 } : null,
        unreachable: event.background ?? false,
      };
    case 'refresh-failed':
      // The refresh's own message ('Force refreshing...') is over: the notice says how it ended.
      return {
        ...state,
        message: IDLE_MESSAGE,
        messageExpiresMs: null,
        partial: false,
        attempt: null,
        wakingUp: false,
        notice: event.notice,
        unreachable: event.unreachable ?? false,
      };
    case 'background':
      return state.background === null ? state : { ...state, background: event.state };
    case 'dismissed': {
      const error = event.listLoaded ? null : state.error;
      if (error === state.error && state.notice === null) return state;
      return { ...state, error, notice: null, background: error ? state.background : null };
    }
    case 'expired':
      return state.message === event.message
        ? { ...state, message: IDLE_MESSAGE, messageExpiresMs: null }
        : state;
  }
}

import type { AttemptFailed, RetryStarting } from '../../../shared/http/retry';
import { attemptFailedMessage, IDLE_MESSAGE, reconnectingMessage } from './messages';

/**
 * What the page says it is doing: the loading message, the error (shown instead of the list),
 * and while a call is being retried, the attempt counter and the waking-up notice.
 */
export interface Activity {
  message: string;
  error: string | null;
  attempt: { number: number; of: number } | null;
  wakingUp: boolean;
}

export type ActivityEvent =
  /** A load or refresh begins: any error panel goes away. */
  | { type: 'started'; message: string }
  /** The next step of a flow: the backend answered, so retry state is over. */
  | { type: 'step'; message: string }
  | ({ type: 'attempt-failed' } & AttemptFailed)
  | ({ type: 'retrying' } & RetryStarting)
  | { type: 'finished'; message?: string }
  | { type: 'failed'; error: string }
  /**
   * The visitor changed what is displayed while a loaded list sat behind the error panel: the
   * error has been read and the list comes back (see `useDealFeed`).
   */
  | { type: 'dismissed' }
  /** A message shown for a limited time ran out; it reverts only if nothing replaced it. */
  | { type: 'expired'; message: string };

export const INITIAL_ACTIVITY: Activity = {
  message: IDLE_MESSAGE,
  error: null,
  attempt: null,
  wakingUp: false,
};

export function activityReducer(state: Activity, event: ActivityEvent): Activity {
  switch (event.type) {
    case 'started':
      return { ...INITIAL_ACTIVITY, message: event.message };
    case 'step':
      return { ...state, message: event.message, attempt: null, wakingUp: false };
    case 'attempt-failed':
      return {
        ...state,
        message: attemptFailedMessage(event),
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
      };
    case 'finished':
      return { ...INITIAL_ACTIVITY, message: event.message ?? IDLE_MESSAGE };
    case 'failed':
      return { ...INITIAL_ACTIVITY, error: event.error };
    case 'dismissed':
      return state.error === null ? state : { ...state, error: null };
    case 'expired':
      return state.message === event.message ? { ...state, message: IDLE_MESSAGE } : state;
  }
}

import { HttpError, NoResponseError, RetriesExhaustedError } from './errors';

/**
 * Whether a failed call says the service could not be reached, rather than that it answered no:
 * no answer came, every attempt failed, or a 5xx came without the service's own JSON message (a
 * proxy's or gateway's answer for a service that is down). A module of its own: only the
 * visitor's actions ask, and the page loads them on first use, not with its first load.
 */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof NoResponseError || error instanceof RetriesExhaustedError) return true;
  return error instanceof HttpError && error.status >= 500 && error.serverMessage === undefined;
}

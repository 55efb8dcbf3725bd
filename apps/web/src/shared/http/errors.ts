/**
 * The ways a call to the service can fail, named for what the caller does about them (see
 * `isRetryable`, `isUnreachable` and the page's error texts).
 */

/** What an error answer told besides its status. */
export interface ErrorAnswer {
  /** `Retry-After` in seconds (a 429 or 503), when sent. */
  retryAfterS?: number;
  /** The `message` of the service's JSON `{error, message}`, when it sent one. */
  serverMessage?: string;
}

/** The service answered with a status outside 2xx. 5xx is retried, 4xx never. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly retryAfterS: number | undefined;
  readonly serverMessage: string | undefined;
  constructor(
    readonly status: number,
    readonly statusText: string,
    answer: ErrorAnswer = {},
  ) {
    super(`Request failed with status ${status}`);
    this.retryAfterS = answer.retryAfterS;
    this.serverMessage = answer.serverMessage;
  }
}

/** No answer came: the network failed or the call's timeout passed. Retried. */
export class NoResponseError extends Error {
  override readonly name = 'NoResponseError';
}

/** An answer came but is not what the contract promises (not JSON, wrong shape). Not retried. */
export class InvalidAnswerError extends Error {
  override readonly name = 'InvalidAnswerError';
}

/** Every attempt failed with a retryable error; the text is the spec's (section 8). */
export class RetriesExhaustedError extends Error {
  override readonly name = 'RetriesExhaustedError';
  constructor(
    readonly attempts: number,
    options?: ErrorOptions,
  ) {
    super(`Failed after ${attempts} attempts. Backend may be experiencing issues.`, options);
  }
}

/** When a refused call may be made again, from its Retry-After; null when it did not say. */
export function retryAtOf(error: unknown, now: () => number): number | null {
  return error instanceof HttpError && error.retryAfterS !== undefined
    ? now() + error.retryAfterS * 1000
    : null;
}

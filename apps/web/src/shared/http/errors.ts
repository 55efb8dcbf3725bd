/**
 * The ways a call to the service can fail, named for what the caller does about them (see
 * `isRetryable` and the page's error texts).
 */

/** The service answered with a status outside 2xx. 5xx is retried, 4xx never. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {
    super(`Request failed with status ${status}`);
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

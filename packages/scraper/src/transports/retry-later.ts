import { RetryableError } from '../errors';

/**
 * A host that asked to be left alone for a while (Retry-After), and for how long. Apart from the
 * http transport, which is loaded on the first request, so the scraper can tell it without it.
 */
export class RetryLaterError extends RetryableError {
  override name = 'RetryLaterError';
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

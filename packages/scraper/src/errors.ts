/**
 * Why a scrape failed, named for what the caller should do (ARCHITECTURE.md convention 6).
 * `kind` is what the service's status shows next to a dispensary.
 */
export type ScrapeErrorKind = 'blocked' | 'schema-changed' | 'not-found' | 'timeout' | 'retryable';

export abstract class ScrapeError extends Error {
  abstract readonly kind: ScrapeErrorKind;
}

/** The platform refused us (403/406, a bot-check page): fall back to the browser transport. */
export class BlockedError extends ScrapeError {
  override name = 'BlockedError';
  readonly kind = 'blocked';
}

/** The payload no longer has the shape we read (or a persisted query is gone): alert, keep last good. */
export class SchemaChangedError extends ScrapeError {
  override name = 'SchemaChangedError';
  readonly kind = 'schema-changed';
}

/** The store or its menu does not exist at the platform (404). */
export class NotFoundError extends ScrapeError {
  override name = 'NotFoundError';
  readonly kind = 'not-found';
}

/** The scrape took longer than its limit. */
export class ScrapeTimeoutError extends ScrapeError {
  override name = 'ScrapeTimeoutError';
  readonly kind = 'timeout';
}

/** A passing failure (network, 429, 5xx): back off and try again later. */
export class RetryableError extends ScrapeError {
  override name = 'RetryableError';
  readonly kind = 'retryable';
}

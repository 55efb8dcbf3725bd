/**
 * Why a scrape failed, named for what the caller should do (ARCHITECTURE.md convention 6).
 * `kind` is what the service's status shows next to a dispensary.
 */
export type ScrapeErrorKind = 'blocked' | 'schema-changed' | 'not-found' | 'timeout' | 'retryable';

export abstract class ScrapeError extends Error {
  abstract readonly kind: ScrapeErrorKind;
  /**
   * A client-safe sentence for status when the kind's usual reason would mislead (a menu refused
   * for its address is not 'the platform refused us'). Never carries hosts or codes.
   */
  declare readonly publicReason?: string;
}

/** The platform refused us (403/406, a bot-check page): fall back to the browser transport. */
export class BlockedError extends ScrapeError {
  override name = 'BlockedError';
  readonly kind = 'blocked';
  /** Whether opening the page in a real browser could get past the refusal. */
  readonly browserMayPass: boolean = true;
}

/**
 * The menu's address (or a redirect on the way) is not a public internet address, or not
 * http(s): we refuse to open it ourselves, so no transport may try it.
 */
export class ForbiddenAddressError extends BlockedError {
  override name = 'ForbiddenAddressError';
  override readonly browserMayPass = false;
  override readonly publicReason =
    'The menu address is not a public web address, so it is not read.';
}

/** The payload no longer has the shape we read (or a persisted query is gone): alert, keep last good. */
export class SchemaChangedError extends ScrapeError {
  override name = 'SchemaChangedError';
  readonly kind = 'schema-changed';
}

/**
 * A payload over the reading limits: too large, nested too deep, or a parse over its time or
 * memory limit. Hostile or broken, it is not read; the last good deals stay.
 */
export class ParseLimitError extends SchemaChangedError {
  override name = 'ParseLimitError';
  override readonly publicReason =
    'The menu was too large or too complex to read safely; the last good deals are kept.';
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

/**
 * No host name resolves and no network is routed: the trouble is this machine's connection, not
 * the menu platform, so status must not blame the platform. Retried like any network failure.
 */
export class OfflineError extends RetryableError {
  override name = 'OfflineError';
  override readonly publicReason = 'The service cannot reach the internet.';
}

/** What status says of a dispensary that has no menu source. */
export const UNCONFIGURED_REASON = 'No menu source is known for this dispensary yet.';

/**
 * The registry entry names nothing the adapter can start from (no platform id, no menu or
 * specials URL): no request could find its menu, so it is not a missing menu but a missing
 * source. Thrown by adapters' plans; the collection does not scrape such a dispensary again.
 */
export class UnconfiguredError extends NotFoundError {
  override name = 'UnconfiguredError';
  override readonly publicReason = UNCONFIGURED_REASON;
}

/** The classes a scrape error is rebuilt from after crossing a thread (see parsing/). */
const BY_NAME: Record<string, new (message: string) => ScrapeError> = {
  BlockedError,
  ForbiddenAddressError,
  SchemaChangedError,
  ParseLimitError,
  NotFoundError,
  ScrapeTimeoutError,
  RetryableError,
  OfflineError,
  UnconfiguredError,
};

/** A scrape error as plain data, which a worker thread can send. */
export interface ScrapeErrorData {
  name: string;
  message: string;
}

/** Each kind's base class, for a subclass defined elsewhere. */
const BASE_OF_KIND: Record<ScrapeErrorKind, string> = {
  blocked: 'BlockedError',
  'schema-changed': 'SchemaChangedError',
  'not-found': 'NotFoundError',
  timeout: 'ScrapeTimeoutError',
  retryable: 'RetryableError',
};

export function scrapeErrorData(error: ScrapeError): ScrapeErrorData {
  const name = error.name in BY_NAME ? error.name : BASE_OF_KIND[error.kind];
  return { name, message: error.message };
}

/** The error `scrapeErrorData` described, of its own class (SchemaChangedError when unknown). */
export function scrapeErrorFrom(data: ScrapeErrorData): ScrapeError {
  return new (BY_NAME[data.name] ?? SchemaChangedError)(data.message);
}

import type { RequestPlan } from '../adapters/types';
import { BlockedError, NotFoundError, SchemaChangedError, type ScrapeError } from '../errors';
import { isBotCheck } from './bot-check';
import { parseRetryAfter } from './retry-timing';

export type StatusVerdict =
  | { kind: 'read' }
  | { kind: 'retry'; reason: string; retryAfterMs: number | null }
  | { kind: 'fail'; error: ScrapeError };

/**
 * What an answer's status means. 403/406 and Cloudflare's challenge header: blocked (the browser
 * may pass). 404/410: not found. 429 and 5xx, and only those: retried, after Retry-After when the
 * host gave one. Any other non-2xx (400, 401, ...) will not change on retry: the request no longer
 * fits the platform.
 */
export function judgeStatus(
  status: number,
  headers: Pick<Headers, 'get'>,
  host: string,
  now: number,
): StatusVerdict {
  if (headers.get('cf-mitigated') === 'challenge') {
    return fail(new BlockedError(`${host} answered a bot check (${status})`));
  }
  if (status === 403 || status === 406) {
    return fail(new BlockedError(`${host} refused the request (${status})`));
  }
  if (status === 404 || status === 410) {
    return fail(new NotFoundError(`${host} has no such menu (${status})`));
  }
  if (status === 429 || status >= 500) {
    return {
      kind: 'retry',
      reason: `${host} answered ${status}`,
      retryAfterMs: parseRetryAfter(headers.get('retry-after'), now),
    };
  }
  if (status < 200 || status >= 300) {
    return fail(new SchemaChangedError(`${host} answered ${status}`));
  }
  return { kind: 'read' };
}

/**
 * A bot-check page says so in its first few kilobytes (its title, the challenge's inline script);
 * only that much of an answer is looked at here, so a large menu costs no decoding on this thread.
 */
const BOT_CHECK_BYTES = 128 * 1024;

/**
 * Whether a 2xx answer is the kind of payload asked for: a bot-check page in place of either is
 * blocked, and anything but a JSON type where JSON was asked means the platform changed. The body
 * itself is read later, in the parsing thread (see parsing/).
 */
export function checkPayload(
  body: Uint8Array,
  contentType: string,
  accept: RequestPlan['accept'],
  host: string,
): void {
  const text = Buffer.from(
    body.buffer,
    body.byteOffset,
    Math.min(body.byteLength, BOT_CHECK_BYTES),
  ).toString('utf8');
  if (accept === 'text/html') {
    if (isBotCheck(text, 'html')) throw new BlockedError(`${host} answered a bot-check page`);
    return;
  }
  if (!/json/i.test(contentType)) {
    if (isBotCheck(text, 'json')) {
      throw new BlockedError(`${host} answered a bot-check page instead of JSON`);
    }
    throw new SchemaChangedError(`${host} answered ${contentType || 'no content type'}, not JSON`);
  }
}

function fail(error: ScrapeError): StatusVerdict {
  return { kind: 'fail', error };
}

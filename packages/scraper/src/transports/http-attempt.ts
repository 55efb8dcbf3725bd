import { fetch, type Agent } from 'undici';
import type { RequestPlan } from '../adapters/types';
import {
  ForbiddenAddressError,
  SchemaChangedError,
  ScrapeError,
  ScrapeTimeoutError,
} from '../errors';
import { checkPayload, judgeStatus } from './classify';
import { dateHeader } from './date-header';
import type { HttpTransportOptions } from './http-options';
import { causeOf, hostOf, messageOf, type NetworkWitness } from './network-failure';
import { readCapped } from './read-body';
import { redirectTarget, type Hop } from './redirects';

/** What one attempt at a hop came to, when it did not fail for good. */
export type Attempt =
  | { kind: 'payload'; body: Uint8Array; answeredAt?: number }
  | { kind: 'redirect'; location: string; status: number }
  | { kind: 'retry'; reason: string; retryAfterMs: number | null; offline?: boolean };

/**
 * Sends one hop once and reads its answer: a payload within the byte cap, a redirect to follow,
 * or a failure worth retrying. A failure that a retry will not mend throws its ScrapeError; an
 * abort rejects with the signal's reason.
 */
export async function attemptOnce(
  hop: Hop,
  request: RequestPlan,
  options: Pick<HttpTransportOptions, 'userAgent' | 'timeoutMs' | 'maxBytes' | 'clock'>,
  agent: Agent,
  network: NetworkWitness,
  signal: AbortSignal,
): Promise<Attempt> {
  const host = hostOf(hop.url);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await fetch(hop.url, {
      method: hop.method,
      headers: { 'user-agent': options.userAgent, accept: request.accept, ...request.headers },
      body: hop.body,
      redirect: 'manual',
      dispatcher: agent,
      signal: AbortSignal.any([signal, timeout]),
    });
    network.answered();
    const location = redirectTarget(response, hop.url);
    if (location) {
      await response.body?.cancel();
      return { kind: 'redirect', location, status: response.status };
    }
    const verdict = judgeStatus(response.status, response.headers, host, options.clock.now());
    if (verdict.kind !== 'read') {
      await response.body?.cancel();
      if (verdict.kind === 'fail') throw verdict.error;
      return verdict;
    }
    const declared = Number(response.headers.get('content-length'));
    if (declared > options.maxBytes) {
      await response.body?.cancel();
      throw new SchemaChangedError(
        `${host} answered ${declared} bytes, over the ${options.maxBytes} byte cap`,
      );
    }
    const { bytes, truncated } = await readCapped(response, options.maxBytes);
    if (truncated) {
      throw new SchemaChangedError(`${host} answered over the ${options.maxBytes} byte cap`);
    }
    checkPayload(bytes, response.headers.get('content-type') ?? '', request.accept, host);
    const answeredAt = dateHeader(response.headers.get('date'));
    return { kind: 'payload', body: bytes, ...(answeredAt !== undefined ? { answeredAt } : {}) };
  } catch (error) {
    signal.throwIfAborted();
    if (error instanceof ScrapeError) throw error;
    const cause = causeOf(error);
    if (cause instanceof ForbiddenAddressError) throw cause;
    // A host that took the whole timeout once is not retried: a second wait as long would spend
    // most of the store's time budget on it.
    if (timeout.aborted) {
      throw new ScrapeTimeoutError(`No answer from ${host} within ${options.timeoutMs} ms`);
    }
    return {
      kind: 'retry',
      reason: `Network error reaching ${host}: ${messageOf(cause)}`,
      retryAfterMs: null,
      offline: network.isOffline(cause),
    };
  }
}

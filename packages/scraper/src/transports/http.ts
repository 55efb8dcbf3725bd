import type { RequestPlan } from '../adapters/types';
import { RetryableError, SchemaChangedError, ScrapeError, ScrapeTimeoutError } from '../errors';
import type { Clock } from '../politeness/clock';
import { HostQueue } from '../politeness/host-queue';
import { RobotsCache, robotsAnswerKind, type RobotsAnswer } from '../politeness/robots';
import { robotsToken } from '../politeness/user-agent';
import { judgeStatus, readPayload } from './classify';
import { readCapped } from './read-body';
import { backoffDelay } from './retry-timing';

export interface HttpTransportOptions {
  /** The whole User-Agent header (see honestUserAgent); its product token is the robots.txt name. */
  userAgent: string;
  /** One attempt, from sending the request to the last byte of the body. */
  timeoutMs: number;
  maxBytes: number;
  /** Attempts per request, the first included. */
  maxAttempts: number;
  minHostDelayMs: number;
  robotsTtlMs: number;
  clock: Clock;
  /** In [0, 1), for the backoff's jitter. */
  random: () => number;
}

export interface HttpTransport {
  /** Carries out one planned request; resolves with the parsed JSON or the HTML text. */
  fetch(request: RequestPlan, signal: AbortSignal): Promise<unknown>;
  /**
   * Throws unless `url` is http(s) and robots.txt lets us open it (the browser asks before it
   * opens a page).
   */
  checkRobots(url: string, signal: AbortSignal): Promise<void>;
  /** Stops robots.txt fetches still under way. */
  close(): void;
}

/**
 * The longest wait a host may ask for (Retry-After) and still be waited out within a scrape. A
 * longer ask fails the request as retryable at once, and every request to that host until then.
 */
const MAX_HOST_WAIT_MS = 60_000;

/** A robots.txt is read this far and no further (RFC 9309 section 2.5 asks for at least 500 KiB). */
const ROBOTS_MAX_BYTES = 512 * 1024;

type Attempt =
  | { kind: 'payload'; body: unknown }
  | { kind: 'retry'; reason: string; retryAfterMs: number | null };

/**
 * The http transport: built-in fetch, with robots.txt obeyed, one request at a time per host with
 * a pause between them, and retries with backoff on network errors, 429 and 5xx. Every failure is
 * a ScrapeError naming what to do about it; an abort rejects with the signal's reason.
 */
export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  const { clock } = options;
  const closing = new AbortController();
  const hosts = new HostQueue({
    minDelayMs: options.minHostDelayMs,
    maxWaitMs: MAX_HOST_WAIT_MS,
    clock,
  });
  // A robots.txt fetch is shared by every caller waiting for it, so it answers to no caller's
  // signal: only its own timeout and close() stop it.
  const robots = new RobotsCache({
    token: robotsToken(options.userAgent),
    ttlMs: options.robotsTtlMs,
    clock,
    load: (robotsUrl) =>
      hosts.run(robotsUrl, closing.signal, () => fetchRobots(robotsUrl, options, closing.signal)),
  });

  async function checkRobots(url: string, signal: AbortSignal): Promise<void> {
    requireHttpUrl(url);
    const { crawlDelayMs } = await robots.check(url, signal);
    hosts.setCrawlDelay(url, crawlDelayMs);
  }

  return {
    async fetch(request, signal) {
      await checkRobots(request.url, signal);
      for (let attempt = 1; ; attempt++) {
        const outcome = await hosts.run(request.url, signal, () =>
          attemptOnce(request, options, signal),
        );
        if (outcome.kind === 'payload') return outcome.body;
        // The whole host waits, so the other stores on a struggling platform back off too.
        hosts.pause(request.url, outcome.retryAfterMs ?? backoffDelay(attempt, options.random()));
        if (attempt >= options.maxAttempts) {
          throw new RetryableError(`${outcome.reason} (after ${attempt} attempts)`);
        }
      }
    },
    checkRobots,
    close: () => closing.abort(),
  };
}

async function attemptOnce(
  request: RequestPlan,
  options: HttpTransportOptions,
  signal: AbortSignal,
): Promise<Attempt> {
  const host = new URL(request.url).host;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: { 'user-agent': options.userAgent, accept: request.accept, ...request.headers },
      body: request.body ?? null,
      redirect: 'follow',
      signal: AbortSignal.any([signal, timeout]),
    });
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
    const { text, truncated } = await readCapped(response, options.maxBytes);
    if (truncated) {
      throw new SchemaChangedError(`${host} answered over the ${options.maxBytes} byte cap`);
    }
    const type = response.headers.get('content-type') ?? '';
    return { kind: 'payload', body: readPayload(text, type, request.accept, host) };
  } catch (error) {
    signal.throwIfAborted();
    if (error instanceof ScrapeError) throw error;
    // A host that took the whole timeout once is not retried: a second wait as long would spend
    // most of the store's time budget on it.
    if (timeout.aborted) {
      throw new ScrapeTimeoutError(`No answer from ${host} within ${options.timeoutMs} ms`);
    }
    return {
      kind: 'retry',
      reason: `Network error reaching ${host}: ${causeOf(error)}`,
      retryAfterMs: null,
    };
  }
}

async function fetchRobots(
  robotsUrl: string,
  options: HttpTransportOptions,
  closing: AbortSignal,
): Promise<RobotsAnswer> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await fetch(robotsUrl, {
      headers: { 'user-agent': options.userAgent, accept: 'text/plain' },
      redirect: 'follow',
      signal: AbortSignal.any([closing, timeout]),
    });
    const kind = robotsAnswerKind(response.status);
    if (kind === 'file') return { kind, text: (await readCapped(response, ROBOTS_MAX_BYTES)).text };
    await response.body?.cancel();
    return kind === 'unavailable' ? { kind } : { kind, reason: `status ${response.status}` };
  } catch (error) {
    const reason = timeout.aborted ? `no answer within ${options.timeoutMs} ms` : causeOf(error);
    return { kind: 'unreachable', reason };
  }
}

/**
 * Every URL either transport opens passes here first: a plan or page URL that is not http(s)
 * (file:, javascript:, a typo) is a platform or registry fault, never something to open.
 */
function requireHttpUrl(url: string): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new SchemaChangedError(`Not a URL: ${url.slice(0, 200)}`);
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new SchemaChangedError(`Not an http(s) URL: ${url.slice(0, 200)}`);
  }
}

/** undici reports a network failure as 'fetch failed' with the real reason as its cause. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : (error as Error).message;
}

import { Agent, fetch, type Response } from 'undici';
import type { RequestPlan } from '../adapters/types';
import {
  ForbiddenAddressError,
  OfflineError,
  RetryableError,
  SchemaChangedError,
  ScrapeError,
  ScrapeTimeoutError,
} from '../errors';
import type { OutboundGuard } from '../outbound/guard';
import type { Clock } from '../politeness/clock';
import { HostQueue, type SharedHostTurns } from '../politeness/host-queue';
import { RobotsCache, robotsAnswerKind, type RobotsAnswer } from '../politeness/robots';
import { robotsToken } from '../politeness/user-agent';
import { checkPayload, judgeStatus } from './classify';
import { readCapped } from './read-body';
import { RetryLaterError } from './retry-later';
import { backoffDelay } from './retry-timing';

export { RetryLaterError };

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
  /** Which addresses may be reached, for the first URL and every redirect. */
  guard: OutboundGuard;
  /** The longest Retry-After believed; a longer ask is cut to it. */
  retryAfterMaxMs: number;
  /** How long one request may keep its host's turn (see HostQueue). Default 10 s. */
  hostTurnMs?: number;
  /** Set in a cluster: host turns taken among its processes too. */
  sharedHostTurns?: SharedHostTurns;
  clock: Clock;
  /** In [0, 1), for the backoff's jitter. */
  random: () => number;
}

/** A 2xx answer's body, undecoded (see parsing/), and the URL it finally came from. */
export interface HttpPayload {
  body: Uint8Array;
  url: string;
}

export interface HttpTransport {
  /** Carries out one planned request, redirects included. */
  fetch(request: RequestPlan, signal: AbortSignal): Promise<HttpPayload>;
  /**
   * Throws unless `url` is an http(s) URL the guard allows and robots.txt lets us open it (the
   * browser asks before it opens a page).
   */
  checkRobots(url: string, signal: AbortSignal): Promise<void>;
  /**
   * What a failure to resolve `url`'s host outside this transport (the browser's address check)
   * means: OfflineError while no host answers at all, RetryableError for a network code otherwise;
   * any other error is given back as it is.
   */
  networkFailure(error: unknown, url: string): unknown;
  /** Stops robots.txt fetches still under way and closes the connections. */
  close(): void;
}

/**
 * The longest wait a scrape sits through for its own retry. A host asking for longer fails the
 * request at once as retryable, with the wait it asked for (capped) for the caller to honour.
 */
const MAX_WAIT_IN_SCRAPE_MS = 60_000;

/** Redirects followed per request, as browsers and RFC 9309 (for robots.txt) allow at least. */
const MAX_REDIRECTS = 5;

/** A robots.txt is read this far and no further (RFC 9309 section 2.5 asks for at least 500 KiB). */
const ROBOTS_MAX_BYTES = 512 * 1024;

type Attempt =
  | { kind: 'payload'; body: Uint8Array }
  | { kind: 'redirect'; location: string; status: number }
  | { kind: 'retry'; reason: string; retryAfterMs: number | null; offline?: boolean };

/** Failures to resolve any name or route to any network: what a machine without internet meets. */
const NO_NETWORK_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH']);

/**
 * A host that answered this recently proves the internet is there: a name that then fails to
 * resolve is that host's own trouble (a lapsed domain), not a missing connection.
 */
export const ONLINE_PROOF_MS = 10 * 60 * 1000;

/**
 * Tells a missing internet connection from one host's failure. One store's domain may lapse
 * (ENOTFOUND for it alone), so a resolution failure means 'offline' only while no host at all
 * has answered for ONLINE_PROOF_MS (or since start).
 */
class NetworkWitness {
  private lastAnswerAt: number | null = null;
  constructor(private readonly clock: Clock) {}

  answered(): void {
    this.lastAnswerAt = this.clock.now();
  }

  isOffline(cause: unknown): boolean {
    const code = (cause as { code?: unknown } | null)?.code;
    if (typeof code !== 'string' || !NO_NETWORK_CODES.has(code)) return false;
    const last = this.lastAnswerAt;
    return last === null || this.clock.now() - last >= ONLINE_PROOF_MS;
  }
}

/** One hop of a request: redirects change the URL and sometimes the method. */
interface Hop {
  url: string;
  method: 'GET' | 'POST';
  body: string | null;
}

/**
 * The http transport: undici's fetch over sockets whose every address the outbound guard
 * allowed, redirects followed by hand (each target checked by the guard and its robots.txt), one
 * request at a time per host with a pause between them, and retries with backoff on network
 * errors, 429 and 5xx, where the store that met the failure waits alone. Every failure is a
 * ScrapeError naming what to do about it; an abort rejects with the signal's reason.
 */
export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  const { clock, guard } = options;
  const closing = new AbortController();
  // Every connection resolves its host through the guard, so a name that answers a private
  // address is refused at the connect, not only when it was first checked.
  const agent = new Agent({ connect: { lookup: guard.lookup } });
  const network = new NetworkWitness(clock);
  const hosts = new HostQueue({
    minDelayMs: options.minHostDelayMs,
    maxWaitMs: MAX_WAIT_IN_SCRAPE_MS,
    turnMs: options.hostTurnMs ?? 10_000,
    clock,
    ...(options.sharedHostTurns ? { shared: options.sharedHostTurns } : {}),
  });
  // A robots.txt fetch is shared by every caller waiting for it, so it answers to no caller's
  // signal: only its own timeout and close() stop it.
  const robots = new RobotsCache({
    token: robotsToken(options.userAgent),
    ttlMs: options.robotsTtlMs,
    clock,
    load: (robotsUrl) =>
      hosts.run(robotsUrl, closing.signal, () =>
        fetchRobots(robotsUrl, options, agent, network, closing.signal),
      ),
  });

  async function checkRobots(url: string, signal: AbortSignal): Promise<void> {
    guard.checkUrl(url);
    const { crawlDelayMs } = await robots.check(url, signal);
    hosts.setCrawlDelay(url, crawlDelayMs);
  }

  /** One hop with its retries; this store alone waits between them. */
  async function withRetries(hop: Hop, request: RequestPlan, signal: AbortSignal) {
    for (let attempt = 1; ; attempt++) {
      const outcome = await hosts.run(hop.url, signal, () =>
        attemptOnce(hop, request, options, agent, network, signal),
      );
      if (outcome.kind !== 'retry') return outcome;
      const asked = outcome.retryAfterMs;
      if (asked !== null && asked > MAX_WAIT_IN_SCRAPE_MS) {
        const wait = Math.min(asked, options.retryAfterMaxMs);
        throw new RetryLaterError(`${outcome.reason}, asking us to wait ${wait} ms`, wait);
      }
      if (attempt >= options.maxAttempts) {
        const Failure = outcome.offline ? OfflineError : RetryableError;
        throw new Failure(`${outcome.reason} (after ${attempt} attempts)`);
      }
      await clock.sleep(asked ?? backoffDelay(attempt, options.random()), signal);
    }
  }

  return {
    async fetch(request, signal) {
      let hop: Hop = {
        url: request.url,
        method: request.method ?? 'GET',
        body: request.body ?? null,
      };
      for (let redirects = 0; ; redirects++) {
        await checkRobots(hop.url, signal);
        const outcome = await withRetries(hop, request, signal);
        if (outcome.kind === 'payload') return { body: outcome.body, url: hop.url };
        if (redirects >= MAX_REDIRECTS) {
          throw new SchemaChangedError(
            `${hostOf(request.url)} redirected over ${MAX_REDIRECTS} times`,
          );
        }
        hop = nextHop(hop, outcome.location, outcome.status);
      }
    },
    checkRobots,
    networkFailure(error, url) {
      const code = (error as { code?: unknown } | null)?.code;
      if (error instanceof ScrapeError || typeof code !== 'string') return error;
      const reason = `Network error reaching ${hostOf(url)}: ${messageOf(error)}`;
      return network.isOffline(error) ? new OfflineError(reason) : new RetryableError(reason);
    },
    close() {
      closing.abort();
      void agent.close().catch(() => undefined);
    },
  };
}

async function attemptOnce(
  hop: Hop,
  request: RequestPlan,
  options: HttpTransportOptions,
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
    return { kind: 'payload', body: bytes };
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

/**
 * robots.txt, with its redirects followed by hand like any other request (RFC 9309 2.3.1.2: at
 * least five). A redirect the guard refuses makes the file unreachable, and so the host closed.
 */
async function fetchRobots(
  robotsUrl: string,
  options: HttpTransportOptions,
  agent: Agent,
  network: NetworkWitness,
  closing: AbortSignal,
): Promise<RobotsAnswer> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  let url = robotsUrl;
  try {
    for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
      options.guard.checkUrl(url);
      const response = await fetch(url, {
        headers: { 'user-agent': options.userAgent, accept: 'text/plain' },
        redirect: 'manual',
        dispatcher: agent,
        signal: AbortSignal.any([closing, timeout]),
      });
      network.answered();
      const location = redirectTarget(response, url);
      if (location) {
        await response.body?.cancel();
        url = location;
        continue;
      }
      const kind = robotsAnswerKind(response.status);
      if (kind === 'file') {
        const { bytes } = await readCapped(response, ROBOTS_MAX_BYTES);
        return { kind, text: bytes.toString('utf8') };
      }
      await response.body?.cancel();
      return kind === 'unavailable' ? { kind } : { kind, reason: `status ${response.status}` };
    }
    return { kind: 'unreachable', reason: `over ${MAX_REDIRECTS} redirects` };
  } catch (error) {
    const reason = timeout.aborted
      ? `no answer within ${options.timeoutMs} ms`
      : messageOf(causeOf(error));
    return { kind: 'unreachable', reason, offline: network.isOffline(causeOf(error)) };
  }
}

/** The absolute URL a 3xx answer with a Location sends us to; null for any other answer. */
function redirectTarget(response: Response, base: string): string | null {
  if (![301, 302, 303, 307, 308].includes(response.status)) return null;
  const location = response.headers.get('location');
  if (location === null) return null;
  if (!URL.canParse(location, base)) {
    throw new SchemaChangedError(`${hostOf(base)} redirected to a malformed address`);
  }
  return new URL(location, base).href;
}

/**
 * The request after a redirect, as browsers make it: 303, and 301/302 after a POST, turn into a
 * GET without a body; 307/308 repeat the method and body.
 */
function nextHop(hop: Hop, location: string, status: number): Hop {
  const asGet = status === 303 || ((status === 301 || status === 302) && hop.method === 'POST');
  return asGet ? { url: location, method: 'GET', body: null } : { ...hop, url: location };
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : 'the menu host';
}

/** undici reports a network failure as 'fetch failed' with the real reason as its cause. */
function causeOf(error: unknown): unknown {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof Error ? cause : error;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

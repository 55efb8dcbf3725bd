import { Agent } from 'undici';
import type { RequestPlan } from '../adapters/types';
import { OfflineError, RetryableError, SchemaChangedError, ScrapeError } from '../errors';
import { HostQueue } from '../politeness/host-queue';
import { RobotsCache } from '../politeness/robots';
import { robotsToken } from '../politeness/user-agent';
import { attemptOnce } from './http-attempt';
import type { HttpTransportOptions } from './http-options';
import { hostOf, messageOf, NetworkWitness } from './network-failure';
import { MAX_REDIRECTS, nextHop, type Hop } from './redirects';
import { RetryLaterError } from './retry-later';
import { backoffDelay } from './retry-timing';
import { fetchRobots } from './robots-fetch';

export { RetryLaterError };
export type { HttpTransportOptions };

/** A 2xx answer's body, undecoded (see parsing/), and the URL it finally came from. */
export interface HttpPayload {
  body: Uint8Array;
  url: string;
  /** When the platform says it answered (its `Date` header), in ms; absent without one. */
  answeredAt?: number;
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
        if (outcome.kind === 'payload') {
          const { body, answeredAt } = outcome;
          return { body, url: hop.url, ...(answeredAt !== undefined ? { answeredAt } : {}) };
        }
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

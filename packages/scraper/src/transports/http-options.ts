import type { OutboundGuard } from '../outbound/guard';
import type { Clock } from '../politeness/clock';
import type { SharedHostTurns } from '../politeness/host-queue';

/**
 * What the http transport is made with: its own module, so that the transport (http.ts) and
 * the parts it is made of (http-attempt.ts, robots-fetch.ts) read it without importing each
 * other.
 */
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

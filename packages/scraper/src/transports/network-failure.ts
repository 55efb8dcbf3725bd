import type { Clock } from '../politeness/clock';

/**
 * Reading a request that failed on the network: which host it was for, what undici says went
 * wrong, and whether the whole internet is missing or only that host.
 */

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
export class NetworkWitness {
  private lastAnswerAt: number | null = null;
  constructor(private readonly clock: Clock) {}

  answered(): void {
    this.lastAnswerAt = this.clock.monotonicNow();
  }

  isOffline(cause: unknown): boolean {
    const code = (cause as { code?: unknown } | null)?.code;
    if (typeof code !== 'string' || !NO_NETWORK_CODES.has(code)) return false;
    const last = this.lastAnswerAt;
    return last === null || this.clock.monotonicNow() - last >= ONLINE_PROOF_MS;
  }
}

/** The host a failure's message names; a URL that does not parse names no host. */
export function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : 'the menu host';
}

/** undici reports a network failure as 'fetch failed' with the real reason as its cause. */
export function causeOf(error: unknown): unknown {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof Error ? cause : error;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

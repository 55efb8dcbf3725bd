import type { Config } from '../config';

/** Fastify's `trustProxy` takes a function of (address, hop): hop 0 is the socket's peer. */
type TrustFunction = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes a function trusting the first N
 * hops whatever their address: Fastify 5 itself trusts no one for a number (it cannot know that
 * only the proxy reaches the port; the operator says so by choosing a count). @fastify/proxy-addr
 * walks `[peer, ...X-Forwarded-For from the right]` and stops at the first untrusted hop, so with
 * N trusted the client is the N-th address from the right of the header, and whatever a client
 * wrote to the left of it is never read. A list of addresses is walked the same way, past each
 * trusted one; `X-Forwarded-Proto` and `-Host` are taken only from a trusted peer.
 */
export function trustProxyOption(trust: Config['TRUST_PROXY']): false | string[] | TrustFunction {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

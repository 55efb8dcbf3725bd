import ipaddr from 'ipaddr.js';

/**
 * The one budget shared by every client whose address is no IP address (a value a trusted proxy
 * passed on that cannot be read): such values must not each open a budget of their own, and
 * they must not spend a readable client's.
 */
export const UNREADABLE_CLIENT = 'unreadable-address';

/** `[address]` or `[address]:port`, as IPv6 is written beside a port. */
const BRACKETED = /^\[([^\]]*)\](?::\d*)?$/;
/** `a.b.c.d:port`: one colon only, so an IPv6 address is never cut. */
const WITH_PORT = /^([^:]*):\d*$/;

/**
 * The rate limit's key for a client address as Fastify read it (the socket's peer, or what a
 * trusted proxy wrote in `X-Forwarded-For`): one key per client however its address is spelled.
 * A port and brackets are dropped, an IPv4-mapped IPv6 address is its IPv4 address, and every
 * spelling ipaddr.js reads (`01.02.03.04`, `0x7f.1`, upper-case hex) becomes the canonical form.
 * IPv6 is counted per /64, the block one subscriber is given: every address in it is the same
 * client's. Anything else is `UNREADABLE_CLIENT`.
 */
export function clientKey(address: string): string {
  const text = address.trim();
  const host = BRACKETED.exec(text)?.[1] ?? WITH_PORT.exec(text)?.[1] ?? text;
  if (!ipaddr.isValid(host)) return UNREADABLE_CLIENT;
  const parsed = ipaddr.process(host);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = parsed.toByteArray().map((byte, index) => (index < 8 ? byte : 0));
  return `${ipaddr.fromByteArray(network).toString()}/64`;
}

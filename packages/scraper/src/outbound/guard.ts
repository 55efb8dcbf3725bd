import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ForbiddenAddressError } from '../errors';

/**
 * The one place that decides which addresses the scraper may reach (ARCHITECTURE.md, outbound
 * guard). Scraped and configured URLs are untrusted: a menu URL, or a redirect on the way, that
 * points at this machine, the private network or a cloud's metadata service must never be
 * fetched, or its answer would be published as deals.
 *
 * Allowed: http(s) URLs whose host is a public unicast address, or a name that resolves only to
 * such addresses, checked when the connection is made (so a name cannot change its answer between
 * a check and the connect). Refused: loopback, RFC 1918 and RFC 4193 private, link-local (the
 * 169.254.169.254 metadata service among them), CGNAT, multicast, broadcast, unspecified and
 * reserved ranges, and the IPv6 forms that carry an IPv4 address (IPv4-compatible `::/96`, NAT64,
 * SIIT, 6to4, Teredo: all of them, whatever address they carry; an IPv4-mapped `::ffff:a.b.c.d`
 * is judged as the IPv4 address it is), unless the operator's allow-list names the host or the
 * address.
 */
export interface OutboundGuard {
  /**
   * The URL, when its scheme is http(s) and its host is not an address the guard refuses;
   * ForbiddenAddressError otherwise. A host name is checked again when it is resolved.
   */
  checkUrl(url: string): URL;
  /** A `dns.lookup` for sockets: it answers only allowed addresses, else ForbiddenAddressError. */
  lookup: LookupFunction;
  /** Resolves the URL's host now and throws unless every address is allowed (the browser's check). */
  checkResolved(url: string): Promise<void>;
}

export interface OutboundGuardOptions {
  /**
   * ALLOW_PRIVATE_HOSTS: host names, IP addresses and CIDR ranges the operator allows although
   * they are not public (a simulator on 127.0.0.1 in demo mode, a menu feed on the private net).
   */
  allow?: readonly string[];
  /** Resolution, for tests. Default dns.lookup. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

export function createOutboundGuard(options: OutboundGuardOptions = {}): OutboundGuard {
  const { hosts, ranges } = readAllowList(options.allow ?? []);
  const resolve = options.resolve ?? resolveAll;

  const hostAllowed = (hostname: string) => hosts.has(hostname.toLowerCase());
  const addressAllowed = (address: string) =>
    isPublic(address) || ranges.some((range) => inRange(address, range));

  function refuse(host: string, why: string): never {
    throw new ForbiddenAddressError(`${host} is ${why}; not fetched (see ALLOW_PRIVATE_HOSTS)`);
  }

  function checkUrl(url: string): URL {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ForbiddenAddressError(`Not a URL: ${url.slice(0, 200)}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new ForbiddenAddressError(`Not an http(s) URL: ${url.slice(0, 200)}`);
    }
    const address = literalAddress(parsed.hostname);
    if (address && !hostAllowed(address) && !addressAllowed(address)) {
      refuse(parsed.host, `not a public address (${rangeName(address)})`);
    }
    return parsed;
  }

  async function allowedAddresses(hostname: string): Promise<LookupAddress[]> {
    const addresses = await resolve(hostname);
    if (hostAllowed(hostname)) return addresses;
    const refused = addresses.find(({ address }) => !addressAllowed(address));
    if (refused) {
      refuse(hostname, `resolved to ${refused.address} (${rangeName(refused.address)})`);
    }
    return addresses;
  }

  const lookup = ((hostname: string, lookupOptions: object, callback: LookupCallback) => {
    const wantsAll = (lookupOptions as LookupAllOptions).all === true;
    const family = (lookupOptions as { family?: number | string }).family;
    allowedAddresses(hostname).then(
      (addresses) => {
        const fitting = addresses.filter((entry) => fits(entry, family));
        const first = fitting[0];
        if (!first) {
          callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }));
        } else if (wantsAll) callback(null, fitting);
        else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error),
    );
  }) as unknown as LookupFunction;

  return {
    checkUrl,
    lookup,
    async checkResolved(url) {
      const { hostname } = checkUrl(url);
      if (!literalAddress(hostname)) await allowedAddresses(hostname);
    },
  };
}

type LookupCallback = (
  error: Error | null,
  address?: string | LookupAddress[],
  family?: number,
) => void;

/** Whether the address is public unicast, IPv4-mapped IPv6 judged as its IPv4 address. */
function isPublic(address: string): boolean {
  return rangeName(address) === 'unicast';
}

/**
 * The deprecated IPv4-compatible form `::a.b.c.d` (RFC 4291 section 2.5.5.1), which ipaddr.js
 * names 'unicast': a host may still route it to the IPv4 address it carries.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * The address's range as ipaddr.js names it, an IPv4-mapped one judged as its IPv4 address. Only
 * 'unicast' is public: the other IPv6 forms that carry an IPv4 address (NAT64 'rfc6052', 'rfc6145',
 * '6to4', 'teredo') have names of their own and are refused whatever they carry.
 */
function rangeName(address: string): string {
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === 'unicast' && parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) {
    return 'ipv4Compatible';
  }
  return range;
}

function inRange(address: string, [network, bits]: Range): boolean {
  const parsed = ipaddr.process(address);
  return parsed.kind() === network.kind() && parsed.match(network, bits);
}

/** The URL host as an IP address (brackets of IPv6 removed), or undefined for a name. */
function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
}

function fits(entry: LookupAddress, family: number | string | undefined): boolean {
  if (family === undefined || family === 0) return true;
  return entry.family === (family === 'IPv4' ? 4 : family === 'IPv6' ? 6 : family);
}

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((settle, fail) => {
    dnsLookup(hostname, { all: true }, (error, addresses) =>
      error ? fail(error) : settle(addresses),
    );
  });
}

/** The allow-list's entries sorted into names and address ranges (a bare address is a /32 or /128). */
function readAllowList(entries: readonly string[]): { hosts: Set<string>; ranges: Range[] } {
  const hosts = new Set<string>();
  const ranges: Range[] = [];
  for (const entry of entries.map((text) => text.trim().toLowerCase()).filter(Boolean)) {
    const range = allowListRange(entry);
    if (range) ranges.push(range);
    else hosts.add(entry);
  }
  return { hosts, ranges };
}

/** An allow-list entry as an address range, or undefined when it is a host name. */
function allowListRange(entry: string): Range | undefined {
  if (entry.includes('/')) return ipaddr.parseCIDR(entry);
  if (!ipaddr.isValid(entry)) return undefined;
  const address = ipaddr.process(entry);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/**
 * Whether the allow-list takes `entry`: a host name, an IP address or a CIDR range, judged by the
 * parser the guard itself uses, so the configuration refuses what the guard could not read.
 */
export function isAllowListEntry(entry: string): boolean {
  const text = entry.trim().toLowerCase();
  try {
    return allowListRange(text) !== undefined || HOST_NAME.test(text);
  } catch {
    return false;
  }
}

import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { ForbiddenAddressError } from '../../src/errors';
import { createOutboundGuard, type OutboundGuardOptions } from '../../src/outbound/guard';

/** A resolver that answers from a table, as DNS would (a rebinding name answers what it likes). */
function resolver(table: Record<string, string[]>): OutboundGuardOptions['resolve'] {
  return (hostname) => {
    const addresses = table[hostname];
    if (!addresses)
      return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    return Promise.resolve(
      addresses.map((address): LookupAddress => ({
        address,
        family: address.includes(':') ? 6 : 4,
      })),
    );
  };
}

const DNS = resolver({
  'menu.example': ['93.184.215.14'],
  'both.example': ['93.184.215.14', '10.0.0.7'],
  'metadata.example': ['169.254.169.254'],
  'rebind.example': ['127.0.0.1'],
  'v6.example': ['2606:4700::6810:84e5'],
  'compatible.example': ['::7f00:1'],
});

function lookupOf(guard: ReturnType<typeof createOutboundGuard>, host: string, all: boolean) {
  return new Promise<unknown>((resolve, reject) => {
    guard.lookup(host, { all }, (error, address) => (error ? reject(error) : resolve(address)));
  });
}

describe('the outbound guard', () => {
  const guard = createOutboundGuard({ resolve: DNS });

  it.each([
    'http://127.0.0.1:8080/menu',
    'http://localhost.:1/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://0.0.0.0/',
    'http://255.255.255.255/',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[64:ff9b::a00:1]/',
    'http://2130706433/', // 127.0.0.1 written as one number
    'http://0x7f.1/',
    'file:///etc/passwd',
    'gopher://example.com/',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s before any request', (url) => {
    // A name (localhost.) is checked when resolved; literal addresses and schemes at once.
    if (url.startsWith('http://localhost')) return;
    expect(() => guard.checkUrl(url)).toThrow(ForbiddenAddressError);
  });

  // Every IPv6 form that carries an IPv4 address is refused whatever it carries, except the
  // IPv4-mapped one, which is judged as its IPv4 address (a socket reaches that address).
  it.each([
    ['IPv4-compatible, loopback', 'http://[::127.0.0.1]/'],
    ['IPv4-compatible, private', 'http://[::10.0.0.1]/'],
    ['IPv4-compatible, public', 'http://[::8.8.8.8]/'],
    ['IPv4-mapped, private', 'http://[::ffff:10.0.0.1]/'],
    ['SIIT (::ffff:0:0:0/96), loopback', 'http://[::ffff:0:7f00:1]/'],
    ['NAT64, public', 'http://[64:ff9b::808:808]/'],
    ['local-use NAT64, loopback', 'http://[64:ff9b:1::7f00:1]/'],
    ['6to4, loopback', 'http://[2002:7f00:1::1]/'],
    ['6to4, public', 'http://[2002:808:808::1]/'],
    ['Teredo', 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/'],
  ])('refuses the IPv6 form %s (%s)', (_form, url) => {
    expect(() => guard.checkUrl(url)).toThrow(ForbiddenAddressError);
  });

  it('judges an IPv4-mapped address as its IPv4 address', () => {
    expect(guard.checkUrl('http://[::ffff:8.8.8.8]/').hostname).toBe('[::ffff:808:808]');
  });

  it('refuses a name that resolves to an IPv4-compatible address', async () => {
    await expect(lookupOf(guard, 'compatible.example', true)).rejects.toThrow(
      /resolved to ::7f00:1 \(ipv4Compatible\)/,
    );
  });

  it('lets public addresses and names through', () => {
    expect(guard.checkUrl('https://93.184.215.14/x').host).toBe('93.184.215.14');
    expect(guard.checkUrl('https://menu.example/specials').hostname).toBe('menu.example');
  });

  it('refuses a name when any of its addresses is not public, at resolution time', async () => {
    await expect(lookupOf(guard, 'menu.example', false)).resolves.toBe('93.184.215.14');
    await expect(lookupOf(guard, 'v6.example', true)).resolves.toEqual([
      { address: '2606:4700::6810:84e5', family: 6 },
    ]);
    for (const host of ['both.example', 'metadata.example', 'rebind.example']) {
      await expect(lookupOf(guard, host, true)).rejects.toBeInstanceOf(ForbiddenAddressError);
    }
    await expect(guard.checkResolved('http://metadata.example/')).rejects.toThrow(
      /resolved to 169\.254\.169\.254 \(linkLocal\)/,
    );
  });

  it('allows what the operator lists: a host name, an address, a range', async () => {
    const allowing = createOutboundGuard({
      resolve: DNS,
      allow: ['rebind.example', '10.0.0.0/8', '::1'],
    });
    expect(() => allowing.checkUrl('http://10.9.9.9:3100/')).not.toThrow();
    expect(() => allowing.checkUrl('http://[::1]/')).not.toThrow();
    expect(() => allowing.checkUrl('http://192.168.1.1/')).toThrow(ForbiddenAddressError);
    await expect(lookupOf(allowing, 'rebind.example', false)).resolves.toBe('127.0.0.1');
    await expect(lookupOf(allowing, 'both.example', false)).resolves.toBe('93.184.215.14');
    await expect(lookupOf(allowing, 'metadata.example', false)).rejects.toBeInstanceOf(
      ForbiddenAddressError,
    );
  });
});

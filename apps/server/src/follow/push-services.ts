/**
 * Which push services the service sends to: a subscription names its browser's push service as
 * an endpoint URL, which the browser chose, but which a client could write anything into. Only
 * the major browsers' push services are taken (PUSH_SERVICE_HOSTS), over https, so that no
 * subscription can make the service call an arbitrary host.
 */

/**
 * The push services of the major browsers, by the host names of their endpoints. An entry
 * starting with '.' stands for any subdomain of it: Windows' push service (Edge on Windows)
 * gives endpoints on varied hosts such as `wns2-bn3p.notify.windows.com`.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  // Chrome, Edge elsewhere than Windows, Opera, Samsung Internet, Brave (Firebase Cloud Messaging).
  'fcm.googleapis.com',
  // Firefox (Mozilla's autopush).
  'updates.push.services.mozilla.com',
  // Safari on macOS and iOS.
  'web.push.apple.com',
  // Edge on Windows (Windows Push Notification Services).
  '.notify.windows.com',
];

/** A host name, an IPv4 address or a bracketless IPv6 address, lower case; '.' first or not. */
const HOST_ENTRY =
  /^\.?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV6 = /^[0-9a-f:.]+$/;

/** Whether `entry` can stand in PUSH_SERVICE_HOSTS: a host name (maybe '.' first) or an address. */
export function isPushServiceEntry(entry: string): boolean {
  if (entry.length === 0 || entry.length > 253) return false;
  if (entry.includes(':')) return IPV6.test(entry);
  return HOST_ENTRY.test(entry);
}

/** An endpoint's host as the allow-list compares it: lower case, an IPv6 address unbracketed. */
function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/**
 * Why `endpoint` may not be sent to, in the client's words; null when it may: an https URL
 * without credentials whose host is an entry of `hosts` (on any port), or a subdomain of an entry
 * that starts with '.'.
 */
export function endpointRefusal(endpoint: string, hosts: readonly string[]): string | null {
  if (!URL.canParse(endpoint)) return 'The subscription’s endpoint is not a URL.';
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return 'The subscription’s endpoint must be an https URL.';
  if (url.username !== '' || url.password !== '') {
    return 'The subscription’s endpoint may not carry credentials.';
  }
  const host = hostOf(url);
  const allowed = hosts.some((entry) =>
    entry.startsWith('.') ? host.endsWith(entry) && host.length > entry.length : host === entry,
  );
  return allowed
    ? null
    : 'This browser’s push service is not one this service sends to (the major browsers’ are).';
}

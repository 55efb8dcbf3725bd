import type { Response } from 'undici';
import { SchemaChangedError } from '../errors';
import { hostOf } from './network-failure';

/**
 * Redirects, followed by hand so that the outbound guard and robots.txt see every target: where a
 * 3xx answer sends a request, and what the request becomes there.
 */

/** Redirects followed per request, as browsers and RFC 9309 (for robots.txt) allow at least. */
export const MAX_REDIRECTS = 5;

/** One hop of a request: redirects change the URL and sometimes the method. */
export interface Hop {
  url: string;
  method: 'GET' | 'POST';
  body: string | null;
}

/** The absolute URL a 3xx answer with a Location sends us to; null for any other answer. */
export function redirectTarget(response: Response, base: string): string | null {
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
export function nextHop(hop: Hop, location: string, status: number): Hop {
  const asGet = status === 303 || ((status === 301 || status === 302) && hop.method === 'POST');
  return asGet ? { url: location, method: 'GET', body: null } : { ...hop, url: location };
}

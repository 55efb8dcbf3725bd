import type { Adapter } from '../types';
import { MENU, parse } from './parse';
import { plan } from './plan';

/**
 * Leafly: the dispensary's server-rendered menu page and its `__NEXT_DATA__`. The page itself is
 * the payload and Leafly's pages are not bot-gated (platforms.md 0), so there are no browser hooks.
 */
export const leaflyAdapter: Adapter = {
  plan,
  parse,
  recognize: (body) => (typeof body === 'string' && body.includes('__NEXT_DATA__') ? MENU : null),
};

import type { Adapter } from '../types';
import { parse } from './parse';
import { plan, SPECIALS_PAGE_LABEL } from './plan';

/**
 * A dispensary's own specials page (research section 12). No browser hooks: a specials page is
 * the HTML itself, which the browser transport renders from the plan when http is refused.
 */
export const htmlAdapter: Adapter = {
  plan,
  parse,
  recognize: (body) => (typeof body === 'string' ? SPECIALS_PAGE_LABEL : null),
};

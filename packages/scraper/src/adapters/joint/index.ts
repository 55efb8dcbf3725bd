import { at } from '../shared/deal-fields';
import { CAPTURED_PAGE } from '../shared/paging';
import type { Adapter } from '../types';
import { parse } from './parse';
import { hitsIn, plan, SEARCH_PATH } from './plan';

/**
 * Joint Commerce (research section 7). In a browser, the store's menu page asks `_search`
 * itself; every such answer is a listing page for `parse`.
 */
export const jointAdapter: Adapter = {
  plan,
  parse,
  recognize: (body) => (hitsIn(body)?.some(isProduct) ? CAPTURED_PAGE : null),
  browser: {
    pageUrl: (entry) => entry.menuUrl ?? null,
    labelOf: (url) =>
      url.includes(SEARCH_PATH) && url.includes('/_search') ? CAPTURED_PAGE : null,
  },
};

/** A Joint product (an Elasticsearch hit's `_source`, or the source itself) has a `jointId`. */
function isProduct(hit: unknown): boolean {
  return at(hit, '_source', 'jointId') !== undefined || at(hit, 'jointId') !== undefined;
}

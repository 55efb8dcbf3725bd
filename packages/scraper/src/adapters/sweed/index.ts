import { at, list } from '../shared/deal-fields';
import type { Adapter } from '../types';
import { CAPTURED_PAGE } from '../shared/paging';
import { parse } from './parse';
import { plan, PRODUCT_LIST_PATH, productsIn } from './plan';

/**
 * Sweed POS storefronts (research section 5). In a browser, the storefront at the menu URL asks
 * GetProductList itself; every such answer is a listing page for `parse`.
 */
export const sweedAdapter: Adapter = {
  plan,
  parse,
  recognize: (body) => (productsIn(body)?.some(isProduct) ? CAPTURED_PAGE : null),
  browser: {
    pageUrl: (entry) => entry.menuUrl ?? null,
    labelOf: (url) => (url.includes(PRODUCT_LIST_PATH) ? CAPTURED_PAGE : null),
  },
};

/** A Sweed product carries its sizes as `variants` with a `price` each. */
function isProduct(product: unknown): boolean {
  return list(at(product, 'variants')).some((variant) => at(variant, 'price') !== undefined);
}

import { at } from '../shared/deal-fields';
import { CAPTURED_PAGE } from '../shared/paging';
import type { Adapter } from '../types';
import { parse } from './parse';
import { plan, productsIn } from './plan';

/** A Dispense products request, venue-wide or per category (research section 6). */
const PRODUCTS_PATH = /\/v1\/venues\/[^/?#]+\/(?:product-categories\/[^/?#]+\/)?products(?:[?#]|$)/;

/**
 * Dispense (research section 6). In a browser, the dispensary's menu asks the Dispense API for
 * its products page by page; every such answer is a listing page for `parse`.
 */
export const dispenseAdapter: Adapter = {
  plan,
  parse,
  recognize: (body) => (productsIn(body)?.some(isProduct) ? CAPTURED_PAGE : null),
  browser: {
    pageUrl: (entry) => entry.menuUrl ?? entry.website ?? null,
    labelOf: (url) => (PRODUCTS_PATH.test(url) ? CAPTURED_PAGE : null),
  },
};

/** A Dispense product has a `price` and a `priceWithDiscounts`. */
function isProduct(product: unknown): boolean {
  return at(product, 'price') !== undefined && at(product, 'priceWithDiscounts') !== undefined;
}

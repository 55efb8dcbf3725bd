import { at, list } from '../shared/deal-fields';
import type { Adapter } from '../types';
import { isProductResponse } from './algolia';
import { parse, PRODUCTS } from './parse';
import { plan } from './plan';
import { readJaneStore, storePagePath } from './store';
import { isStoreRecord, isStoreRecordResponse, STORE_RECORD } from './store-record';

/**
 * Jane (iHeartJane): products from the Algolia index `menu-products-production` filtered by store
 * id. In a browser, the store page's own Algolia and dmerch answers are the same records.
 */
export const janeAdapter: Adapter = {
  plan,
  parse,
  // A saved answer of any form parse reads: one query, a multi-query, dmerch multi or smart.
  recognize: (body) =>
    Array.isArray(at(body, 'hits')) ||
    list(at(body, 'results')).some((result) => Array.isArray(at(result, 'hits'))) ||
    Array.isArray(at(body, 'placements')) ||
    Array.isArray(at(body, 'products'))
      ? PRODUCTS
      : isStoreRecord(body)
        ? STORE_RECORD
        : null,
  browser: {
    pageUrl(entry, config) {
      const store = readJaneStore(entry);
      return store ? `${config.baseUrls.jane}${storePagePath(store)}` : null;
    },
    labelOf: (url, body) =>
      isProductResponse(url, body)
        ? PRODUCTS
        : isStoreRecordResponse(url, body)
          ? STORE_RECORD
          : null,
  },
};

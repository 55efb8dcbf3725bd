import { at } from '@stl-deals/scraper';
import { json } from '../answers';
import { jsonBody, wholeNumber } from '../request-fields';
import { storefrontPage } from '../storefront';
import type { SimulatedPlatform } from '../types';
import { noRoute, productListPage, routeOf } from './serialize';

const ROUTE_RESOLVE = '/_api/Route/Resolve';
const PRODUCT_LIST = '/_api/proxy/Products/GetProductList';
/** A storefront, and the menu and product pages under it. */
const STOREFRONT = /^\/shop\/([a-z0-9-]{1,100})(?:\/.*)?$/;

/**
 * Sweed POS: a storefront on the store's own host, whose API answers on the same host. The store
 * is named by the `storeid` header; `Route/Resolve` finds it from the storefront's URL.
 */
export const sweed: SimulatedPlatform = {
  address: (store, base) => ({ menuUrl: `${base}/shop/${store.key}` }),

  // Sweed shows only in the storefront's own calls (a `storeid` header), read in a browser.
  embed: (store, base) => ({
    body: `<iframe title="Shop" src="${base}/shop/${store.key}"></iframe>`,
  }),

  route(request, stores) {
    const { pathname } = request.url;
    if (request.method === 'POST' && pathname === ROUTE_RESOLVE) {
      const url = at(jsonBody(request.body), 'url');
      const key = typeof url === 'string' ? STOREFRONT.exec(safePath(url))?.[1] : undefined;
      const store = stores.find('sweed', key);
      return {
        store,
        answer: () => json(store ? routeOf(store.number, store.key) : noRoute),
      };
    }
    if (request.method === 'POST' && pathname === PRODUCT_LIST) {
      const header = request.headers.storeid;
      const store = stores.find('sweed', typeof header === 'string' ? header : undefined);
      const query = jsonBody(request.body);
      return {
        store,
        answer: (context) =>
          store
            ? json(
                productListPage(
                  context.menuOf(store),
                  wholeNumber(at(query, 'page'), 1) || 1,
                  wholeNumber(at(query, 'pageSize'), 24, 500) || 24,
                ),
              )
            : json({ message: 'Store not found' }, 404),
      };
    }
    const storefront = STOREFRONT.exec(pathname);
    if (!storefront || request.method !== 'GET') return undefined;
    const store = stores.find('sweed', storefront[1]);
    return {
      store,
      answer: () =>
        store
          ? storefrontPage({ title: `${store.name} | Shop`, loader: loader(store.number) })
          : json({ message: 'Not found' }, 404),
    };
  },
};

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/** The storefront app: every page of the store's products. */
function loader(storeId: number): string {
  return `
        for (let page = 1; ; page++) {
          const answer = await getJson('${PRODUCT_LIST}', {
            method: 'POST',
            headers: { 'content-type': 'application/json', storeid: '${storeId}', platformos: 'web' },
            body: JSON.stringify({ filters: {}, page, pageSize: 100, sortingMethodId: 1, searchTerm: '', saleType: 'Recreational' }),
          });
          if (answer.list.length < 100) break;
        }`;
}

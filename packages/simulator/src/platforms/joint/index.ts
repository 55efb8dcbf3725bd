import { at } from '@stl-deals/scraper';
import { json } from '../answers';
import { jsonBody, wholeNumber } from '../request-fields';
import { storefrontPage } from '../storefront';
import type { SimulatedPlatform } from '../types';
import { noHits, searchAnswer } from './serialize';

const SEARCH = /^\/wp-json\/joint-ecommerce\/v1\/products\/(\d{1,9})\/_search\/?$/;
/** The store's WordPress menu page and the product pages under it. */
const MENU_PAGE = /^\/menu\/([a-z0-9-]{1,100})(?:\/.*)?$/;
const PAGE_SIZE = 100;

/**
 * Joint Commerce: a WordPress plugin on the store's own site, whose Elasticsearch proxy answers
 * `_search` for the store's business id, and the menu page that asks it.
 */
export const joint: SimulatedPlatform = {
  address: (store, base) => ({
    platformId: String(store.number),
    menuUrl: `${base}/menu/${store.key}`,
  }),

  embed: (store, base) => ({
    bodyClass: `joint-store-${store.number}`,
    body: `<link rel="stylesheet" href="${base}/wp-content/plugins/joint-ecommerce/assets/store.css" /><a href="${base}/menu/${store.key}">Shop the menu</a>`,
  }),

  route(request, stores) {
    const { pathname } = request.url;
    const search = SEARCH.exec(pathname);
    if (search && request.method === 'POST') {
      const store = stores.find('joint', search[1]);
      const query = jsonBody(request.body);
      return {
        store,
        answer: (context) =>
          store
            ? json(
                searchAnswer(
                  context.menuOf(store),
                  store.number,
                  wholeNumber(at(query, 'from'), 0, 100_000),
                  wholeNumber(at(query, 'size'), 10, 1_000) || 10,
                ),
              )
            : json(noHits()),
      };
    }
    const menu = MENU_PAGE.exec(pathname);
    if (!menu || request.method !== 'GET') return undefined;
    const store = stores.find('joint', menu[1]);
    return {
      store,
      answer: () =>
        store
          ? storefrontPage({ title: `Menu - ${store.name}`, loader: loader(store.number) })
          : json({ code: 'rest_no_route', message: 'No route was found' }, 404),
    };
  },
};

/** The plugin's menu app: every page of the store's recreational products. */
function loader(businessId: number): string {
  return `
        for (let from = 0; ; from += ${PAGE_SIZE}) {
          const answer = await getJson('/wp-json/joint-ecommerce/v1/products/${businessId}/_search', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              from,
              size: ${PAGE_SIZE},
              query: { bool: { filter: [{ term: { businessId: ${businessId} } }, { term: { menuType: 'RECREATIONAL' } }] } },
            }),
          });
          if (answer.hits.hits.length < ${PAGE_SIZE}) break;
        }`;
}

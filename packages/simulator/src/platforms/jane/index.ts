import { at, DEFAULT_PLATFORM_CONFIG } from '@stl-deals/scraper';
import { html, json } from '../answers';
import { jsonBody, wholeNumber } from '../request-fields';
import { productRoute, storefrontPage } from '../storefront';
import type { SimulatedPlatform } from '../types';
import {
  algoliaPage,
  emptyPage,
  invalidKey,
  PRODUCT_INDEX,
  storePageHead,
  storeRecord,
} from './serialize';

const STORE_PAGE = /^\/(?:embed\/)?stores\/(\d{1,9})(?:\/[a-z0-9-]{1,100})?\/menu\/?$/;
const QUERY_PATH = `/1/indexes/${PRODUCT_INDEX}/query`;
const STORE_RECORD = /^\/api\/v1\/stores\/(\d{1,9})\/?$/;
const STORE_FILTER = /\bstore_id\s*=\s*(\d{1,9})\b/;
export const APP_ID = DEFAULT_PLATFORM_CONFIG.janeAlgolia.appId;
/** Algolia answers at most 1,000 hits a page (platforms.md 2.1). */
const MAX_HITS_PER_PAGE = 1_000;

/** The search key this simulator's Jane publishes on its store pages and demands on queries. */
export const searchKey = (secret: (name: string) => string) =>
  secret('jane-algolia-key').slice(0, 32);

/**
 * Jane: the store page with its search key, and Algolia index queries filtered by store id. A
 * query with another key is refused as Algolia refuses it.
 */
export const jane: SimulatedPlatform = {
  statesHours: true,
  statesPhone: true,

  address: (store, base) => ({
    platformId: String(store.number),
    menuUrl: `${base}/stores/${store.number}/${store.slug}/menu`,
  }),

  embed: (store, base) => ({
    body: `<iframe id="jane-menu" title="Menu" src="${base}/embed/stores/${store.number}/menu"></iframe>`,
  }),

  route(request, stores) {
    const { pathname } = request.url;
    const record = STORE_RECORD.exec(pathname);
    if (record) {
      const store = stores.find('jane', record[1]);
      return {
        store,
        answer: () => (store ? json(storeRecord(store)) : json({ error: 'Not found' }, 404)),
      };
    }
    const page = STORE_PAGE.exec(pathname);
    if (page) {
      const store = stores.find('jane', page[1]);
      // The store's menu opened on one product (platforms.md 2.4): that product's page.
      const productId = request.url.searchParams.get('product_id');
      if (productId !== null) {
        return productRoute(store, {
          platform: 'Jane',
          named: (product) => String(product.number) === productId,
          menuPath: `/stores/${store?.number ?? ''}/${store?.slug ?? ''}/menu`,
          notFound: html('<!doctype html><title>Product not found | Jane</title>', 404),
        });
      }
      return {
        store,
        answer: (context) =>
          store
            ? storefrontPage({
                title: `${store.name} | Jane`,
                head: storePageHead(store, APP_ID, searchKey(context.secret)),
                loader: loader(store.number),
              })
            : html('<!doctype html><title>Store not found | Jane</title>', 404),
      };
    }
    if (pathname !== QUERY_PATH || request.method !== 'POST') return undefined;
    const query = jsonBody(request.body);
    const filters = at(query, 'filters');
    const id = typeof filters === 'string' ? STORE_FILTER.exec(filters)?.[1] : undefined;
    const store = stores.find('jane', id);
    return {
      store,
      answer(context) {
        if (request.headers['x-algolia-api-key'] !== searchKey(context.secret)) {
          return json(invalidKey, 403);
        }
        const pageNumber = wholeNumber(at(query, 'page'), 0);
        const perPage = wholeNumber(at(query, 'hitsPerPage'), 20, MAX_HITS_PER_PAGE) || 20;
        return json(
          store
            ? algoliaPage(context.menuOf(store), store, pageNumber, perPage)
            : emptyPage(pageNumber, perPage),
        );
      },
    };
  },
};

/** Jane's menu app: the key from the page's own settings, then every page of the store's records. */
function loader(storeNumber: number): string {
  return `
        const read = (id) => JSON.parse(document.getElementById(id).textContent);
        const settings = read('jane-app-settings');
        const secrets = read('jane-app-secrets');
        for (let page = 0, pages = 1; page < pages; page++) {
          const answer = await getJson('${QUERY_PATH}', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-algolia-application-id': settings.algoliaAppId,
              'x-algolia-api-key': secrets.algoliaApiKey,
            },
            body: JSON.stringify({ query: '', filters: 'store_id = ${storeNumber}', hitsPerPage: 500, page }),
          });
          pages = answer.nbPages;
        }
        await getJson('/api/v1/stores/${storeNumber}');`;
}

import { at, type PlatformConfig } from '@stl-deals/scraper';
import { html, json, scriptJson } from '../answers';
import { jsonParam, wholeNumber } from '../request-fields';
import { productRoute, storefrontPage } from '../storefront';
import type { SimulatedPlatform } from '../types';
import {
  filteredSpecials,
  persistedQueryNotFound,
  productsPage,
  specialMenuCards,
  storeLookup,
  unknownDispensary,
  unknownStoreLookup,
} from './serialize';

/** The menu's operations; the directory's `DispensarySearch` is answered in directories/. */
type Operation = Exclude<keyof PlatformConfig['dutchieHashes'], 'DispensarySearch'>;

/** The numbered GraphQL endpoint of the live menu (research 1.1); other numbers answer too. */
const GRAPHQL = /^\/(?:api-\d+\/)?graphql\/?$/;
/** The embedded menu and the marketplace page of a store: what a visitor opens. */
const STORE_PAGE = /^\/(?:embedded-menu|dispensary)\/([a-z0-9-]{1,100})(?:\/specials)?\/?$/;
/** A product's page at a store, where the deals' deep links lead (research 1.5). */
const PRODUCT_PAGE =
  /^\/(?:embedded-menu|dispensary)\/([a-z0-9-]{1,100})\/product\/([a-z0-9-]{1,200})\/?$/;
/** Products per page when the request does not say (the live menu asks 50). */
const PER_PAGE = 50;

const NOT_FOUND_PAGE =
  '<!doctype html><title>Page not found | Dutchie</title><h1>Page not found</h1>';

const isOperation = (
  name: string | null,
  hashes: PlatformConfig['dutchieHashes'],
): name is Operation => name !== null && name !== 'DispensarySearch' && Object.hasOwn(hashes, name);

/**
 * Dutchie: persisted-query GraphQL GETs (research 1.2). The operation's hash must be one Dutchie
 * knows right now, or Apollo answers PersistedQueryNotFound; the store is named by its cName in
 * ConsumerDispensaries and by its id in the other operations.
 */
export const dutchie: SimulatedPlatform = {
  statesHours: true,
  statesPhone: true,

  address: (store, base) => ({
    platformId: store.slug,
    menuUrl: `${base}/embedded-menu/${store.slug}/specials`,
  }),

  embed: (store, base) => ({
    body: `<div id="dutchie--embed"><iframe id="dutchie--embed__iframe" class="dutchie--iframe" title="Menu" src="${base}/embedded-menu/${store.slug}/specials"></iframe></div>`,
  }),

  route(request, stores) {
    const { pathname } = request.url;
    const productPath = PRODUCT_PAGE.exec(pathname);
    if (productPath) {
      const store = stores.find('dutchie', productPath[1]);
      return productRoute(store, {
        platform: 'Dutchie',
        named: (product) => product.slug === productPath[2],
        menuPath: `/dispensary/${store?.slug ?? ''}`,
        notFound: html(NOT_FOUND_PAGE, 404),
      });
    }
    const page = STORE_PAGE.exec(pathname);
    if (page) {
      const store = stores.find('dutchie', page[1]);
      return {
        store,
        answer: (context) =>
          store
            ? storefrontPage({
                title: `${store.name} | Dutchie`,
                loader: loader(store.slug, context.dutchieHashes),
              })
            : json({ error: 'Not found' }, 404),
      };
    }
    if (!GRAPHQL.test(pathname)) return undefined;
    const operation = request.url.searchParams.get('operationName');
    const variables = jsonParam(request.url, 'variables');
    const id =
      at(variables, 'dispensaryFilter', 'cNameOrID') ??
      at(variables, 'productsFilter', 'dispensaryId') ??
      at(variables, 'specialsFilter', 'dispensaryId') ??
      at(variables, 'dispensaryId');
    const store = stores.find('dutchie', typeof id === 'string' ? id : undefined);
    return {
      store,
      answer(context) {
        const hash = at(jsonParam(request.url, 'extensions'), 'persistedQuery', 'sha256Hash');
        if (!isOperation(operation, context.dutchieHashes)) return json(persistedQueryNotFound);
        if (context.dutchieHashes[operation] !== hash) return json(persistedQueryNotFound);
        if (!store) {
          return json(
            operation === 'ConsumerDispensaries' ? unknownStoreLookup : unknownDispensary,
          );
        }
        const menu = context.menuOf(store);
        switch (operation) {
          case 'ConsumerDispensaries':
            return json(storeLookup(store));
          case 'FilteredProducts':
            return json(
              productsPage(
                menu,
                store,
                wholeNumber(at(variables, 'page'), 0),
                wholeNumber(at(variables, 'perPage'), PER_PAGE, 500),
              ),
            );
          case 'GetSpecialMenuCards':
            return json(specialMenuCards(menu));
          case 'FilteredSpecials':
            return json(filteredSpecials(menu));
        }
      },
    };
  },
};

/**
 * The embedded menu's own requests: the same persisted queries, with the hashes Dutchie's current
 * bundle carries (so a rotation breaks configured hashes, never the page itself).
 */
function loader(cName: string, hashes: PlatformConfig['dutchieHashes']): string {
  return `
        const hashes = ${scriptJson(hashes)};
        const query = (operation, variables) =>
          getJson(
            '/api-3/graphql?operationName=' + operation +
              '&variables=' + encodeURIComponent(JSON.stringify(variables)) +
              '&extensions=' + encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hashes[operation] } })),
            { headers: { 'apollographql-client-name': 'Marketplace (production)', 'apollo-require-preflight': 'true' } },
          );
        const found = await query('ConsumerDispensaries', { dispensaryFilter: { cNameOrID: ${scriptJson(cName)} } });
        const dispensaryId = found.data.filteredDispensaries[0].id;
        const products = (page) =>
          query('FilteredProducts', { productsFilter: { dispensaryId, pricingType: 'rec', Status: 'Active' }, page, perPage: ${PER_PAGE} });
        const [first] = await Promise.all([
          products(0),
          query('GetSpecialMenuCards', { dispensaryId, menuType: 'REC', platformType: 'ONLINE_MENU' }),
          query('FilteredSpecials', { specialsFilter: { dispensaryId, current: true, platformType: 'ONLINE_MENU' } }),
        ]);
        for (let page = 1; page < first.data.filteredProducts.queryInfo.totalPages; page++) await products(page);`;
}

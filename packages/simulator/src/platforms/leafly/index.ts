import { html } from '../answers';
import { wholeNumber } from '../request-fields';
import type { SimulatedPlatform } from '../types';
import { productPage } from '../storefront';
import { itemIdOf, menuPage } from './serialize';

const MENU_PAGE = /^\/dispensary-info\/([a-z0-9-]{1,200})\/menu\/?$/;
/** An item's page at the dispensary, where the deals' deep links lead (platforms.md 4). */
const ITEM_PAGE = /^\/dispensary-info\/([a-z0-9-]{1,200})\/p\/(\d{1,12})\/?$/;

/** Leafly: the dispensary's server-rendered menu, page by page (`?page=N`). */
export const leafly: SimulatedPlatform = {
  statesHours: true,

  address: (store, base) => ({
    platformId: store.slug,
    menuUrl: `${base}/dispensary-info/${store.slug}/menu`,
  }),

  embed: (store, base) => ({
    body: `<div id="leafly-embed-wrapper"><script id="leafly-embed-script" src="${base}/e-menu/loader.js" data-origin="${base}" data-slug="${store.slug}"></script></div>`,
  }),

  route(request, stores) {
    const item = ITEM_PAGE.exec(request.url.pathname);
    if (item) {
      const store = stores.find('leafly', item[1]);
      return {
        store,
        answer: (context) => {
          const menu = store && context.menuOf(store);
          const product = menu?.products.find((each) => String(itemIdOf(each)) === item[2]);
          if (!store || !menu || !product) {
            return html('<!doctype html><title>Page not found | Leafly</title>', 404);
          }
          return productPage({
            title: `${product.brand} ${product.name} | ${store.name} | Leafly`,
            storeName: store.name,
            menu,
            product,
            menuUrl: `${context.base}/dispensary-info/${store.slug}/menu`,
          });
        },
      };
    }
    const match = MENU_PAGE.exec(request.url.pathname);
    if (!match) return undefined;
    const store = stores.find('leafly', match[1]);
    const page = wholeNumber(request.url.searchParams.get('page'), 1) || 1;
    return {
      store,
      answer: (context) =>
        store
          ? html(menuPage(context.menuOf(store), store, page))
          : html('<!doctype html><title>Page not found | Leafly</title>', 404),
    };
  },
};

import { html } from '../answers';
import { wholeNumber } from '../request-fields';
import type { SimulatedPlatform } from '../types';
import { productRoute } from '../storefront';
import { itemIdOf, menuPage } from './serialize';

const MENU_PAGE = /^\/dispensary-info\/([a-z0-9-]{1,200})\/menu\/?$/;
/** An item's page at the dispensary, where the deals' deep links lead (platforms.md 4). */
const ITEM_PAGE = /^\/dispensary-info\/([a-z0-9-]{1,200})\/p\/(\d{1,12})\/?$/;

/** Leafly: the dispensary's server-rendered menu, page by page (`?page=N`). */
export const leafly: SimulatedPlatform = {
  statesHours: true,
  statesPhone: true,

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
      return productRoute(store, {
        platform: 'Leafly',
        named: (product) => String(itemIdOf(product)) === item[2],
        menuPath: `/dispensary-info/${store?.slug ?? ''}/menu`,
        notFound: html('<!doctype html><title>Page not found | Leafly</title>', 404),
      });
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

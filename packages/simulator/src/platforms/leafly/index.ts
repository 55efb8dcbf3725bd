import { html } from '../answers';
import { wholeNumber } from '../request-fields';
import type { SimulatedPlatform } from '../types';
import { menuPage } from './serialize';

const MENU_PAGE = /^\/dispensary-info\/([a-z0-9-]{1,200})\/menu\/?$/;

/** Leafly: the dispensary's server-rendered menu, page by page (`?page=N`). */
export const leafly: SimulatedPlatform = {
  address: (store, base) => ({
    platformId: store.slug,
    menuUrl: `${base}/dispensary-info/${store.slug}/menu`,
  }),

  embed: (store, base) => ({
    body: `<div id="leafly-embed-wrapper"><script id="leafly-embed-script" src="${base}/e-menu/loader.js" data-origin="${base}" data-slug="${store.slug}"></script></div>`,
  }),

  route(request, stores) {
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

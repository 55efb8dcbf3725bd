import { specialsPagePath } from '../../stores';
import { html } from '../answers';
import type { SimulatedPlatform } from '../types';
import { specialsPage } from './serialize';

const SPECIALS_PAGE = /^\/sites\/([a-z0-9-]{1,100})\/specials\/?$/;

/**
 * A dispensary's own website and its specials page. Every store has one (feeds link to it), so
 * the page is found by the store's key whatever platform its menu is on.
 */
export const htmlSite: SimulatedPlatform = {
  // The store's site says when it is open, in its JSON-LD.
  statesHours: true,
  statesPhone: true,

  address: (store, base) => ({ specialsUrl: `${base}${specialsPagePath(store.key)}` }),

  route(request, stores) {
    const match = SPECIALS_PAGE.exec(request.url.pathname);
    if (!match) return undefined;
    const store = match[1] === undefined ? undefined : stores.byKey(match[1]);
    return {
      store,
      answer: (context) =>
        store
          ? html(
              specialsPage(
                context.menuOf(store),
                `${context.base}${specialsPagePath(store.key)}`,
                undefined,
                store.hours,
                store.phone,
              ),
            )
          : html('<!doctype html><title>Page not found</title><h1>Page not found</h1>', 404),
    };
  },
};

import { json } from '../answers';
import { wholeNumber } from '../request-fields';
import { productRoute, storefrontPage } from '../storefront';
import type { SimulatedPlatform } from '../types';
import { itemSlugOf, listingNotFound, listingRecord, menuItemsPage } from './serialize';

const MENU_ITEMS = /^\/discovery\/v1\/listings\/dispensaries\/([a-z0-9-]{1,200})\/menu_items\/?$/;
const MENU_PAGE = /^\/dispensaries\/([a-z0-9-]{1,200})\/menu\/?$/;
/** An item's page on the listing's menu, where the deals' deep links lead (platforms.md 3.3). */
const ITEM_PAGE = /^\/dispensaries\/([a-z0-9-]{1,200})\/menu\/([a-z0-9-]{1,300})\/?$/;
const LISTING = /^\/discovery\/v1\/listings\/dispensaries\/([a-z0-9-]{1,200})\/?$/;
/** Weedmaps' own menus ask for 100 items a page (platforms.md 3.1). */
const PAGE_SIZE = 100;

/**
 * Weedmaps: the discovery API's `menu_items` of a listing, page by page, and the listing's menu
 * page, whose app asks the same API.
 */
export const weedmaps: SimulatedPlatform = {
  statesHours: true,
  statesPhone: true,

  address: (store, base) => ({
    platformId: store.slug,
    menuUrl: `${base}/dispensaries/${store.slug}/menu`,
  }),

  // No current Weedmaps embed exists (directories.md 3.4): sites link to the listing.
  embed: (store, base) => ({
    body: `<a href="${base}/dispensaries/${store.slug}/menu">Order on Weedmaps</a>`,
  }),

  route(request, stores) {
    const { pathname, searchParams } = request.url;
    const listing = LISTING.exec(pathname);
    if (listing) {
      const store = stores.find('weedmaps', listing[1]);
      return {
        store,
        answer: (context) =>
          store ? json(listingRecord(store, context.base)) : json(listingNotFound, 404),
      };
    }
    const item = ITEM_PAGE.exec(pathname);
    if (item) {
      const store = stores.find('weedmaps', item[1]);
      return productRoute(store, {
        platform: 'Weedmaps',
        named: (product) => itemSlugOf(product) === item[2],
        menuPath: `/dispensaries/${store?.slug ?? ''}/menu`,
        notFound: json(listingNotFound, 404),
      });
    }
    const page = MENU_PAGE.exec(pathname);
    if (page) {
      const store = stores.find('weedmaps', page[1]);
      return {
        store,
        answer: () =>
          store
            ? storefrontPage({ title: `${store.name} | Weedmaps`, loader: loader(store.slug) })
            : json(listingNotFound, 404),
      };
    }
    const items = MENU_ITEMS.exec(pathname);
    if (!items) return undefined;
    const store = stores.find('weedmaps', items[1]);
    return {
      store,
      answer: (context) =>
        store
          ? json(
              menuItemsPage(
                context.menuOf(store),
                wholeNumber(searchParams.get('page'), 1) || 1,
                wholeNumber(searchParams.get('page_size'), PAGE_SIZE, 500) || PAGE_SIZE,
              ),
            )
          : json(listingNotFound, 404),
    };
  },
};

/** The menu app: every page of the listing's items, until a short page. */
function loader(slug: string): string {
  return `
        for (let page = 1; ; page++) {
          const answer = await getJson(
            '/discovery/v1/listings/dispensaries/${slug}/menu_items?sort_by=position&page=' + page + '&page_size=${PAGE_SIZE}',
          );
          if (answer.data.menu_items.length < ${PAGE_SIZE}) break;
        }
        await getJson('/discovery/v1/listings/dispensaries/${slug}');`;
}

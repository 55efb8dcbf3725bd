import { json } from '../answers';
import { wholeNumber } from '../request-fields';
import { productRoute, storefrontPage } from '../storefront';
import type { SimulatedPlatform } from '../types';
import { productsPage, sizeSlugOf } from './serialize';

const PRODUCTS = /^\/v1\/venues\/([a-z0-9]{1,40})\/products\/?$/;
/** The store's own online-ordering page, where its Dispense menu is embedded. */
const SHOP = /^\/order\/([a-z0-9-]{1,100})\/?$/;
/** A product's page there: a size record's `productUrl` (platforms.md 6). */
const PRODUCT_PAGE = /^\/order\/([a-z0-9-]{1,100})\/([a-z0-9-]{1,300})\/?$/;
const PAGE_SIZE = 50;

/**
 * Dispense: a shared API host answering each venue's products page by page (skip and limit), and
 * the store's ordering page whose embedded menu asks it.
 */
export const dispense: SimulatedPlatform = {
  address: (store, base) => ({ platformId: store.hexId, menuUrl: `${base}/order/${store.key}` }),

  // Proxy mode: the menu is served under the store's domain, the venue named on <head>.
  embed: (store, base) => ({
    headAttributes: `data-proxy-path="/menu" data-venue-id="${store.hexId}" data-proxy-mode="true"`,
    body: `<a href="${base}/order/${store.key}">Order online</a>`,
  }),

  route(request, stores) {
    const { pathname, searchParams } = request.url;
    const products = PRODUCTS.exec(pathname);
    if (products) {
      const store = stores.find('dispense', products[1]);
      return {
        store,
        answer: (context) =>
          store
            ? json(
                productsPage(
                  context.menuOf(store),
                  wholeNumber(searchParams.get('skip'), 0, 100_000),
                  wholeNumber(searchParams.get('limit'), PAGE_SIZE, 500) || PAGE_SIZE,
                  `${context.base}/order/${store.key}`,
                ),
              )
            : json({ message: 'Venue not found', statusCode: 404 }, 404),
      };
    }
    const productPath = PRODUCT_PAGE.exec(pathname);
    if (productPath) {
      const store = stores.find('dispense', productPath[1]);
      return productRoute(store, {
        named: (product) =>
          product.sizes.some((size) => sizeSlugOf(product, size) === productPath[2]),
        menuPath: `/order/${store?.key ?? ''}`,
        notFound: json({ message: 'Not found' }, 404),
      });
    }
    const shop = SHOP.exec(pathname);
    if (!shop) return undefined;
    const store = stores.find('dispense', shop[1]);
    return {
      store,
      answer: () =>
        store
          ? storefrontPage({ title: `${store.name} | Order Online`, loader: loader(store.hexId) })
          : json({ message: 'Not found' }, 404),
    };
  },
};

/** The embedded menu: every page of the venue's products. */
function loader(venueId: string): string {
  return `
        for (let skip = 0; ; skip += ${PAGE_SIZE}) {
          const answer = await getJson(
            '/v1/venues/${venueId}/products?sort=price&limit=${PAGE_SIZE}&skip=' + skip + '&group=true&orderPickUpType=IN_STORE',
          );
          if (answer.data.length < ${PAGE_SIZE}) break;
        }`;
}

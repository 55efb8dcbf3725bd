import { ADAPTERS, loadRegistry, type RegistryEntry } from '@stl-deals/scraper';
import { deriveCategory, productKey, readSize } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { generateMenu } from '../src';
import { escapeHtml } from '../src/platforms/answers';
import { productLayoutOf, specialsPage, type ProductLayout } from '../src/platforms/html/serialize';
import { NOW, SEED } from './support';

const PAGE_URL = 'http://127.0.0.1:3100/sites/html-store/specials';
const entry: RegistryEntry = {
  key: 'html-store',
  name: 'Gateway html Dispensary',
  platform: 'html',
  specialsUrl: PAGE_URL,
};
const menu = generateMenu({ seed: SEED, store: { key: entry.key, name: entry.name }, now: NOW });
const nameOf = (product: { brand: string; name: string }) => `${product.brand} ${product.name}`;

/** The deals the html adapter reads from the simulated specials page in one layout. */
function pageDeals(layout: ProductLayout) {
  const html = ADAPTERS.html;
  if (!html) throw new Error('The scraper has no html adapter');
  const body = specialsPage(menu, PAGE_URL, layout);
  return {
    body,
    deals: html.parse([{ label: 'specials-page', url: PAGE_URL, body }], entry).deals,
  };
}

describe('the simulated specials page, read by the html adapter', () => {
  it.each<ProductLayout>(['cards', 'tiles'])(
    '%s: every special and product on special, named by its name, and no ordinary product',
    (layout) => {
      const { body, deals } = pageDeals(layout);
      const featured = menu.products.filter((product) => product.specialId !== undefined);
      const ordinary = menu.products.filter((product) => product.specialId === undefined);
      // The page shows popular products at their shelf price beside the featured ones.
      expect(body).toContain('Popular Right Now');
      expect(
        ordinary.slice(0, 4).every((product) => body.includes(escapeHtml(nameOf(product)))),
      ).toBe(true);
      if (layout === 'tiles') expect(body).toMatch(/<div class="tile-price">.*<del/);

      // Each title is a product's or a special's name, never a price row ('$25.50 $51 50% off').
      expect(deals.map((deal) => deal.title).sort()).toEqual(
        [...featured.map(nameOf), ...menu.specials.map((special) => special.name)].sort(),
      );
      for (const deal of deals) expect(deal.price).not.toBe('');
    },
  );

  it('gives the tile price row to the deal as its price', () => {
    const product = menu.products.find((each) => each.sizes.some((size) => size.sale));
    const size = product?.sizes.find((each) => each.sale !== undefined);
    const deal = pageDeals('tiles').deals.find((each) => product && each.title === nameOf(product));
    expect(deal).toMatchObject({ salePrice: size?.sale, regularPrice: size?.price });
  });

  it.each<ProductLayout>(['cards', 'tiles'])(
    '%s: every product on special with its brand and the size its card names',
    (layout) => {
      const { deals } = pageDeals(layout);
      const featured = menu.products.filter((product) => product.specialId !== undefined);
      expect(featured.length).toBeGreaterThan(0);
      for (const product of featured) {
        const deal = deals.find((each) => each.title === nameOf(product));
        const shown = product.sizes.find((size) => size.sale !== undefined) ?? product.sizes[0];
        expect(deal?.brand, nameOf(product)).toBe(product.brand);
        expect(readSize(deal?.size), nameOf(product)).toEqual(readSize(shown?.label));
      }
    },
  );

  it('keys a product on special as a menu with brand and size fields keys it, for the comparison', () => {
    const { deals } = pageDeals('cards');
    const keyed = menu.products
      .filter((product) => product.specialId !== undefined)
      .map((product) => {
        const deal = deals.find((each) => each.title === nameOf(product))!;
        const shown = product.sizes.find((size) => size.sale !== undefined) ?? product.sizes[0];
        const category = deriveCategory(deal);
        return [
          productKey({ ...deal, category }),
          productKey({ title: product.name, brand: product.brand, size: shown?.label, category }),
        ];
      });
    expect(keyed.filter(([page]) => page !== null).length).toBeGreaterThan(0);
    for (const [page, menuKey] of keyed) expect(page).toBe(menuKey);
  });

  it('lays out the registry stores in both ways', async () => {
    const { dispensaries } = await loadRegistry();
    const layouts = new Set(dispensaries.map((each) => productLayoutOf(each.key)));
    expect([...layouts].sort()).toEqual(['cards', 'tiles']);
  });
});

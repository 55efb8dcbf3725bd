import {
  oneDose,
  potencyOf,
  type Menu,
  type Product,
  type ProductCategory,
  type SizePrice,
} from '../../menu/model';
import { escapeHtml, scriptJson } from '../answers';
import { openingHoursJsonLd } from '../hours-forms';
import type { SimStore } from '../../stores';

/**
 * The neutral menu as Leafly's server-rendered menu page carries it (research/platforms.md 4, the
 * project's recorded page in packages/scraper/src/adapters/leafly/payloads): a page of items in
 * the markup and the same items, with the menu's size and the dispensary, in `__NEXT_DATA__`.
 * Leafly shows prices and deal prices only, so a BOGO or bundle is invisible there.
 */

/** Items a menu page shows (platforms.md 4: about 18). */
export const ITEMS_PER_PAGE = 18;

const CATEGORIES: Record<ProductCategory, string> = {
  flower: 'Flower',
  'pre-rolls': 'Pre-roll',
  vapes: 'Vape',
  concentrates: 'Concentrate',
  edibles: 'Edible',
  topicals: 'Topical',
};

/** Leafly ids are ten digits; the simulator's product numbers are seven. */
const ID_OFFSET = 4_400_000_000;
const SIMPLE_SIZE = /^\d+(?:\.\d+)?(?:mg|g|oz)$/;

/** Page `page` (1-based) of the store's menu. */
export function menuPage(menu: Menu, store: SimStore, page: number): string {
  const first = (Math.max(1, page) - 1) * ITEMS_PER_PAGE;
  const items = menu.products.slice(first, first + ITEMS_PER_PAGE).map(menuItemOf);
  const { name, address, lat, lng } = store.menuStore;
  const nextData = {
    props: {
      pageProps: {
        dispensary: {
          id: store.number,
          slug: store.slug,
          name,
          address1: address?.split(',')[0] ?? '',
          city: 'St. Louis',
          state: 'MO',
          ...(lat !== undefined && lng !== undefined ? { lat, lon: lng } : {}),
          timeZone: 'America/Chicago',
          medical: true,
          recreational: true,
        },
        menuData: { menuItems: items, totalItems: menu.products.length },
        isEmbed: false,
      },
    },
    page: '/dispensary-info/[slug]/menu',
    query: { slug: store.slug, ...(page > 1 ? { page: String(page) } : {}) },
    buildId: 'simulated-build',
    isFallback: false,
    gssp: true,
  };
  const rows = items
    .map(
      (item) => `
          <li class="menu-item">
            <a href="/dispensary-info/${escapeHtml(store.slug)}/p/${item.id}"
              ><span class="brand">${escapeHtml(item.brandName)}</span>
              <span class="name">${escapeHtml(item.name)}</span>
              <span class="price">$${item.sortPrice}</span></a
            >
          </li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(name)} Menu | Leafly</title>
    ${openingHoursJsonLd(name, store.hours, store.phone)}
  </head>
  <body>
    <div id="__next">
      <main>
        <h1>${escapeHtml(name)}</h1>
        <ul class="menu-items">${rows}
        </ul>
      </main>
    </div>
    <script id="__NEXT_DATA__" type="application/json">${scriptJson(nextData)}</script>
  </body>
</html>
`;
}

/** The item's id on Leafly, which its page is found by (platforms.md 4). */
export const itemIdOf = (product: Product) => ID_OFFSET + product.number;

function menuItemOf(product: Product) {
  const lead = product.sizes.find((size) => size.sale !== undefined) ?? product.sizes[0];
  const strain = product.strainType ? ` (${product.strainType[0]})` : '';
  const size = lead && SIMPLE_SIZE.test(lead.label) ? ` (${lead.label})` : '';
  const id = itemIdOf(product);
  return {
    id,
    name: `${product.brand} - ${CATEGORIES[product.category]} - ${product.name}${strain}${size}`,
    brandName: product.brand,
    productCategory: CATEGORIES[product.category],
    strainName: `${product.name}${strain}`,
    ...contentOf(product, lead),
    price: lead?.price ?? null,
    sortPrice: lead?.sale ?? lead?.price ?? null,
    displayQuantity: lead?.label ?? null,
    imageUrl: product.imageUrl ?? null,
    variants: product.sizes.map((each, index) => variantOf(each, id * 10 + index)),
  };
}

/**
 * A size and its deal: `discountedPrice` in cents. The real capture repeats it in
 * `discountAmount`, and so does this.
 */
function variantOf(size: SizePrice, id: number) {
  const cents = size.sale === undefined ? undefined : Math.round(size.sale * 100);
  return {
    id,
    price: size.price,
    displayQuantity: size.label,
    deal:
      cents === undefined
        ? null
        : { discountAmount: cents, discountType: 'fixed_cent', discountedPrice: cents },
  };
}

/**
 * `thcContent` and `cbdContent` with the labels Leafly shows ('THC 26.07%', 'THC 100mg'), one per
 * item: the high end of a range; none for an edible whose sizes differ in dose.
 */
function contentOf(product: Product, lead: SizePrice | undefined) {
  const { thc, cbd } = oneDose(product) ? potencyOf(product, lead) : {};
  const label = (name: string, potency: { max: number; unit: string } | undefined) =>
    potency ? `${name} ${potency.max}${potency.unit}` : null;
  return {
    thcContent: thc?.max ?? null,
    thcContentLabel: label('THC', thc),
    cbdContent: cbd?.max ?? null,
    cbdContentLabel: label('CBD', cbd),
  };
}

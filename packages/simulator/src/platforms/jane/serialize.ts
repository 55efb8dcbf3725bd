import {
  potencyOf,
  specialOf,
  type Menu,
  type Product,
  type ProductCategory,
  type SizePrice,
  type Special,
} from '../../menu/model';
import { escapeHtml, scriptJson } from '../answers';
import { WEEKDAYS } from '@stl-deals/domain';
import { oneSpanADay, twelveHour } from '../hours-forms';
import { parenthesizedPhone } from '../phone-forms';
import type { SimStore } from '../../stores';

/**
 * The neutral menu in Jane's shapes (research/platforms.md section 2, the project's recorded
 * payloads in packages/scraper/src/adapters/jane/payloads): Algolia records of the index
 * `menu-products-production`, one per product and store, and the store page that publishes the
 * search key.
 */

export const PRODUCT_INDEX = 'menu-products-production';

const KINDS: Record<ProductCategory, string> = {
  flower: 'flower',
  'pre-rolls': 'pre-roll',
  vapes: 'vape',
  concentrates: 'extract',
  edibles: 'edible',
  topicals: 'topical',
};

/** Jane's price keys by net weight; anything else (packs, edibles, balms) is priced `each`. */
const WEIGHT_KEYS = new Map([
  [0.5, 'half_gram'],
  [1, 'gram'],
  [2, 'two_gram'],
  [3.5, 'eighth_ounce'],
  [7, 'quarter_ounce'],
  [14, 'half_ounce'],
  [28, 'ounce'],
]);
const WEIGHED: ReadonlySet<ProductCategory> = new Set([
  'flower',
  'pre-rolls',
  'vapes',
  'concentrates',
]);

function weightKey(product: Product, size: SizePrice): string {
  const key = size.units === 1 && size.grams !== undefined && WEIGHT_KEYS.get(size.grams);
  return WEIGHED.has(product.category) && key ? key : 'each';
}

/** Jane writes special titles like slugs: 'Wax Wednesday: 20% Off' -> 'WAX-WEDNESDAY-20%-OFF'. */
const janeTitle = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z0-9$%&]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** One page of the store's records, as Algolia answers an index query. */
export function algoliaPage(menu: Menu, store: SimStore, page: number, hitsPerPage: number) {
  const hits = menu.products.map((product) => hitOf(menu, store, product));
  const perPage = Math.max(1, hitsPerPage);
  return {
    hits: hits.slice(page * perPage, (page + 1) * perPage),
    nbHits: hits.length,
    page,
    nbPages: Math.ceil(hits.length / perPage),
    hitsPerPage: perPage,
    exhaustiveNbHits: true,
    query: '',
    params: `query=&filters=store_id%20%3D%20${store.number}&hitsPerPage=${perPage}&page=${page}`,
    index: PRODUCT_INDEX,
    processingTimeMS: 3,
  };
}

/** What Algolia answers a store id it has no records for. */
export const emptyPage = (page: number, hitsPerPage: number) => ({
  hits: [],
  nbHits: 0,
  page,
  nbPages: 0,
  hitsPerPage,
  query: '',
  index: PRODUCT_INDEX,
});

/** Algolia's refusal of a wrong application id or search key. */
export const invalidKey = { message: 'Invalid Application-ID or API key', status: 403 };

function hitOf(menu: Menu, store: SimStore, product: Product) {
  const special = specialOf(menu, product);
  const prices: Record<string, unknown> = {};
  for (const size of product.sizes) {
    const key = weightKey(product, size);
    prices[`price_${key}`] = size.price;
    if (size.sale !== undefined) prices[`discounted_price_${key}`] = size.sale;
    prices[`special_price_${key}`] =
      special && size.sale !== undefined ? specialPrice(special, size) : {};
  }
  const { lat, lng } = store.menuStore;
  const edibleSize = product.sizes[0]?.milligrams;
  return {
    ...(lat !== undefined && lng !== undefined ? { _geoloc: { lat, lng } } : {}),
    applicable_special_ids: special ? [special.number] : [],
    available_weights: product.sizes.map((size) => weightKey(product, size).replace(/_/g, ' ')),
    brand: product.brand,
    category: product.strainType?.toLowerCase() ?? (isCbdRich(product) ? 'cbd' : null),
    custom_product_type: KINDS[product.category],
    kind: KINDS[product.category],
    kind_subtype: product.subcategory,
    root_subtype: product.subcategory,
    name: product.name,
    ...(edibleSize ? { amount: `${edibleSize}mg` } : {}),
    net_weight_grams: 0,
    objectID: product.number + 20_000_000,
    percent_thc: product.thcPercent ?? 0,
    percent_cbd: product.cbdPercent ?? 0,
    inventory_potencies: product.sizes.map((size) => inventoryPotency(product, size)),
    product_id: product.number,
    image_urls: product.imageUrl ? [product.imageUrl] : [],
    product_photos: product.imageUrl
      ? [{ id: product.imageUrl, urls: { medium: product.imageUrl, original: product.imageUrl } }]
      : [],
    ...prices,
    special_amount: special ? special.label.toUpperCase() : null,
    special_id: special?.number ?? null,
    special_title: special ? janeTitle(special.name) : null,
    store_id: store.number,
    type:
      product.strainType?.toLowerCase() ?? (isCbdRich(product) ? 'cbd' : KINDS[product.category]),
    url_slug: product.slug,
    visible: true,
  };
}

function specialPrice(special: Special, size: SizePrice) {
  const sale = size.sale ?? size.price;
  const { saving } = special;
  return {
    price: size.price.toFixed(1),
    special_id: special.number,
    discount_type: saving.kind === 'target' ? 'target_price' : saving.kind,
    discount_price: sale.toFixed(2),
    discount_amount: Math.round((size.price - sale) * 100) / 100,
    discount_percent: saving.kind === 'percent' ? saving.percent.toFixed(1) : '0.0',
  };
}

/**
 * The store page (platforms.md 2.1): the Algolia app id in `jane-app-settings`, the search key in
 * `jane-app-secrets`, and the app that loads the menu (`loader`, run after the age gate).
 */
export function storePageHead(store: SimStore, appId: string, apiKey: string): string {
  return `
    <link rel="canonical" href="https://www.iheartjane.com/stores/${store.number}/${escapeHtml(store.slug)}/menu" />
    <script id="jane-app-settings" type="application/json">${scriptJson({
      algoliaAppId: appId,
      algoliaEnv: 'production',
      apiPath: '/api/v1',
    })}</script>
    <script id="jane-app-secrets" type="application/json">${scriptJson({ algoliaApiKey: apiKey })}</script>`;
}

/** More CBD than THC: Jane files such a product under the 'cbd' category. */
const isCbdRich = (product: Product) => (product.cbdMg ?? 0) > (product.thcMg ?? 0);

/**
 * One size's lab figures (platforms.md 2.3): percents for flower-like forms, the high end of a
 * range; Jane states an edible's as 0 (its dose is its `amount`).
 */
function inventoryPotency(product: Product, size: SizePrice) {
  const { thc, cbd } = potencyOf(product, size);
  const percent = (potency: { max: number; unit: string } | undefined) =>
    potency?.unit === '%' ? potency.max : 0;
  return {
    price_id: weightKey(product, size),
    cbd_potency: percent(cbd),
    tac_potency: 0,
    thc_potency: percent(thc),
  };
}

/**
 * The store's own record, `GET /api/v1/stores/<id>` (a real one: `lat`, `long`,
 * `time_zone_identifier` in Rails' names, `working_hours` as `{ day, period: { from, to } }`, no
 * times on a closed day): one stretch a day.
 */
export function storeRecord(store: SimStore) {
  const days = oneSpanADay(store.hours);
  const { location, street, city, zip } = store.place;
  return {
    store: {
      id: store.number,
      name: store.name,
      address: street ?? '',
      city: city ?? 'St. Louis',
      state: 'Missouri',
      zip: zip ?? '',
      country_code: 'US',
      phone: parenthesizedPhone(store.phone),
      lat: location?.lat ?? null,
      long: location?.lng ?? null,
      url_slug: store.slug,
      recreational: true,
      medical: true,
      pickup: true,
      delivery: false,
      visible: true,
      time_zone_identifier: 'Central Time (US & Canada)',
      working_hours: WEEKDAYS.map((day) => {
        const span = days[day];
        return {
          day,
          period: span
            ? { from: twelveHour(span.opens), to: twelveHour(span.closes) }
            : { from: null, to: null },
        };
      }),
    },
  };
}

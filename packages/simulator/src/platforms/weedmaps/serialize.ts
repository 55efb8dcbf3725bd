import {
  potencyOf,
  specialOf,
  type Menu,
  type Product,
  type ProductCategory,
  type SizePrice,
} from '../../menu/model';
import { WEEKDAYS } from '@stl-deals/domain';
import { oneSpanADay, twelveHour } from '../hours-forms';
import { dashedPhone } from '../phone-forms';
import { slugOf } from '../../menu/products';
import type { SimStore } from '../../stores';

/**
 * The neutral menu as Weedmaps' discovery API answers `menu_items` (research/platforms.md 3.1, the
 * project's recorded payload in packages/scraper/src/adapters/weedmaps/payloads): one item per
 * product, priced at the size it leads with, its brand in `brand_endorsement`.
 */

const TOP_CATEGORIES: Record<ProductCategory, string> = {
  flower: 'Flower',
  'pre-rolls': 'Pre-Rolls',
  vapes: 'Vape Pens',
  concentrates: 'Concentrates',
  edibles: 'Edibles',
  topicals: 'Topicals',
};

const OUNCE_LABELS = new Map([
  [3.5, ['1/8', '1/8 oz']],
  [7, ['1/4', '1/4 oz']],
  [14, ['1/2', '1/2 oz']],
  [28, ['1', '1 oz']],
]);

/** Page `page` (1-based) of `pageSize` items. */
export function menuItemsPage(menu: Menu, page: number, pageSize: number) {
  const size = Math.max(1, pageSize);
  const first = (Math.max(1, page) - 1) * size;
  return {
    data: {
      menu_items: menu.products.slice(first, first + size).map((p) => menuItemOf(menu, p)),
    },
    meta: { total_menu_items: menu.products.length },
  };
}

/** The JSON:API error Weedmaps answers for a listing it does not know. */
export const listingNotFound = {
  errors: [{ status: '404', title: 'Not Found', detail: 'Listing not found' }],
};

/** The size an item is priced at: the first on sale, else the first. */
const leadSize = (product: Product) =>
  product.sizes.find((each) => each.sale !== undefined) ?? product.sizes[0];

/** The item's slug, which its page on weedmaps.com is found by (platforms.md 3.3). */
export const itemSlugOf = (product: Product) =>
  slugOf(`${product.slug} ${leadSize(product)?.label ?? ''}`);

/**
 * The listing's own record, `data.listing` (Weedmaps' example of it: `business_hours` per weekday
 * as '8:00am' to '12:00am', `timezone`, `latitude`, `longitude`): one stretch a day, a closed day
 * marked `is_closed`.
 */
export function listingRecord(store: SimStore, base: string) {
  const days = oneSpanADay(store.hours);
  const { location, street, city, zip } = store.place;
  return {
    data: {
      listing: {
        id: store.number,
        wmid: 700_000_000 + store.number,
        name: store.name,
        slug: store.slug,
        type: 'dispensary',
        address: street ?? '',
        city: city ?? 'St. Louis',
        state: 'MO',
        zip_code: zip ?? '',
        latitude: location?.lat ?? null,
        longitude: location?.lng ?? null,
        phone_number: dashedPhone(store.phone),
        timezone: 'America/Chicago',
        web_url: `${base}/dispensaries/${store.slug}`,
        retailer_services: ['storefront', 'pickup'],
        business_hours: Object.fromEntries(
          WEEKDAYS.map((day) => {
            const span = days[day];
            return [
              day,
              span
                ? { open: twelveHour(span.opens, true), close: twelveHour(span.closes, true) }
                : { open: null, close: null, is_closed: true },
            ];
          }),
        ),
      },
    },
  };
}

function menuItemOf(menu: Menu, product: Product) {
  const special = specialOf(menu, product);
  const size = leadSize(product);
  return {
    id: product.number,
    name: `${product.brand} | ${product.name}${size ? ` | ${size.label}` : ''}`,
    slug: itemSlugOf(product),
    brand: null,
    brand_endorsement: { brand_name: product.brand, brand_slug: slugOf(product.brand) },
    category: { name: product.strainType ?? TOP_CATEGORIES[product.category] },
    edge_category: {
      name: product.subcategory,
      slug: slugOf(product.subcategory),
      ancestors: [
        { name: TOP_CATEGORIES[product.category], slug: slugOf(TOP_CATEGORIES[product.category]) },
      ],
    },
    is_online_orderable: true,
    price_visibility: 'visible',
    metrics: { aggregates: aggregatesOf(product, size) },
    price: size ? priceOf(size) : null,
    avatar_image: product.imageUrl
      ? { large_url: product.imageUrl, original_url: product.imageUrl }
      : null,
    applicable_specials: special
      ? [{ id: special.number, title: special.name, ends_at: special.endsAt ?? null }]
      : [],
  };
}

function priceOf(size: SizePrice) {
  const ounces =
    size.units === 1 && size.grams !== undefined ? OUNCE_LABELS.get(size.grams) : undefined;
  const onSale = size.sale !== undefined;
  return {
    unit: ounces ? 'ounce' : 'each',
    quantity: ounces?.[0] ?? '1',
    label: ounces?.[1] ?? size.label,
    ...(size.grams === undefined ? {} : { compliance_net_mg: size.grams * 1000 }),
    price: size.sale ?? size.price,
    on_sale: onSale,
    original_price: onSale ? size.price : null,
    discount_label: onSale ? `-${Math.round((1 - (size.sale ?? 0) / size.price) * 100)}%` : null,
  };
}

/**
 * `metrics.aggregates` (platforms.md 3.1): `thc` and `cbd` with their units ('%', or 'mg' for an
 * edible's or a topical's package), of the size the item is priced at; the high end of a range.
 */
function aggregatesOf(product: Product, size: SizePrice | undefined) {
  const { thc, cbd } = potencyOf(product, size);
  return {
    ...(thc ? { thc: thc.max, thc_unit: thc.unit } : {}),
    ...(cbd ? { cbd: cbd.max, cbd_unit: cbd.unit } : {}),
  };
}

import {
  potencyOf,
  specialOf,
  type Menu,
  type Product,
  type ProductCategory,
  type SizePrice,
} from '../../menu/model';
import { slugOf } from '../../menu/products';

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

function menuItemOf(menu: Menu, product: Product) {
  const special = specialOf(menu, product);
  const size = product.sizes.find((each) => each.sale !== undefined) ?? product.sizes[0];
  return {
    id: product.number,
    name: `${product.brand} | ${product.name}${size ? ` | ${size.label}` : ''}`,
    slug: slugOf(`${product.slug} ${size?.label ?? ''}`),
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

import type { Weekday } from '@stl-deals/domain';
import {
  coveredSizes,
  potencyOf,
  specialOf,
  type Menu,
  type Product,
  type ProductCategory,
  type SizePrice,
  type Special,
} from '../../menu/model';
import { slugOf } from '../../menu/products';

/**
 * The neutral menu as the Dispense API answers a venue's products (research/platforms.md
 * section 6, the project's recorded payload in packages/scraper/src/adapters/dispense/payloads):
 * grouped by product, each size a full product record in `variants`, with `price`,
 * `priceWithDiscounts` and the `discounts` that apply.
 */

const CATEGORIES: Record<ProductCategory, [name: string, compliance: string]> = {
  flower: ['🌿Flower', 'FLOWER'],
  'pre-rolls': ['🔥Pre-Rolls', 'PRE_ROLL'],
  vapes: ['💨Vapes', 'VAPE'],
  concentrates: ['💎Concentrates', 'CONCENTRATE'],
  edibles: ['🍬Edibles', 'EDIBLE'],
  topicals: ['🧴Topicals', 'TOPICAL'],
};

/** One page: `limit` products from `skip`. */
export function productsPage(menu: Menu, skip: number, limit: number, shopUrl: string) {
  const products = menu.products.slice(skip, skip + Math.max(1, limit));
  return { data: products.map((product) => groupedProduct(menu, product, shopUrl)) };
}

/** The first size's record, with every size (itself included) as `variants`. */
function groupedProduct(menu: Menu, product: Product, shopUrl: string) {
  const special = specialOf(menu, product);
  const covered = special ? coveredSizes(special, product) : [];
  const records = product.sizes.map((size, index) =>
    sizeRecord(
      product,
      size,
      index,
      shopUrl,
      special && covered.includes(size) ? special : undefined,
    ),
  );
  return { ...records[0], variants: records };
}

/** A size's slug, which its `productUrl` on the store's ordering page ends with. */
export const sizeSlugOf = (product: Product, size: SizePrice) =>
  slugOf(`${product.slug} ${size.label}`);

function sizeRecord(
  product: Product,
  size: SizePrice,
  index: number,
  shopUrl: string,
  special: Special | undefined,
) {
  const [categoryName, compliance] = CATEGORIES[product.category];
  const id = `${product.id.slice(0, 14)}${index.toString(16).padStart(2, '0')}`;
  const slug = sizeSlugOf(product, size);
  return {
    variants: [],
    id,
    _id: id,
    name: `${product.brand} ${product.name} - ${size.label}`,
    slug,
    productUrl: `${shopUrl}/${slug}`,
    brand: { id: slugOf(product.brand), name: product.brand },
    productCategoryName: categoryName,
    subType: product.subcategory,
    cannabisComplianceType: compliance,
    cannabisType: product.strainType?.toUpperCase() ?? null,
    weight: size.grams ?? null,
    weightFormatted: size.label,
    price: size.price,
    priceWithDiscounts: size.sale ?? size.price,
    discounts: special ? [discountOf(special, size)] : [],
    image: product.imageUrl ?? null,
    images: product.imageUrl ? [{ fileUrl: product.imageUrl, order: 1 }] : [],
    labs: labsOf(product, size),
  };
}

/**
 * A discount as Dispense records it: a percent as a fraction, or an amount; BOGO and bundle
 * offers by their offer type, named (the recorded sale discounts carry no name).
 */
function discountOf(special: Special, size: SizePrice) {
  const { saving } = special;
  const common = {
    productOffer: special.id.slice(0, 16),
    disableStacking: false,
    weights: [],
    orderPickUpTypes: [],
    days: (special.days ?? []).map((day: Weekday) => day.toUpperCase()),
  };
  switch (saving.kind) {
    case 'percent':
      return { ...common, productOfferType: 'SALE', type: 'PERCENT', value: saving.percent / 100 };
    case 'dollars':
    case 'target':
      return {
        ...common,
        productOfferType: 'SALE',
        type: 'AMOUNT',
        value: Math.round((size.price - (size.sale ?? size.price)) * 100) / 100,
      };
    case 'bogo':
      return { ...common, name: special.name, productOfferType: 'BOGO', type: 'PERCENT', value: 1 };
    case 'bundle':
      return {
        ...common,
        name: special.name,
        productOfferType: 'BUNDLE',
        type: 'AMOUNT',
        value: 0,
      };
  }
}

/** A size's `labs` (section 6): `thc`, `thcMax`, `thcContentUnit` ('%' or 'mg'), and CBD's. */
function labsOf(product: Product, size: SizePrice) {
  const { thc, cbd } = potencyOf(product, size);
  if (!thc && !cbd) return null;
  return {
    thc: thc?.min ?? 0,
    thcMax: thc?.max ?? 0,
    thcContentUnit: thc?.unit ?? null,
    thcA: 0,
    thcAContentUnit: '%',
    cbd: cbd?.min ?? 0,
    cbdMax: cbd?.max ?? 0,
    cbdContentUnit: cbd?.unit ?? null,
    cbdA: 0,
    cbdAContentUnit: '%',
  };
}

import type { Deal, DealCategory } from '@stl-deals/domain';
import { at, discountPercent, list, money, priceText, text } from '../shared/deal-fields';
import { firstHttpUrl, httpUrl } from '../shared/links';
import { menuProductDeal } from '../shared/menu-product';
import { figure, productPotencies } from '../shared/potency';
import { strainTypeOf } from '../shared/product-fields';
import {
  productKeyOf,
  productPrice,
  sizedPlatformId,
  type ProductPrice,
} from '../shared/product-price';
import { productSize } from '../shared/size';
import { productPageLink, storePageLink, type DealLink } from '../shared/site-links';
import { janeCategory } from './categories';
import { JANE_SITE, storePagePath, type JaneStore } from './store';

/**
 * Jane's price keys, smallest first, with the size a visitor reads: each has `price_<key>`,
 * `discounted_price_<key>` and a `special_price_<key>` object (platforms.md 2.3). `each` (edibles,
 * carts) has no size of its own.
 */
const WEIGHTS: ReadonlyArray<readonly [key: string, size: string | undefined]> = [
  ['half_gram', '0.5g'],
  ['gram', '1g'],
  ['two_gram', '2g'],
  ['eighth_ounce', '1/8 oz'],
  ['quarter_ounce', '1/4 oz'],
  ['half_ounce', '1/2 oz'],
  ['ounce', '1 oz'],
  ['each', undefined],
];

interface WeightPrice {
  /** The price key ('eighth_ounce'): the size's own name on Jane, which keys its price. */
  key: string;
  size: string | undefined;
  regular: number;
  sale: number | undefined;
}

/**
 * The regular and sale price of one size. `discounted_price_<key>` is the price Jane shows; the
 * special object's `discount_price` (a string, platforms.md 2.3) stands in when it is missing.
 */
function weightPrice(hit: unknown, key: string, size: string | undefined): WeightPrice | undefined {
  const special = at(hit, `special_price_${key}`);
  const regular = money(at(hit, `price_${key}`)) ?? money(at(special, 'price'));
  if (regular === undefined || regular === 0) return undefined;
  const sale = money(at(hit, `discounted_price_${key}`)) ?? money(at(special, 'discount_price'));
  return { key, size, regular, sale };
}

function isDiscounted({ sale, regular }: WeightPrice): boolean {
  return sale !== undefined && sale > 0 && discountPercent(sale, regular) !== undefined;
}

/**
 * `special_title` is written like a slug ('ENTIRE-STORE-25%-OFF'); the card reads it with single
 * spaces ('ENTIRE - STORE' would otherwise keep three).
 */
function specialNameOf(hit: unknown): string | undefined {
  return text(text(at(hit, 'special_title'))?.replace(/[-\s]+/g, ' '));
}

/** `special_amount` ('25% OFF') unless the special's name already says it. */
function specialAmountOf(hit: unknown, name: string | undefined): string | undefined {
  const amount = text(at(hit, 'special_amount'));
  return amount && !name?.toLowerCase().includes(amount.toLowerCase()) ? amount : undefined;
}

/**
 * The size the product itself states: its `net_weight_grams` or `amount` ('100mg'; first for
 * edibles, whose dose is what the unit price reads), else its name (2.3).
 */
function statedSize(hit: unknown, category: DealCategory | undefined): string | undefined {
  const grams = money(at(hit, 'net_weight_grams'));
  const weight = grams ? `${grams}g` : undefined;
  const amount = at(hit, 'amount');
  const fields = category === 'edibles' ? [amount, weight] : [weight, amount];
  return productSize(fields, at(hit, 'name'));
}

function potency(hit: unknown): string | undefined {
  const thc = at(hit, 'percent_thc');
  return typeof thc === 'number' && thc > 0 && thc <= 100
    ? `${Math.round(thc * 10) / 10}% THC`
    : undefined;
}

/** Sizes whose potency is read per record at most. */
const MAX_POTENCIES = 20;

const positive = (value: unknown) => (typeof value === 'number' && value > 0 ? value : undefined);

/**
 * The potency of the size the deal shows: its `inventory_potencies` entry (`{price_id,
 * thc_potency, thca_potency, cbd_potency}`, one per size, platforms.md 2.3), else the product's
 * `percent_thc` and `percent_cbd`; a 0 there means not stated. Jane gives no unit: percents for
 * flower, pre-rolls, vapes and extracts; an edible's are 0, and its dose is its `amount` ('100mg',
 * its size), read by the scrape's potency pass.
 */
function potencyAt(
  hit: unknown,
  weight: WeightPrice | undefined,
  category: DealCategory | undefined,
  size: string | undefined,
  name: string | undefined,
) {
  const own = list(at(hit, 'inventory_potencies'))
    .slice(0, MAX_POTENCIES)
    .find((entry) => weight !== undefined && at(entry, 'price_id') === weight.key);
  return productPotencies(
    {
      thc: figure(positive(at(own, 'thc_potency')) ?? at(hit, 'percent_thc')),
      thca: figure(positive(at(own, 'thca_potency'))),
      cbd: figure(positive(at(own, 'cbd_potency')) ?? at(hit, 'percent_cbd')),
    },
    { category, size, texts: [name] },
  );
}

function otherSizes(discounted: readonly WeightPrice[]): string | undefined {
  const others = discounted.map(
    ({ size, sale, regular }) => `${size ?? 'each'} ${priceText(sale, regular)}`,
  );
  return others.length ? `Also ${others.join(', ')}` : undefined;
}

/**
 * The product's deep link (platforms.md 2.4): the store's menu opened on the product when the
 * store's slug is known, else Jane's product page, else the store's menu.
 */
function productLink(
  hit: unknown,
  store: JaneStore | undefined,
  menuUrl: string | undefined,
): DealLink | undefined {
  const productId = text(at(hit, 'product_id'));
  const id = productId && /^\d{1,12}$/.test(productId) ? productId : undefined;
  const slug = text(at(hit, 'url_slug'));
  if (id && store?.slug) {
    return productPageLink(`${JANE_SITE}/stores/${store.id}/${store.slug}/menu?product_id=${id}`);
  }
  if (id && slug && /^[a-z0-9-]{1,200}$/i.test(slug)) {
    return productPageLink(`${JANE_SITE}/products/${id}/${slug}`);
  }
  return storePageLink(store ? `${JANE_SITE}${storePagePath(store)}` : httpUrl(menuUrl));
}

/** A product record read: its deal, when it is one, and the price of each of its sizes. */
export interface HitRead {
  deal: Deal | undefined;
  prices: ProductPrice[];
}

/**
 * One Jane product record as a deal: the smallest size on sale leads, other sizes on sale follow
 * in the description. A product whose special is a BOGO or bundle is a deal at its regular price.
 * Each of its sizes is priced, keyed by `product_id` and the size's price key ('eighth_ounce'),
 * and the deal carries the key of the size it leads with.
 */
export function readHit(
  hit: unknown,
  store: JaneStore | undefined,
  menuUrl: string | undefined,
): HitRead {
  const category = janeCategory(
    at(hit, 'kind'),
    at(hit, 'custom_product_type'),
    at(hit, 'root_subtype'),
  );
  const weights = WEIGHTS.map(([key, size]) => weightPrice(hit, key, size)).filter(
    (weight) => weight !== undefined,
  );
  const discounted = weights.filter(isDiscounted);
  const lead = discounted[0] ?? weights[0];
  const specialName = specialNameOf(hit);
  // A product sold in one size is what it states it weighs; the price slot only rounds it (a
  // 4.2 g product priced in the two-gram slot is 4.2 g).
  const stated = statedSize(hit, category);
  const sizeOf = (weight: WeightPrice | undefined) =>
    weights.length <= 1 ? (stated ?? weight?.size) : (weight?.size ?? stated);
  const size = sizeOf(lead);
  const id = text(at(hit, 'product_id')) ?? text(at(hit, 'objectID'));
  const brand = text(at(hit, 'brand'));
  const name = text(at(hit, 'name'));
  const keyOf = (weight: WeightPrice | undefined) =>
    productKeyOf({
      platformId: sizedPlatformId(id, weight?.key),
      brand,
      name,
      size: sizeOf(weight),
      category,
    });
  const prices = weights.flatMap((weight) =>
    productPrice(keyOf(weight), weight.regular, weight.sale, { size: sizeOf(weight), category }),
  );
  const deal = menuProductDeal({
    id,
    storeProductKey: keyOf(lead),
    brand,
    name,
    category,
    strainType: strainTypeOf(at(hit, 'category')) ?? strainTypeOf(at(hit, 'type')),
    potency: potencyAt(hit, lead, category, size, name),
    size,
    regularPrice: lead?.regular,
    salePrice: lead?.sale,
    specialName,
    specialText: [specialAmountOf(hit, specialName)],
    extras: [otherSizes(discounted.slice(1)), potency(hit)],
    imageUrl: firstHttpUrl(
      at(hit, 'product_photos', 0, 'urls', 'medium'),
      at(hit, 'image_urls', 0),
      at(hit, 'product_photos', 0, 'urls', 'original'),
    ),
    ...productLink(hit, store, menuUrl),
  });
  return { deal, prices };
}

import type { RegistryEntry } from '../../registry';
import { at, isoInstant, list, money, text } from '../shared/deal-fields';
import { firstHttpUrl, urlUnder } from '../shared/links';
import { storePageLink, type DealLink } from '../shared/site-links';
import { productSize } from '../shared/size';
import { sweedCategory } from './categories';
import { listingMenu } from '../shared/listing-deals';
import { figure, productPotencies } from '../shared/potency';
import { strainTypeOf, strainTypeText } from '../shared/product-fields';
import type { ProductOffer, Special } from '../shared/product-offer';
import { sizedPlatformId } from '../shared/product-price';
import type { ParseResult, Received } from '../types';
import { productsIn } from './plan';

/** Bounds on a hostile answer: products per page, sizes per product, promos per size, images. */
const MAX_PRODUCTS = 2_000;
const MAX_VARIANTS = 50;
const MAX_PROMOS = 20;
const MAX_IMAGES = 50;

/**
 * Sweed GetProductList pages -> one deal per size (variant) whose `promoPrice` is below its
 * `price` or that carries a BOGO, bundle or stated-percent promo (research section 5), and the
 * price of every size, keyed by the product's and the variant's ids.
 */
export function parse(received: readonly Received[], entry: RegistryEntry): ParseResult {
  return listingMenu(received, {
    answer: 'Sweed GetProductList answer',
    items: productsIn,
    maxItems: MAX_PRODUCTS,
    offers: (product) =>
      list(at(product, 'variants'))
        .slice(0, MAX_VARIANTS)
        .map((variant) => offerOf(product, variant, entry)),
  });
}

/** Section 5's verified product and variant fields. */
function offerOf(product: unknown, variant: unknown, entry: RegistryEntry): ProductOffer {
  const name = text(at(product, 'name'));
  // A variant's name is its size or option ('3.5g', '10mg ea | 10-Pack', 'XL', 'Each').
  const size = productSize([text(at(variant, 'name'))], name);
  const productId = text(at(product, 'id'), 40);
  const variantId = text(at(variant, 'id'), 40);
  const category = sweedCategory(
    at(product, 'category', 'name'),
    at(product, 'subcategory', 'name'),
    at(product, 'productType', 'name'),
  );
  const strain = at(product, 'strain', 'prevalence', 'name');
  return {
    id: `${productId ?? ''}:${variantId ?? ''}`,
    platformId: sizedPlatformId(productId, variantId ?? text(at(variant, 'name'), 40)),
    brand: text(at(product, 'brand', 'name')),
    name,
    category,
    strainType: strainTypeOf(strain),
    strainWords: strainTypeText(strain),
    potency: potencyOf(variant, category, size, name),
    size,
    regularPrice: money(at(variant, 'price')),
    salePrice: money(at(variant, 'promoPrice')),
    specials: list(at(variant, 'promos')).slice(0, MAX_PROMOS).map(specialOf),
    imageUrl: firstHttpUrl(...imagesOf(variant), ...imagesOf(product)),
    ...productLink(entry.menuUrl),
  };
}

/**
 * A size's `labTests` (section 5): `{thc: {value: [low, high?], unitAbbr: '%' | 'MG'}, cbd}`. A
 * pack's MG may be one piece's ('5mg ea | 20-Pack' stating 0.5 mg of THC): the variant's name
 * tells the rules how it is packed.
 */
function potencyOf(
  variant: unknown,
  category: ProductOffer['category'],
  size: string | undefined,
  name: string | undefined,
) {
  const lab = (cannabinoid: string) =>
    figure(
      at(variant, 'labTests', cannabinoid, 'value'),
      at(variant, 'labTests', cannabinoid, 'unitAbbr'),
    );
  return productPotencies(
    { thc: lab('thc'), thca: lab('thca'), cbd: lab('cbd') },
    { category, size, texts: [text(at(variant, 'name')), name] },
  );
}

/** A variant's or product's `images`, URLs first to last. */
const imagesOf = (value: unknown): unknown[] => list(at(value, 'images')).slice(0, MAX_IMAGES);

/** A promo: `name`, `shortName` ('BOGO $0.01'), `isBogo`, `endDate`, schedule text. */
function specialOf(promo: unknown): Special {
  return {
    name: text(at(promo, 'name')),
    label: text(at(promo, 'shortName')),
    bogo: at(promo, 'isBogo') === true,
    percentOff: money(at(promo, 'discountPercent')),
    dollarsOff: money(at(promo, 'discountAmount')),
    endsAt: isoInstant(at(promo, 'endDate')),
    dayTexts: [
      text(at(promo, 'scheduleDisplayText', 'days')),
      text(at(promo, 'description'), 1000),
    ].filter((day): day is string => day !== undefined),
  };
}

/**
 * Section 5: Sweed's product page address is not documented (only a guessed pattern), so a deal
 * links to the store's `{menu}/discounts` page, where every promo is listed (athena-scraper), never
 * to an address the storefront may not serve.
 */
function productLink(menuUrl: string | undefined): DealLink | undefined {
  return storePageLink(urlUnder(menuUrl, 'discounts'));
}

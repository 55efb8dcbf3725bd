import type { RegistryEntry } from '../../registry';
import { at, list, money, text } from '../shared/deal-fields';
import { dollarsOffText } from '../shared/deal-phrases';
import { firstHttpUrl, httpUrl } from '../shared/links';
import { productPageLink, storePageLink } from '../shared/site-links';
import { productSize } from '../shared/size';
import { dispenseCategory } from './categories';
import { listingMenu } from '../shared/listing-deals';
import { figure, productPotencies } from '../shared/potency';
import { strainTypeOf, strainTypeText, wholePercent } from '../shared/product-fields';
import type { ProductOffer, Special } from '../shared/product-offer';
import { sizedPlatformId } from '../shared/product-price';
import type { ParseResult, Received } from '../types';
import { productsIn } from './plan';

/** Bounds on a hostile answer: products per page, grouped sizes, discounts and images each. */
const MAX_PRODUCTS = 1_000;
const MAX_VARIANTS = 50;
const MAX_DISCOUNTS = 20;
const MAX_IMAGES = 50;

/**
 * Dispense product pages -> one deal per product size whose `priceWithDiscounts` is below its
 * `price`, or whose `discounts[]` state a saving (research section 6), and the price of every
 * size. With `group=true` each product carries its sizes, itself included, as full product
 * records in `variants`, each with its own id, which keys its price.
 */
export function parse(received: readonly Received[], entry: RegistryEntry): ParseResult {
  return listingMenu(received, {
    answer: 'Dispense products answer',
    items: productsIn,
    maxItems: MAX_PRODUCTS,
    offers: (product) => sizesOf(product).map((record) => offerOf(record, entry)),
  });
}

function sizesOf(product: unknown): unknown[] {
  const variants = list(at(product, 'variants')).slice(0, MAX_VARIANTS);
  return variants.length > 0 ? variants : [product];
}

/** Section 6's verified product fields. */
function offerOf(record: unknown, entry: RegistryEntry): ProductOffer {
  const id = text(at(record, 'id'), 40) ?? text(at(record, '_id'), 40);
  const name = text(at(record, 'name'));
  const category = dispenseCategory(
    at(record, 'cannabisComplianceType'),
    at(record, 'productCategoryName'),
    at(record, 'subType'),
  );
  const size = productSize([text(at(record, 'weightFormatted'))], at(record, 'name'));
  return {
    id: id ?? '',
    platformId: sizedPlatformId(id),
    brand: text(at(record, 'brand', 'name')) ?? text(at(record, 'brand')),
    name,
    category,
    strainType: strainTypeOf(at(record, 'cannabisType')),
    strainWords: strainTypeText(at(record, 'cannabisType')),
    potency: potencyOf(at(record, 'labs'), category, size, name),
    size,
    regularPrice: money(at(record, 'price')),
    salePrice: money(at(record, 'priceWithDiscounts')),
    specials: list(at(record, 'discounts')).slice(0, MAX_DISCOUNTS).map(specialOf),
    imageUrl: firstHttpUrl(
      at(record, 'image'),
      ...list(at(record, 'images')).slice(0, MAX_IMAGES).map(fileUrl),
    ),
    // Section 6: `productUrl` is the store's own product page.
    ...(productPageLink(httpUrl(at(record, 'productUrl'))) ?? storePageLink(entry.menuUrl)),
  };
}

const fileUrl = (image: unknown): unknown => at(image, 'fileUrl');

/**
 * The record's `labs` (the Indigo capture, 2026): `thc` and `thcMax` (a range; `thc` 0 with a
 * `thcMax` is the maximum alone), `thcContentUnit` ('%', 'mg' or null), `thcA`, and the same for
 * CBD. An edible's '%' is a share of its weight, not its dose, and is left to the rules.
 */
function potencyOf(
  labs: unknown,
  category: ProductOffer['category'],
  size: string | undefined,
  name: string | undefined,
) {
  const lab = (key: string) =>
    figure([at(labs, key), at(labs, `${key}Max`)], at(labs, `${key}ContentUnit`));
  return productPotencies(
    { thc: lab('thc'), thca: lab('thcA'), cbd: lab('cbd'), cbda: lab('cbdA') },
    { category, size, texts: [name] },
  );
}

/**
 * A discount: `type` 'PERCENT' with `value` as a fraction (0.2 is 20%), or an amount in
 * dollars; `productOfferType` 'SALE' (others such as a BOGO are read by name); `days` it runs.
 * The recorded discounts carry no name; one is read when present.
 */
function specialOf(discount: unknown): Special {
  const value = money(at(discount, 'value'));
  const type = text(at(discount, 'type')) ?? '';
  const percentOff = /percent/i.test(type)
    ? wholePercent(value !== undefined && value <= 1 ? value * 100 : value)
    : undefined;
  const dollarsOff = /amount|fixed|dollar|flat/i.test(type) ? value : undefined;
  const offerType = text(at(discount, 'productOfferType'));
  return {
    name: text(at(discount, 'name')) ?? text(at(discount, 'title')),
    label: offerLabel(offerType, percentOff, dollarsOff),
    bogo: /bogo|buy.?\w*.?get/i.test(offerType ?? ''),
    percentOff,
    dollarsOff,
    dayTexts: list(at(discount, 'days'))
      .slice(0, 7)
      .map((day) => text(day, 20))
      .filter((day): day is string => day !== undefined),
  };
}

/** A nameless discount described by its saving ('20% off', '$5 off') or its offer type. */
function offerLabel(
  offerType: string | undefined,
  percentOff: number | undefined,
  dollarsOff: number | undefined,
): string | undefined {
  if (offerType && offerType !== 'SALE') return offerType.replace(/_/g, ' ');
  if (percentOff) return `${percentOff}% off`;
  return dollarsOff ? dollarsOffText(dollarsOff) : undefined;
}

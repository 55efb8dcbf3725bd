import { LIMITS, type Deal, type DealCategory } from '@stl-deals/domain';
import {
  at,
  discountPercent,
  isoInstant,
  list,
  money,
  priceText,
  text,
  weekdaysIn,
} from '../shared/deal-fields';
import { firstHttpUrl } from '../shared/links';
import { figure, productPotencies } from '../shared/potency';
import { productTitle, strainTypeOf } from '../shared/product-fields';
import {
  productKeyOf,
  productPrice,
  sizedPlatformId,
  type ProductPrice,
} from '../shared/product-price';
import { doseOption, productSize, unitPrice } from '../shared/size';
import { dutchieCategory } from './categories';
import type { Received } from '../types';
import { isRecord, productsOf } from './graphql';
import { productLink } from './links';

/** Bounds on what one hostile menu can make us read. */
const MAX_PRODUCTS = 2_000;
const MAX_OPTIONS = 50;
const MAX_SPECIALS = 20;
const MAX_IMAGES = 10;
const MAX_NAMES_SHOWN = 5;

/** One size of a product with its regular and, when lower, its special price. */
interface OptionPrice {
  option: string | undefined;
  regular: number;
  sale: number | undefined;
}

/** A special of `specialData` (research 1.4), as far as a deal shows it. */
interface ProductSpecial {
  name: string;
  endsAt: string | undefined;
  /** The sizes it applies to; empty when it names none (all of them). */
  options: string[];
  /** The price it makes of a regular price, when its discount is stated; undefined otherwise. */
  priceFrom: ((regular: number) => number) | undefined;
}

/** The products of a menu's pages: the deals among them and the price of every size. */
export interface ProductsMenu {
  deals: Deal[];
  prices: ProductPrice[];
}

/**
 * One deal per product on special (research 1.4): the cheapest size whose `recSpecialPrices`
 * entry is below its regular price, or, for a product that only carries a BOGO or bundle special,
 * its cheapest qualifying size at the regular price. Products repeated across pages count once.
 * Every size of every active product is priced, keyed by the product's id and the size's option
 * ('1/8oz'), and the deal carries the key of the size it shows.
 */
export function productsMenu(pages: readonly Received[], cName: string): ProductsMenu {
  const seen = new Set<string>();
  const deals: Deal[] = [];
  const prices: ProductPrice[] = [];
  for (const product of boundedProducts(pages)) {
    const read = readProduct(product, cName);
    if (!read) continue;
    prices.push(...read.prices);
    const { deal } = read;
    if (!deal?.id || seen.has(deal.id)) continue;
    seen.add(deal.id);
    deals.push(deal);
  }
  return { deals, prices };
}

function boundedProducts(pages: readonly Received[]): unknown[] {
  const products: unknown[] = [];
  for (const page of pages) {
    products.push(...productsOf(page).slice(0, MAX_PRODUCTS - products.length));
    if (products.length >= MAX_PRODUCTS) break;
  }
  return products;
}

/** An active, named product's deal (when it is on special) and the prices of its sizes. */
function readProduct(
  product: unknown,
  cName: string,
): { deal: Deal | undefined; prices: ProductPrice[] } | undefined {
  // `Status` is 'Active' or 'Inactive' (research 1.4); the query asks for active ones only.
  if (!isRecord(product) || (typeof product.Status === 'string' && product.Status !== 'Active')) {
    return undefined;
  }
  const name = text(product.Name);
  if (!name) return undefined;
  const category = dutchieCategory(product.type, product.subcategory);
  const brand = text(product.brandName) ?? text(at(product, 'brand', 'name'));
  const productId = text(product.id) ?? text(product._id) ?? slugOf(product.cName);
  const sized = optionPrices(product).map((price) => {
    // An option the size reader cannot read ('1gC', 'N/A') gives way to the size the name states.
    const size = productSize([doseOption(price.option, category)], name);
    const platformId = sizedPlatformId(productId, price.option);
    return { price, size, key: productKeyOf({ platformId, brand, name, size, category }) };
  });
  const prices = sized.flatMap(({ key, price, size }) =>
    productPrice(key, price.regular, price.sale, { size, category }),
  );
  const offer = offerOf(product, sized);
  if (!offer) return { deal: undefined, prices };
  return { deal: productDeal(product, cName, { name, category, brand }, offer), prices };
}

/** What `readProduct` read of a product once, for its deal. */
interface ProductFacts {
  name: string;
  category: DealCategory | undefined;
  brand: string | undefined;
}

function productDeal(
  product: Record<string, unknown>,
  cName: string,
  { name, category, brand }: ProductFacts,
  offer: Offer,
): Deal {
  const { price, size, key, special } = offer;
  const percent = discountPercent(price.sale, price.regular);
  const productCName = slugOf(product.cName);
  const deal: Deal = {
    id: text(`product:${text(product.id) ?? text(product._id) ?? productCName ?? name}`),
    title: productTitle(brand, name) ?? name,
    description:
      text(offer.names.slice(0, MAX_NAMES_SHOWN).join(' · '), LIMITS.text) ??
      (percent ? `${percent}% off` : 'On sale'),
    price: priceText(price.sale, price.regular),
    imageUrl: imageOf(product),
    sourceUrl: productLink(cName, productCName),
    linkKind: productCName ? 'product' : 'menu',
    brand,
    category,
    strainType: strainTypeOf(product.strainType),
    ...potencyOf(product, category, size, name),
    size,
    regularPrice: price.regular,
    salePrice: price.sale,
    discountPercent: percent,
    unitPrice: unitPrice(price.sale ?? price.regular, size, category),
    specialName: special?.name,
    validDays: special ? weekdaysIn(special.name) : undefined,
    endsAt: special?.endsAt,
  };
  return key === undefined ? deal : { ...deal, storeProductKey: key };
}

/** One size of a product as read: its prices, the size the card shows and its price's key. */
interface SizedPrice {
  price: OptionPrice;
  size: string | undefined;
  key: string | undefined;
}

/** The size a product's deal shows, the special behind its price, and all its specials' names. */
interface Offer extends SizedPrice {
  special: ProductSpecial | undefined;
  names: string[];
}

/**
 * The cheapest size on sale, explained by the sale special that applies to it; else, for a
 * product that only carries a BOGO or bundle special, its cheapest qualifying size.
 */
function offerOf(
  product: Record<string, unknown>,
  sized: readonly SizedPrice[],
): Offer | undefined {
  const sales = readSpecials(at(product, 'specialData', 'saleSpecials'));
  const bogos = readSpecials(at(product, 'specialData', 'bogoSpecials'));
  const names = [...new Set([...sales, ...bogos].map((each) => each.name))];
  const onSale = cheapest(sized.filter((each) => each.price.sale !== undefined));
  if (onSale) {
    return {
      ...onSale,
      special: explaining(sales, onSale.price) ?? explaining(bogos, onSale.price),
      names,
    };
  }
  for (const special of bogos) {
    const qualifying = cheapest(sized.filter((each) => appliesTo(special, each.price)));
    if (qualifying) return { ...qualifying, special, names };
  }
  return undefined;
}

/**
 * `Options[]` with the regular prices parallel to them (`recPrices`, else `Prices`) and the
 * special prices (`recSpecialPrices`, `[]` when there is no sale; research 1.4). A special of zero
 * or not below the regular price is no sale (research 1.4, zero specials are ignored).
 */
function optionPrices(product: Record<string, unknown>): OptionPrice[] {
  const options = list(product.Options);
  const recPrices = list(product.recPrices);
  const regulars = recPrices.length > 0 ? recPrices : list(product.Prices);
  const specials = list(product.recSpecialPrices);
  const prices: OptionPrice[] = [];
  for (let index = 0; index < Math.min(regulars.length, MAX_OPTIONS); index++) {
    const regular = money(regulars[index]);
    if (regular === undefined || regular === 0) continue;
    const special = money(specials[index]);
    const sale = special !== undefined && special > 0 && special < regular ? special : undefined;
    prices.push({ option: text(options[index], 40), regular, sale });
  }
  return prices;
}

const priceOf = (each: OptionPrice) => each.sale ?? each.regular;

function cheapest(sized: readonly SizedPrice[]): SizedPrice | undefined {
  return sized.reduce<SizedPrice | undefined>(
    (best, each) => (best === undefined || priceOf(each.price) < priceOf(best.price) ? each : best),
    undefined,
  );
}

const appliesTo = (special: ProductSpecial, price: OptionPrice) =>
  special.options.length === 0 ||
  (price.option !== undefined && special.options.includes(price.option));

/**
 * The special behind a price: among those that apply to its size, the one whose stated discount
 * turns the regular price into the sale price (to the cent), else the first that applies, else
 * the first. A product under several specials carries the one that priced it.
 */
function explaining(
  specials: readonly ProductSpecial[],
  price: OptionPrice,
): ProductSpecial | undefined {
  const applying = specials.filter((special) => appliesTo(special, price));
  const pricing = applying.find(
    (special) =>
      price.sale !== undefined &&
      special.priceFrom !== undefined &&
      Math.abs(special.priceFrom(price.regular) - price.sale) < 0.015,
  );
  return pricing ?? applying[0] ?? specials[0];
}

/**
 * What a sale special does to a regular price (research 1.4): `discount` is a percent when
 * `percentDiscount`, dollars off when `dollarDiscount`, the price itself when `targetPrice`.
 */
function priceMaker(special: unknown): ProductSpecial['priceFrom'] {
  const discount = money(at(special, 'discount'));
  if (discount === undefined || discount <= 0) return undefined;
  if (at(special, 'percentDiscount') === true && discount < 100) {
    return (regular) => Math.round(regular * (100 - discount)) / 100;
  }
  if (at(special, 'dollarDiscount') === true) return (regular) => regular - discount;
  if (at(special, 'targetPrice') === true) return () => discount;
  return undefined;
}

/**
 * `specialData.saleSpecials[]` / `bogoSpecials[]` (research 1.4): `specialName` (bogo specials may
 * carry `menuDisplayName` instead), `endStamp` in epoch milliseconds, and the sizes it applies to
 * (`eligibleProductOptions` on sales, `qualifyingOptions` on BOGOs, both in the live capture of
 * research 1.6). Unnamed specials say nothing.
 */
function readSpecials(value: unknown): ProductSpecial[] {
  return list(value)
    .slice(0, MAX_SPECIALS)
    .flatMap((special) => {
      const name = text(at(special, 'specialName')) ?? text(at(special, 'menuDisplayName'));
      if (!name) return [];
      const options = list(at(special, 'eligibleProductOptions'))
        .slice(0, MAX_OPTIONS)
        .concat(list(at(special, 'qualifyingOptions')).slice(0, MAX_OPTIONS))
        .map((option) => text(option, 40))
        .filter((option): option is string => option !== undefined);
      return [
        {
          name,
          endsAt: isoInstant(at(special, 'endStamp')),
          options,
          priceFrom: priceMaker(special),
        },
      ];
    });
}

/** A product's `cName` (research 1.4) when it is the slug Dutchie makes, so the link stays short. */
function slugOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^[\w-]{1,200}$/.test(value) ? value : undefined;
}

/** `Image`, else the first active entry of `images[]` (research 1.4); http(s) only. */
function imageOf(product: Record<string, unknown>): string {
  const images = list(product.images)
    .slice(0, MAX_IMAGES)
    .filter((image) => at(image, 'active') !== false)
    .map((image) => at(image, 'url'));
  return firstHttpUrl(product.Image, ...images) ?? '';
}

/**
 * `THCContent` and `CBDContent` (research 1.4): `{unit: 'PERCENTAGE' | 'MILLIGRAMS' |
 * 'MILLIGRAMS_PER_GRAM', range: [low, high?]}`, the unit per product (an edible's mg, flower's
 * percent). `strainType` is 'Indica', 'Sativa', 'Hybrid', 'High CBD' or 'N/A' (none).
 */
function potencyOf(
  product: Record<string, unknown>,
  category: DealCategory | undefined,
  size: string | undefined,
  name: string,
) {
  const content = (key: string) => figure(at(product, key, 'range'), at(product, key, 'unit'));
  const { thc, cbd } = productPotencies(
    { thc: content('THCContent'), cbd: content('CBDContent') },
    { category, size, texts: [name] },
  );
  return { ...(thc ? { thc } : {}), ...(cbd ? { cbd } : {}) };
}

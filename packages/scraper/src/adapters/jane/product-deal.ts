import { LIMITS, safeHttpUrl, type Deal, type DealCategory } from '@stl-deals/domain';
import {
  discountPercent,
  gramsIn,
  mapCategory,
  milligramsIn,
  money,
  priceText,
  text,
  unitPrice,
  weekdaysIn,
} from '../shared/deal-fields';

/**
 * Turning one menu product into a product deal, shared by the jane, weedmaps and leafly adapters
 * (it lives here only because adapters/shared belongs to another engineer; it is a candidate for
 * adapters/shared/product-deal.ts).
 */

/** What an adapter read from one menu item; every field already bounded by the shared readers. */
export interface ProductOffer {
  /** The platform's own id of the product (and size), so the deal key stays stable. */
  id?: string;
  brand?: string;
  name?: string;
  category?: DealCategory;
  strainType?: string;
  size?: string;
  regularPrice?: number;
  salePrice?: number;
  /** The percent off, for a platform that states the discount but not the sale price. */
  percentOff?: number;
  /** The special's own name, e.g. 'ENTIRE STORE 25% OFF'. */
  specialName?: string;
  /** The special's own text (what the description leads with). */
  specialText?: ReadonlyArray<string | undefined>;
  /** Facts the card may show after the special's text (other sizes on sale, potency). */
  extras?: ReadonlyArray<string | undefined>;
  endsAt?: string;
  imageUrl?: string;
  sourceUrl?: string;
}

/**
 * Bundle and BOGO wording ('BOGO', 'B2G1', 'Buy 1 Get 1', '2 for $50', '3/$60'): such a special is a
 * deal even when the item's own price is not reduced.
 */
const BUNDLE =
  /\b(?:bogo|b[1-9]g[1-9]|buy\s+(?:one|\d+)\s+get\s+(?:one|\d+)(?:\s+free)?|\d+\s*(?:for|\/)\s*\$\s*\d+(?:\.\d{1,2})?)\b/i;

/** The bundle or BOGO phrase in a special's texts, e.g. '2 for $50'; undefined when none. */
export function bundlePhrase(...texts: ReadonlyArray<string | undefined>): string | undefined {
  for (const value of texts) {
    const match = value ? BUNDLE.exec(value) : null;
    if (match) return match[0];
  }
  return undefined;
}

/**
 * The link or image when it is an absolute http(s) URL the page may use. Longer than 1,000
 * characters is refused too: no real deep link or CDN image is, and a hostile payload's is not
 * worth storing.
 */
export function httpLink(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > LIMITS.text) return undefined;
  return safeHttpUrl(value) ?? undefined;
}

/** The first of several candidate links or images that is usable (see httpLink). */
export function firstLink(...candidates: unknown[]): string | undefined {
  for (const candidate of candidates) {
    const link = httpLink(candidate);
    if (link) return link;
  }
  return undefined;
}

// A Map, not an object literal: a hostile '__proto__' or 'constructor' must not read as a type.
const STRAIN_TYPES = new Map([
  ['indica', 'Indica'],
  ['i', 'Indica'],
  ['sativa', 'Sativa'],
  ['s', 'Sativa'],
  ['hybrid', 'Hybrid'],
  ['h', 'Hybrid'],
  ['cbd', 'CBD'],
]);

/** 'indica', 'Sativa', 'H', 'cbd' as the card shows them; undefined for anything else. */
export function strainTypeOf(value: unknown): string | undefined {
  const key = text(value)?.toLowerCase();
  return key === undefined ? undefined : STRAIN_TYPES.get(key);
}

/**
 * deal-fields' gramsIn looks size names up in a plain object, so 'constructor' reads as a
 * function and the unit price as NaN: only a finite amount counts here.
 */
function measured(size: string | undefined, category: DealCategory): number | undefined {
  const amount = category === 'edibles' ? milligramsIn(size) : gramsIn(size);
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : undefined;
}

/** The unit price when the size gives a finite one. */
function unitPriceOf(price: number | undefined, size: string | undefined, category: DealCategory) {
  if (measured(size, category) === undefined) return undefined;
  return unitPrice(price, size, category);
}

/**
 * The first of a platform's category names that says which of the spec's categories a product is
 * (a platform's own 'Big Buds' or 'Smalls' is less telling than its parent 'Flower'); 'other'
 * when names are given but none is known.
 */
export function categoryOf(...names: unknown[]): DealCategory | undefined {
  const mapped = names.map(mapCategory).filter((category) => category !== undefined);
  return mapped.find((category) => category !== 'other') ?? mapped[0];
}

/**
 * The first size text the unit price can be read from (milligrams for edibles, grams otherwise),
 * else the first size given at all, so the card still shows it.
 */
export function measurableSize(
  category: DealCategory | undefined,
  ...sizes: unknown[]
): string | undefined {
  const readable = sizes.map((size) => text(size)).filter((size) => size !== undefined);
  return readable.find((size) => measured(size, category ?? 'other') !== undefined) ?? readable[0];
}

const SIZE_IN_NAME = /(\d{1,4}(?:\.\d{1,3})?)\s?(mg|g|oz)\b/gi;

/** The last size written in a product name ('Grape Gas | 3.5g' -> '3.5g'), as Weedmaps and Leafly do. */
export function sizeInName(name: string | undefined): string | undefined {
  const sizes = [...(name ?? '').matchAll(SIZE_IN_NAME)];
  const last = sizes.at(-1);
  return last ? `${last[1]}${last[2]!.toLowerCase()}` : undefined;
}

/** 'Proper' + 'Proper | Jealousy | 3.5g' stays the platform's name; otherwise brand, then name. */
function titleOf(brand: string | undefined, name: string | undefined): string | undefined {
  if (!name) return undefined;
  if (!brand || name.toLowerCase().includes(brand.toLowerCase())) return name;
  return `${brand} ${name}`;
}

/** A percent off that is a real discount (above 0, below 100); undefined otherwise. */
function percentOffOf(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value > 0 && value < 100
    ? value
    : undefined;
}

/** The sale price an offer implies: its own, or the regular price less its percent off. */
function effectiveSale(offer: ProductOffer): number | undefined {
  const { salePrice, regularPrice } = offer;
  if (salePrice !== undefined && salePrice > 0) return salePrice;
  const percent = percentOffOf(offer.percentOff);
  if (percent === undefined || regularPrice === undefined) return undefined;
  return money(regularPrice * (1 - percent / 100));
}

/** The whole percent saved; from `percentOff` alone only when no price says otherwise. */
function savedPercent(offer: ProductOffer, sale: number | undefined): number | undefined {
  const fromPrices = discountPercent(sale, offer.regularPrice);
  if (fromPrices !== undefined || offer.regularPrice !== undefined) return fromPrices;
  const stated = percentOffOf(offer.percentOff);
  return stated === undefined ? undefined : Math.min(99, Math.max(1, Math.round(stated)));
}

function joined(parts: ReadonlyArray<string | undefined>, max: number): string {
  const unique = [...new Set(parts.filter((part) => part !== undefined && part !== ''))];
  return Array.from(unique.join(' · ')).slice(0, max).join('');
}

/**
 * The contract's deal for a product that is on sale (a saving that rounds to at least 1% of the
 * regular price) or under a BOGO/bundle special; undefined for a product that is neither, or has
 * no name. Prices, text and links come out finite, bounded and http(s) only.
 */
export function productDeal(offer: ProductOffer): Deal | undefined {
  const title = titleOf(offer.brand, offer.name);
  if (!title) return undefined;
  const regular = offer.regularPrice;
  const sale = effectiveSale(offer);
  const percent = savedPercent(offer, sale);
  const specialText = [offer.specialName, ...(offer.specialText ?? [])];
  const bundle = bundlePhrase(...specialText);
  if (percent === undefined && bundle === undefined) return undefined;

  const onSale = percent !== undefined;
  const category = offer.category ?? 'other';
  const price = !onSale
    ? (text(bundle) ?? '')
    : regular === undefined
      ? `${percent}% off`
      : priceText(sale, regular);
  const generated = onSale ? `${percent}% off${offer.size ? ` ${offer.size}` : ''}` : undefined;
  const lead = specialText.some(Boolean) ? specialText : [generated];
  const deal: Deal = {
    id: offer.id,
    title: Array.from(title).slice(0, LIMITS.text).join(''),
    description: joined([...lead, ...(offer.extras ?? [])], LIMITS.text),
    price,
    imageUrl: offer.imageUrl ?? '',
    sourceUrl: offer.sourceUrl ?? '',
    brand: offer.brand,
    category,
    strainType: offer.strainType,
    size: offer.size,
    regularPrice: regular,
    salePrice: onSale ? sale : undefined,
    discountPercent: percent,
    unitPrice: unitPriceOf(onSale ? sale : regular, offer.size, category),
    specialName: offer.specialName,
    validDays: weekdaysIn(...specialText),
    endsAt: offer.endsAt,
  };
  return withoutUndefined(deal);
}

/** Optional fields left out rather than present as undefined, so deals compare and serialize cleanly. */
function withoutUndefined(deal: Deal): Deal {
  return Object.fromEntries(
    Object.entries(deal).filter(([, value]) => value !== undefined),
  ) as Deal;
}

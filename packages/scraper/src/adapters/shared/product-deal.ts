import { LIMITS, safeHttpUrl, type Deal, type DealCategory, type Weekday } from '@stl-deals/domain';
import { SchemaChangedError } from '../../errors';
import type { Received } from '../types';
import { discountPercent, mapCategory, money, priceText, text, weekdaysIn } from './deal-fields';
import { bundlePhraseIn, dollarsOffText, percentOffIn } from './deal-phrases';
import { listingPages } from './paging';
import { unitPrice } from './size';

/**
 * Turning one menu product into a product deal: the rules of what makes a deal and how its card
 * reads. Two kinds of menu build one:
 *
 * - `productDeal` takes a `ProductOffer`, whose specials the platform lists as records (Sweed's
 *   promos, Dispense's discounts, Joint's specials, a specials page's JSON-LD offers). The card
 *   names every special, then the item's own words, size and strain; a stated saving reads
 *   '25% off' or '$5 off', and a bundle the price with the bundle ('$22 · BOGO').
 * - `menuProductDeal` takes a `MenuProduct`, priced per size with at most one special's name and
 *   wording (Jane, Weedmaps, Leafly). The card leads with the special's wording, or says '25% off
 *   3.5g' when there is none; a percent off the regular price is taken off it ('$30 (was $40)'),
 *   and a bundle reads as its phrase ('BOGO'). The brand is left out of the title when the name
 *   names it anywhere, not only at its start.
 *
 * Each adapter's recorded payloads and tests pin its card, so the two stay apart; what they
 * share is below.
 */

/**
 * The spec's category from the platform's category names, most specific last: the first name
 * that maps to a known category wins (a platform's own 'Big Buds' or 'Smalls' is less telling
 * than its parent 'Flower', and 'Oral' falls through to its product type 'Tablets'); 'other'
 * when names are given but none is known.
 */
export function categoryOf(...names: unknown[]): DealCategory | undefined {
  const mapped = names.map(mapCategory).filter((category) => category !== undefined);
  return mapped.find((category) => category !== 'other') ?? mapped[0];
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

/**
 * 'indica', 'Sativa', 'H', 'cbd' as the card shows them; undefined for anything else. For a field
 * that holds other words too (Jane's `category` is 'Gummies' on an edible).
 */
export function strainTypeOf(value: unknown): string | undefined {
  const key = text(value)?.toLowerCase();
  return key === undefined ? undefined : STRAIN_TYPES.get(key);
}

const NO_STRAIN = /^(?:n\/?a|na|none|null|unknown|not applicable)$/i;

/**
 * A strain-type field as a visitor reads it: 'HYBRID_SATIVA' -> 'Hybrid Sativa'; undefined for
 * 'NA'. For a field that only ever names a strain type, in the platform's own words.
 */
export function strainTypeText(value: unknown): string | undefined {
  const raw = text(value)?.replace(/[_-]+/g, ' ');
  if (!raw || NO_STRAIN.test(raw)) return undefined;
  return raw.toLowerCase().replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

/** 1 to 99 whole percent, or undefined. */
export function wholePercent(value: number | undefined): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  const percent = Math.round(value);
  return percent >= 1 && percent <= 99 ? percent : undefined;
}

/**
 * 'Brand Name' for a card title; the brand is left out when the name already starts with it
 * ('Proper | Jealousy | 3.5g' by Proper, 'Gron | Tart Cherry Pearls' by Grön), so it is not read
 * twice. Undefined without a name.
 */
export function productTitle(
  brand: string | undefined,
  name: string | undefined,
): string | undefined {
  if (!name) return undefined;
  if (!brand || fold(name).startsWith(fold(brand))) return name;
  return text(`${brand} ${name}`, LIMITS.text) ?? name;
}

/** Lowercase letters and digits only, accents dropped: 'Grön' and 'Gron' compare equal. */
function fold(value: string): string {
  return value
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]|\p{M}/gu, '');
}

function unique(values: ReadonlyArray<string | undefined>): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))];
}

/** Parts joined with ' · ', repeated parts once, bounded. */
function joinParts(parts: ReadonlyArray<string | undefined>, max: number): string {
  return text(unique(parts).join(' · '), max) ?? '';
}

/** Optional fields left out rather than present as undefined, so deals compare and serialize cleanly. */
function withoutUndefined(deal: Deal): Deal {
  return Object.fromEntries(
    Object.entries(deal).filter(([, value]) => value !== undefined),
  ) as Deal;
}

// ---------------------------------------------------------------------------------------------
// Offers with listed specials: Sweed, Dispense, Joint, and a specials page's JSON-LD products.

/**
 * One sellable item of a menu (a product in one size) as the menu adapters read it, already
 * bounded and typed, before it becomes a Deal.
 */
export interface ProductOffer {
  /** The platform's own ids, stable across scrapes: becomes the deal's key. */
  id: string;
  brand?: string;
  name?: string;
  /** The item's own words (a specials page's product description), after the specials. */
  description?: string;
  category?: DealCategory;
  strainType?: string;
  size?: string;
  regularPrice?: number;
  salePrice?: number;
  specials: Special[];
  /** The page lists the item as a special (a specials page's JSON-LD), whatever its price. */
  listedAsSpecial?: boolean;
  imageUrl?: string;
  sourceUrl?: string;
}

/** Why an item is on special, as the platform names it. */
export interface Special {
  name?: string;
  /** A short label the platform gives ('BOGO $0.01', '30% Off'). */
  label?: string;
  bogo?: boolean;
  /** Percent off the platform states as a number. */
  percentOff?: number;
  dollarsOff?: number;
  endsAt?: string;
  /** Texts that may name the weekdays the special runs. */
  dayTexts?: string[];
}

/**
 * The Deal an offer makes, or undefined when it is no deal: a deal is a sale price below the
 * regular one, a BOGO or bundle special, a stated saving, or an item a specials page lists.
 */
export function productDeal(offer: ProductOffer): Deal | undefined {
  const saving = savingOf(offer);
  const title = productTitle(offer.brand, offer.name) ?? offer.brand;
  if (!title || !(isSaving(saving) || offer.listedAsSpecial)) return undefined;
  const { sale, regular, percent } = saving;
  const names = unique(offer.specials.map((special) => special.name ?? special.label));
  return {
    id: text(offer.id),
    title,
    description: joinParts(
      [...names, offer.description, offer.size, offer.strainType],
      LIMITS.text,
    ),
    price: savingText(saving),
    imageUrl: safeHttpUrl(offer.imageUrl) ?? '',
    sourceUrl: safeHttpUrl(offer.sourceUrl) ?? '',
    brand: offer.brand,
    category: offer.category,
    strainType: offer.strainType,
    size: offer.size,
    regularPrice: regular,
    salePrice: sale,
    discountPercent: discountPercent(sale, regular) ?? percent,
    unitPrice: unitPrice(sale ?? regular, offer.size, offer.category),
    specialName: offer.specials.find((special) => special.name)?.name,
    validDays: validDays(offer.specials),
    endsAt: offer.specials.find((special) => special.endsAt)?.endsAt,
  };
}

/** How a platform's listing pages hold its products. */
export interface Listing {
  /** Names the answer when a page is not a listing ('Sweed GetProductList answer'). */
  answer: string;
  /** The items of a page's body, or undefined when it is not a listing. */
  items(body: unknown): unknown[] | undefined;
  /** Items read per page at most: a hostile answer is bounded. */
  maxItems: number;
  /** The offers (sizes) of one item. */
  offers(item: unknown): ProductOffer[];
}

/**
 * The deals of every listing page received, planned or captured, each once by its id. A page
 * that is not a listing means the platform changed its answer.
 */
export function listingDeals(received: readonly Received[], listing: Listing): Deal[] {
  const deals = new Map<string, Deal>();
  for (const page of listingPages(received)) {
    const items = listing.items(page.body);
    if (!items) throw new SchemaChangedError(`${listing.answer} has no product list`);
    for (const item of items.slice(0, listing.maxItems)) {
      for (const deal of listing.offers(item).map(productDeal)) {
        if (deal?.id && !deals.has(deal.id)) deals.set(deal.id, deal);
      }
    }
  }
  return [...deals.values()];
}

/** What an offer saves; a stated percent or amount counts only when no sale price shows it. */
interface Saving {
  sale: number | undefined;
  regular: number | undefined;
  percent: number | undefined;
  dollars: number | undefined;
  bundle: string | undefined;
}

function savingOf(offer: ProductOffer): Saving {
  const regular = offer.regularPrice;
  const sale =
    offer.salePrice !== undefined && (regular === undefined || offer.salePrice < regular)
      ? offer.salePrice
      : undefined;
  const reduced = sale !== undefined && regular !== undefined;
  const percent = reduced ? undefined : statedPercent(offer.specials);
  const dollars =
    reduced || percent
      ? undefined
      : offer.specials.find((special) => special.dollarsOff)?.dollarsOff;
  return { sale, regular, percent, dollars, bundle: bundleLabel(offer.specials) };
}

function isSaving({ sale, regular, percent, dollars, bundle }: Saving): boolean {
  return (sale !== undefined && regular !== undefined) || Boolean(percent || dollars || bundle);
}

/** '$30 (was $45)' when the price drops, else the stated saving, else the price and the bundle. */
function savingText({ sale, regular, percent, dollars, bundle }: Saving): string {
  if (sale !== undefined && regular !== undefined) return priceText(sale, regular);
  if (percent) return `${percent}% off`;
  if (dollars) return dollarsOffText(dollars);
  return joinParts([priceText(sale ?? regular, undefined), bundle], LIMITS.shortText);
}

/** The short label of the first BOGO or bundle special ('BOGO $0.01', '2 For $70'). */
function bundleLabel(specials: readonly Special[]): string | undefined {
  for (const special of specials) {
    const phrase = bundlePhraseIn(special.name) ?? bundlePhraseIn(special.label);
    if (special.bogo) return special.label ?? phrase ?? 'BOGO';
    if (phrase)
      return [special.label, special.name].find((name) => name && name.length <= 40) ?? phrase;
  }
  return undefined;
}

/** A percent a special states as a number, or in a name that is not a bundle's ('25% Off …'). */
function statedPercent(specials: readonly Special[]): number | undefined {
  for (const special of specials) {
    const percent =
      wholePercent(special.percentOff) ??
      (bundlePhraseIn(special.name) ? undefined : percentOffIn(special.name ?? special.label));
    if (percent) return percent;
  }
  return undefined;
}

function validDays(specials: readonly Special[]): Weekday[] | undefined {
  return weekdaysIn(...specials.flatMap((special) => [special.name, ...(special.dayTexts ?? [])]));
}

// ---------------------------------------------------------------------------------------------
// Products priced per size, with one special's name and wording: Jane, Weedmaps, Leafly.

/** What an adapter read from one menu item; every field already bounded by the shared readers. */
export interface MenuProduct {
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
 * The contract's deal for a product that is on sale (a saving that rounds to at least 1% of the
 * regular price) or under a BOGO/bundle special; undefined for a product that is neither, or has
 * no name. Prices, text and links come out finite, bounded and http(s) only.
 */
export function menuProductDeal(product: MenuProduct): Deal | undefined {
  const title = menuProductTitle(product.brand, product.name);
  if (!title) return undefined;
  const regular = product.regularPrice;
  const sale = effectiveSale(product);
  const percent = savedPercent(product, sale);
  const specialText = [product.specialName, ...(product.specialText ?? [])];
  const bundle = specialText.map(bundlePhraseIn).find((phrase) => phrase !== undefined);
  if (percent === undefined && bundle === undefined) return undefined;

  const onSale = percent !== undefined;
  const category = product.category ?? 'other';
  const price = !onSale
    ? (text(bundle) ?? '')
    : regular === undefined
      ? `${percent}% off`
      : priceText(sale, regular);
  const generated = onSale ? `${percent}% off${product.size ? ` ${product.size}` : ''}` : undefined;
  const lead = specialText.some(Boolean) ? specialText : [generated];
  const deal: Deal = {
    id: product.id,
    title,
    description: joinParts([...lead, ...(product.extras ?? [])], LIMITS.text),
    price,
    imageUrl: product.imageUrl ?? '',
    sourceUrl: product.sourceUrl ?? '',
    brand: product.brand,
    category,
    strainType: product.strainType,
    size: product.size,
    regularPrice: regular,
    salePrice: onSale ? sale : undefined,
    discountPercent: percent,
    unitPrice: unitPrice(onSale ? sale : regular, product.size, category),
    specialName: product.specialName,
    validDays: weekdaysIn(...specialText),
    endsAt: product.endsAt,
  };
  return withoutUndefined(deal);
}

/**
 * 'Brand Name' unless the name already names the brand anywhere: these menus write it in the
 * middle too ('Cherry Lime Robhots 10pk' by Robhots, 'Proper | Jealousy | 3.5g' by Proper),
 * where a listing's names would lose a short brand ('(C) Pacman', 'Major Lemonade | Major').
 */
function menuProductTitle(brand: string | undefined, name: string | undefined): string | undefined {
  if (!name) return undefined;
  if (!brand || name.toLowerCase().includes(brand.toLowerCase())) return name;
  return text(`${brand} ${name}`, LIMITS.text) ?? name;
}

/** A percent off that is a real discount (above 0, below 100); undefined otherwise. */
function percentOffOf(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value > 0 && value < 100
    ? value
    : undefined;
}

/** The sale price a product implies: its own, or the regular price less its percent off. */
function effectiveSale(product: MenuProduct): number | undefined {
  const { salePrice, regularPrice } = product;
  if (salePrice !== undefined && salePrice > 0) return salePrice;
  const percent = percentOffOf(product.percentOff);
  if (percent === undefined || regularPrice === undefined) return undefined;
  return money(regularPrice * (1 - percent / 100));
}

/** The whole percent saved; from `percentOff` alone only when no price says otherwise. */
function savedPercent(product: MenuProduct, sale: number | undefined): number | undefined {
  const fromPrices = discountPercent(sale, product.regularPrice);
  if (fromPrices !== undefined || product.regularPrice !== undefined) return fromPrices;
  const stated = percentOffOf(product.percentOff);
  return stated === undefined ? undefined : Math.min(99, Math.max(1, Math.round(stated)));
}

import { LIMITS, safeHttpUrl, type Deal, type DealCategory, type Weekday } from '@stl-deals/domain';
import {
  discountPercent,
  mapCategory,
  priceText,
  text,
  unitPrice,
  weekdaysIn,
} from '../shared/deal-fields';
import { SchemaChangedError } from '../../errors';
import type { Received } from '../types';
import { bundlePhraseIn, percentOffIn } from './deal-phrases';
import { pagesOf } from './paging';

/**
 * One sellable item of a menu (a product in one size) as the menu adapters read it, already
 * bounded and typed, before it becomes a Deal. Sweed, Dispense, Joint and the html adapter's
 * JSON-LD products all build one, so the rules of what makes a deal and how it reads live here.
 *
 * Lives in sweed/ only because this change may not touch adapters/shared; it belongs there.
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
  /** The size the unit price reads (a pack's total), when it differs from `size`. */
  unitSize?: string;
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
  const title = productTitle(offer.brand, offer.name);
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
    unitPrice: unitPrice(sale ?? regular, offer.unitSize ?? offer.size, offer.category ?? 'other'),
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
  for (const page of pagesOf(received)) {
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

/** '$10 off'. */
export const dollarsOffText = (dollars: number): string => `${priceText(dollars, undefined)} off`;

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

/** 1 to 99 whole percent, or undefined. */
export function wholePercent(value: number | undefined): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  const percent = Math.round(value);
  return percent >= 1 && percent <= 99 ? percent : undefined;
}

/**
 * 'Brand Name' for a card title; the brand is left out when the name already starts with it
 * ('Gron | Tart Cherry Pearls' by Grön), so it is not read twice.
 */
function productTitle(brand: string | undefined, name: string | undefined): string {
  if (!name) return brand ?? '';
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

const NO_STRAIN = /^(?:n\/?a|na|none|null|unknown|not applicable)$/i;

/** A strain type as a visitor reads it: 'HYBRID_SATIVA' -> 'Hybrid Sativa'; undefined for 'NA'. */
export function strainTypeText(value: unknown): string | undefined {
  const raw = text(value)?.replace(/[_-]+/g, ' ');
  if (!raw || NO_STRAIN.test(raw)) return undefined;
  return raw.toLowerCase().replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

/**
 * The spec's category from the platform's category names, most specific last: the first name
 * that maps to a known category wins, so 'Oral' falls through to its product type 'Tablets'.
 */
export function categoryOf(...names: unknown[]): DealCategory | undefined {
  const mapped = names.map(mapCategory).filter((category) => category !== undefined);
  return mapped.find((category) => category !== 'other') ?? mapped[0];
}

/** An absolute http(s) URL from an untrusted value, or undefined. */
export function httpUrl(value: unknown): string | undefined {
  return typeof value === 'string' ? (safeHttpUrl(value) ?? undefined) : undefined;
}

/** The first http(s) URL among candidates (arrays are searched too). */
export function firstHttpUrl(...candidates: unknown[]): string | undefined {
  for (const candidate of candidates.flat().slice(0, 50)) {
    const url = httpUrl(candidate);
    if (url) return url;
  }
  return undefined;
}

/**
 * `base` with path segments appended below it ('https://shop/stl' + 'discounts' ->
 * 'https://shop/stl/discounts'), each segment encoded; undefined when base is no http(s) URL.
 */
export function urlUnder(base: string | undefined, ...segments: string[]): string | undefined {
  const url = parsedUrl(base);
  if (!url) return undefined;
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = [path, ...segments.map(encodeURIComponent)].join('/');
  url.search = '';
  url.hash = '';
  return httpUrl(url.href);
}

/** An href resolved against the page it is on, when the result is an http(s) URL. */
export function resolvedHttpUrl(href: unknown, base: string | undefined): string | undefined {
  if (typeof href !== 'string' || href.length > LIMITS.url) return undefined;
  try {
    return httpUrl(new URL(href.trim(), base).href);
  } catch {
    return undefined;
  }
}

function parsedUrl(value: string | undefined): URL | undefined {
  if (!httpUrl(value)) return undefined;
  try {
    return new URL(value!);
  } catch {
    return undefined;
  }
}

function unique(values: ReadonlyArray<string | undefined>): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))];
}

/** Parts joined with ' · ', repeated parts once, bounded. */
function joinParts(parts: ReadonlyArray<string | undefined>, max: number): string {
  return text(unique(parts).join(' · '), max) ?? '';
}

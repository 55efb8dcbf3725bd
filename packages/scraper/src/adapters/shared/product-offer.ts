import {
  LIMITS,
  safeHttpUrl,
  type Deal,
  type DealCategory,
  type LinkKind,
  type Potencies,
  type Weekday,
} from '@stl-deals/domain';
import { joinParts, uniqueParts } from './card-text';
import { discountPercent, priceText, text, weekdaysIn } from './deal-fields';
import { bundlePhraseIn, dollarsOffText, percentOffIn } from './deal-phrases';
import { productTitle, wholePercent } from './product-fields';
import { unitPrice } from './size';

/**
 * Turning an offer whose specials the platform lists as records (Sweed's promos, Dispense's
 * discounts, Joint's specials, a specials page's JSON-LD offers) into a product deal. The card
 * names every special, then the item's own words, size and strain; a stated saving reads '25% off'
 * or '$5 off', and a bundle the price with the bundle ('$22 · BOGO').
 *
 * Menus priced per size with one special's wording build their card otherwise (see
 * menu-product.ts); each adapter's recorded payloads and tests pin its card, so the two stay apart.
 */

/**
 * One sellable item of a menu (a product in one size) as the menu adapters read it, already
 * bounded and typed, before it becomes a Deal.
 */
export interface ProductOffer {
  /** The platform's own ids, stable across scrapes: becomes the deal's key. */
  id: string;
  /**
   * The platform's own id of the item in this size (see `sizedPlatformId`), which keys its price
   * memory; undefined where the platform gives none, and the item is keyed by name.
   */
  platformId?: string;
  brand?: string;
  name?: string;
  /** The item's own words (a specials page's product description), after the specials. */
  description?: string;
  category?: DealCategory;
  /** The strain type as the deal files it (`strainTypeOf`): Indica, Sativa, Hybrid or CBD. */
  strainType?: string;
  /** The platform's own words for it ('Sativa Hybrid'), which the card's description shows. */
  strainWords?: string;
  /** THC and CBD as the platform states them for this size (`productPotencies`). */
  potency?: Potencies;
  size?: string;
  regularPrice?: number;
  salePrice?: number;
  specials: Special[];
  /** The page lists the item as a special (a specials page's JSON-LD), whatever its price. */
  listedAsSpecial?: boolean;
  imageUrl?: string;
  sourceUrl?: string;
  /** Where `sourceUrl` leads: the product's own page, or the store's menu. */
  linkKind?: LinkKind;
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
  const names = uniqueParts(offer.specials.map((special) => special.name ?? special.label));
  const sourceUrl = safeHttpUrl(offer.sourceUrl) ?? '';
  return {
    id: text(offer.id),
    title,
    description: joinParts(
      [...names, offer.description, offer.size, offer.strainWords ?? offer.strainType],
      LIMITS.text,
    ),
    price: savingText(saving),
    imageUrl: safeHttpUrl(offer.imageUrl) ?? '',
    sourceUrl,
    ...(sourceUrl && offer.linkKind ? { linkKind: offer.linkKind } : {}),
    brand: offer.brand,
    category: offer.category,
    strainType: offer.strainType,
    thc: offer.potency?.thc,
    cbd: offer.potency?.cbd,
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

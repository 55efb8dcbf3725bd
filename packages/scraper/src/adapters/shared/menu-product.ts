import {
  LIMITS,
  type Deal,
  type DealCategory,
  type LinkKind,
  type Potencies,
} from '@stl-deals/domain';
import { joinParts } from './card-text';
import { discountPercent, money, priceText, text, weekdaysIn } from './deal-fields';
import { bundlePhraseIn } from './deal-phrases';
import { unitPrice } from './size';

/**
 * Turning a menu product priced per size, with at most one special's name and wording (Jane,
 * Weedmaps, Leafly), into a product deal. The card leads with the special's wording, or says
 * '25% off 3.5g' when there is none; a percent off the regular price is taken off it
 * ('$30 (was $40)'), and a bundle reads as its phrase ('BOGO'). The brand is left out of the title
 * when the name names it anywhere, not only at its start.
 *
 * Menus that list their specials as records build their card otherwise (see product-offer.ts);
 * each adapter's recorded payloads and tests pin its card, so the two stay apart.
 */

/** What an adapter read from one menu item; every field already bounded by the shared readers. */
export interface MenuProduct {
  /**
   * The platform's own id of the product (Jane's `product_id`, a Weedmaps or Leafly menu item's
   * `id`), so the deal key stays stable: one deal per product, whichever of its sizes it shows.
   */
  id?: string;
  /**
   * The key of the product in the size the deal shows (`productKeyOf`), the same as that size's
   * menu price carries: the platform's id of the product with the size's, else brand, name and
   * size.
   */
  storeProductKey?: string;
  brand?: string;
  name?: string;
  category?: DealCategory;
  strainType?: string;
  /** THC and CBD as the platform states them for the size the deal shows (`productPotencies`). */
  potency?: Potencies;
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
  /** Where `sourceUrl` leads: the product's own page, or the store's menu. */
  linkKind?: LinkKind;
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
    storeProductKey: product.storeProductKey,
    title,
    description: joinParts([...lead, ...(product.extras ?? [])], LIMITS.text),
    price,
    imageUrl: product.imageUrl ?? '',
    sourceUrl: product.sourceUrl ?? '',
    linkKind: product.sourceUrl ? product.linkKind : undefined,
    brand: product.brand,
    category,
    strainType: product.strainType,
    thc: product.potency?.thc,
    cbd: product.potency?.cbd,
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

/** Optional fields left out rather than present as undefined, so deals compare and serialize cleanly. */
function withoutUndefined(deal: Deal): Deal {
  return Object.fromEntries(
    Object.entries(deal).filter(([, value]) => value !== undefined),
  ) as Deal;
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
  return priceLessPercent(regularPrice, product.percentOff);
}

/**
 * A regular price less a stated percent off (a real one, above 0 and below 100), to the cent;
 * undefined without both.
 */
export function priceLessPercent(
  regularPrice: number | undefined,
  percentOff: number | undefined,
): number | undefined {
  const percent = percentOffOf(percentOff);
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

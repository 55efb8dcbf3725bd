import type { Deal } from '@stl-deals/domain';
import { at, list, money, text } from '../shared/deal-fields';
import { firstHttpUrl } from '../shared/links';
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
import { leaflyCategory } from './categories';
import { productPageLink, storePageLink } from '../shared/site-links';
import { isLinkId, menuPageLink, productLink } from './dispensary';

/** Sizes read per item; real items have one to four. */
const MAX_VARIANTS = 20;

/** A price of the item or of one of its variants. */
interface Priced {
  variant?: string;
  size?: string;
  regular?: number;
  sale?: number;
}

// Leafly writes strain type and size into names: 'Mr Jack (S) (3.5g)', 'King Street Kush (I/H)'.
const STRAIN_TOKEN = /\((I|S|H)(?:\/(I|S|H))?\)/;
const NAME_TOKENS = /\s*\((?:[ISH](?:\/[ISH])?|\d{1,4}(?:\.\d{1,3})?\s?(?:mg|g|oz))\)/gi;

/** `(S)` Sativa, `(I)` Indica, `(H)` Hybrid; a pair such as `(I/H)` is a hybrid. */
function strainTypeIn(...names: Array<string | undefined>): string | undefined {
  for (const name of names) {
    const match = name ? STRAIN_TOKEN.exec(name) : null;
    if (match) return match[2] ? 'Hybrid' : strainTypeOf(match[1]);
  }
  return undefined;
}

/**
 * A variant's prices: `price` in dollars, and `deal.discountedPrice` in cents (platforms.md 4;
 * in the real capture `discountAmount` equals `discountedPrice`, so only the latter is read).
 */
function variantPrice(variant: unknown): Priced {
  const cents = money(at(variant, 'deal', 'discountedPrice'));
  return {
    variant: text(at(variant, 'id')),
    size: text(at(variant, 'displayQuantity')),
    regular: money(at(variant, 'price')),
    sale: cents === undefined ? undefined : money(cents / 100),
  };
}

const isOnSale = ({ regular, sale }: Priced) =>
  regular !== undefined && sale !== undefined && sale > 0 && sale < regular;

/**
 * The price the deal shows: the first variant on sale, else the item's `price` against its
 * `sortPrice` (the effective price, platforms.md 4), else its first variant.
 */
function chosenPrice(item: unknown, variants: readonly Priced[]): Priced {
  const own: Priced = {
    size: text(at(item, 'displayQuantity')),
    regular: money(at(item, 'price')),
    sale: money(at(item, 'sortPrice')),
  };
  return variants.find(isOnSale) ?? (isOnSale(own) ? own : (variants[0] ?? own));
}

/** 'Proper - Flower - Banana Runtz (H) (3.5g)' reads 'Proper - Flower - Banana Runtz' on the card. */
function titleName(name: string | undefined): string | undefined {
  return text(name?.replace(NAME_TOKENS, ''));
}

/**
 * `thcContent` and `cbdContent` (numbers, platforms.md 4), in the unit of `thcUnit` / `cbdUnit`
 * (2021 items) or of the label Leafly shows ('THC 26.07%', 'THC 100mg'); with neither, the
 * product's form decides.
 */
function stated(item: unknown, cannabinoid: 'thc' | 'cbd') {
  const label = text(at(item, `${cannabinoid}ContentLabel`));
  const unit =
    text(at(item, `${cannabinoid}Unit`)) ?? /\d\s?(%|mg)(?![a-z])/i.exec(label ?? '')?.[1];
  return figure(at(item, `${cannabinoid}Content`), unit);
}

/** A menu item read: its deal, when it is one, and the price of each of its sizes. */
export interface MenuItemRead {
  deal: Deal | undefined;
  prices: ProductPrice[];
}

/**
 * One Leafly menu item as a deal, and the price of each of its sizes; `slug` is the
 * dispensary's, for the deep link. A size is keyed by the item's `id` and the variant's `id`
 * (its `displayQuantity` when it has none); an item listed without variants by its `id` and its
 * own `displayQuantity`. The item's own price, which a deal may show when no variant is on sale,
 * is keyed as the variant of its size.
 */
export function readMenuItem(item: unknown, slug: string | undefined): MenuItemRead {
  const name = text(at(item, 'name'));
  const category = leaflyCategory(at(item, 'productCategory'));
  const variants = list(at(item, 'variants')).slice(0, MAX_VARIANTS).map(variantPrice);
  const chosen = chosenPrice(item, variants);
  const id = text(at(item, 'id'));
  const brand = text(at(item, 'brandName'));
  const titled = titleName(name);
  const factsOf = (priced: Priced) => {
    const twin = priced.variant === undefined ? sameSize(variants, priced) : priced;
    return {
      platformId: sizedPlatformId(id, twin.variant ?? twin.size),
      brand,
      name: titled,
      size: productSize([priced.size], name),
      category,
    };
  };
  const keyOf = (priced: Priced) => productKeyOf(factsOf(priced));
  const priced = variants.length > 0 ? variants : [chosen];
  const prices = priced.flatMap((each) =>
    productPrice(keyOf(each), each.regular, each.sale, factsOf(each)),
  );
  const variant = variants.length > 1 && isLinkId(chosen.variant) ? chosen.variant : undefined;
  const size = productSize([chosen.size], name);
  const potency = productPotencies(
    { thc: stated(item, 'thc'), cbd: stated(item, 'cbd') },
    { category, size, texts: [chosen.size, name] },
  );
  const deal = menuProductDeal({
    id,
    storeProductKey: keyOf(chosen),
    brand,
    name: titled,
    category,
    strainType:
      strainTypeIn(name, text(at(item, 'strainName'))) ??
      strainTypeOf(at(item, 'strain', 'category')),
    potency,
    size,
    regularPrice: chosen.regular,
    salePrice: chosen.sale,
    extras: [text(at(item, 'thcContentLabel'))],
    imageUrl: firstHttpUrl(
      at(item, 'imageUrl'),
      at(item, 'formattedThumbnailUrl'),
      at(item, 'imageSet', 'high'),
    ),
    ...(slug && isLinkId(id)
      ? productPageLink(productLink(slug, id, variant))
      : storePageLink(slug && menuPageLink(slug))),
  });
  return { deal, prices };
}

/** The variant of the same size as the item's own price, else that price itself. */
function sameSize(variants: readonly Priced[], own: Priced): Priced {
  return variants.find((each) => own.size !== undefined && each.size === own.size) ?? own;
}

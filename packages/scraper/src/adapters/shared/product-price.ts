import {
  marketClassOf,
  storeProductKey,
  type DealCategory,
  type MarketItem,
} from '@stl-deals/domain';

/**
 * A menu's price of one product in one size, on a deal or not, as an adapter read it: what the
 * store's price memory is made of (see `menuPrices`). A product that is also a deal carries the
 * same `storeProductKey` on its deal, which is how the two are told to be one product.
 */
export interface ProductPrice {
  /** The product's key within its store (`storeProductKey`), the same on its deal. */
  storeProductKey: string;
  /** The menu's regular price. */
  regularPrice?: number | undefined;
  /** The price the menu sells it for when it lowers it (a sale or a special). */
  salePrice?: number | undefined;
  /**
   * Its comparable market class (`marketClassOf` of its category and size), null for none;
   * absent where the adapter did not say what it is.
   */
  market?: MarketItem | null;
}

/**
 * The platform's own id of one product in one size: the product's id with its size's id or name
 * (`variant`) when the platform sells it in several. Undefined without a product id, so the
 * product is keyed by name. Neither part ever holds a price, a stock count or anything else a
 * menu changes from day to day, or the key would change with it.
 */
export function sizedPlatformId(
  productId: string | undefined,
  variant?: string,
): string | undefined {
  if (!productId) return undefined;
  return variant ? `${productId}:${variant}` : productId;
}

/** What a product is keyed by: the platform's id where it has one, else its words. */
export interface ProductKeyFacts {
  platformId?: string | undefined;
  brand?: string | undefined;
  /** The product's name as the menu writes it (with or without its brand). */
  name?: string | undefined;
  size?: string | undefined;
  category?: DealCategory | undefined;
}

/**
 * The product's `storeProductKey`: by its platform id (see `sizedPlatformId`), else by its brand,
 * name and size; undefined when there is neither an id nor a name.
 */
export function productKeyOf(facts: ProductKeyFacts): string | undefined {
  const { platformId, brand, name, size, category } = facts;
  return storeProductKey({ platformId, title: name ?? '', brand, size, category }) ?? undefined;
}

/**
 * The price of a keyed product, or none when it has no key; with its market class when `facts`
 * (its category and size, as its deal would carry them) are given.
 */
export function productPrice(
  key: string | undefined,
  regularPrice: number | undefined,
  salePrice: number | undefined,
  facts?: Pick<ProductKeyFacts, 'category' | 'size'>,
): ProductPrice[] {
  if (key === undefined) return [];
  const price: ProductPrice = { storeProductKey: key, regularPrice, salePrice };
  if (facts) price.market = marketClassOf({ category: facts.category, size: facts.size });
  return [price];
}

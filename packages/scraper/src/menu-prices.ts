import { LIMITS, marketClassOf, MAX_MONEY, type Deal, type MarketItem } from '@stl-deals/domain';
import type { ProductPrice } from './adapters/shared/product-price';
import { MAX_ITEMS } from './adapters/shared/received';
import type { MenuPrice } from './scraper';

/**
 * Menu prices one scrape hands over at most: the menu adapters' bound on a menu's products
 * (`MAX_ITEMS`, 2,000) in two sizes each on average. The store writes one row per price and day,
 * so a hostile menu of endless sizes must not grow the history without end; real St. Louis menus
 * hold well under it.
 */
export const MAX_MENU_PRICES = 2 * MAX_ITEMS;

/**
 * A scrape's menu prices (its price memory): one per `storeProductKey`, from the store's deals
 * (after cleaning, before the per-store bound on deals, which does not cut prices) and from every
 * product the adapter priced.
 *
 * - A deal's price is what the deal shows: its sale price, else its regular price; a deal with
 *   neither (a store-wide special, a percent with no price) takes its product's price when the
 *   adapter priced it, and gives none otherwise.
 * - A product sells for its sale price when the menu lowers it below the regular one, else for
 *   its regular price.
 * - `onDeal` is whether one of the deals carries the key. A deal the per-store bound leaves out
 *   still counts: the menu had the product on a deal.
 * - One price per key: a deal's wins over a product's, and of the rest the menu's first wins, so
 *   two reads of the same menu give the same prices.
 * - Its market class (`marketClassOf`) comes with the price: a deal's from its category, size and
 *   THC, a product's as the adapter read it. A deal of no class leaves it unsaid rather than
 *   null: a specials page's deal often names too little of its product to tell.
 * - No price is NaN, infinite, negative, zero or above `MAX_MONEY`: a product without such a
 *   price gives none. The platforms write 0 for 'not sold in this size' and 'no special', so a
 *   zero is no price.
 * - At most `max`, the prices on deals first, each group in the menu's order.
 */
export function menuPrices(
  deals: readonly Deal[],
  prices: readonly ProductPrice[],
  max: number = MAX_MENU_PRICES,
): MenuPrice[] {
  const onDeal = new Set<string>();
  const byKey = new Map<string, MenuPrice>();
  for (const deal of deals) {
    const key = validKey(deal.storeProductKey);
    if (key === undefined) continue;
    onDeal.add(key);
    const price = priced(
      key,
      deal.regularPrice,
      deal.salePrice,
      true,
      marketClassOf(deal) ?? undefined,
    );
    if (price && !byKey.has(key)) byKey.set(key, price);
  }
  for (const product of prices) {
    const key = validKey(product.storeProductKey);
    if (key === undefined || byKey.has(key)) continue;
    const price = priced(
      key,
      product.regularPrice,
      product.salePrice,
      onDeal.has(key),
      product.market,
    );
    if (price) byKey.set(key, price);
  }
  const all = [...byKey.values()];
  const bound = Math.max(0, Math.floor(max));
  return [...all.filter((price) => price.onDeal), ...all.filter((price) => !price.onDeal)].slice(
    0,
    bound,
  );
}

/** A key as the store keeps it: a non-blank string within `LIMITS.key`; undefined otherwise. */
export function validKey(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' && value.length <= LIMITS.key
    ? value
    : undefined;
}

function priced(
  key: string,
  regularValue: unknown,
  saleValue: unknown,
  onDeal: boolean,
  market: MarketItem | null | undefined,
): MenuPrice | undefined {
  const regular = amount(regularValue);
  const sale = amount(saleValue);
  const lowered = sale !== undefined && (regular === undefined || sale <= regular);
  const salePrice = lowered ? sale : regular;
  if (salePrice === undefined) return undefined;
  const price: MenuPrice = {
    storeProductKey: key,
    salePrice,
    regularPrice: regular ?? null,
    onDeal,
  };
  if (market !== undefined) price.market = market;
  return price;
}

/** Dollars in whole cents, above zero and at most `MAX_MONEY`; undefined for anything else. */
function amount(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const cents = Math.round(value * 100) / 100;
  return cents > 0 && cents <= MAX_MONEY ? cents : undefined;
}

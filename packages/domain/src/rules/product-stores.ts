import type { DealView } from './deal-view';
import { moneyText } from './deal-facts';

/**
 * One product across stores: the deals of the list that share a `productKey` (the same product at
 * any dispensary, set by the service), one per store, cheapest first. The card's 'Also at 3 stores
 * from $25' and the comparison of the product at every store read it.
 */
export type ProductStores = ReadonlyMap<string, readonly DealView[]>;

/**
 * Every product's stores, from the deals a list shows (made once per list, not per keystroke: one
 * pass and a sort of each product's few stores). A store with several deals of the product is
 * represented by its cheapest. Deals without a product key are left out.
 *
 * Decisions: 'cheapest' is the price per item (`sortPrice`, the effective price: what one item
 * costs taking the deal as offered), since that is what a shopper pays for the product; a deal
 * with no known price counts as dearer than any priced one. The stores are ordered by that price,
 * then by distance (nearer first), then by the service's order.
 */
export function productStores(views: readonly DealView[]): ProductStores {
  const products = new Map<string, DealView[]>();
  for (const view of views) {
    const key = view.deal.productKey;
    if (!key) continue;
    const offers = products.get(key);
    if (offers) offers.push(view);
    else products.set(key, [view]);
  }
  // Most products are at one store: only the others are sorted, and then a store's first deal
  // is its cheapest.
  for (const [key, offers] of products) {
    if (offers.length < 2) continue;
    offers.sort(compareOffers);
    const stores = new Set<string>();
    products.set(
      key,
      offers.filter((offer) => {
        const store = offer.deal.dispensaryKey;
        if (stores.has(store)) return false;
        stores.add(store);
        return true;
      }),
    );
  }
  return products;
}

/** Cheaper first (an unknown price last), then nearer, then the service's order. */
function compareOffers(a: DealView, b: DealView): number {
  return (
    byPrice(a.sortPrice, b.sortPrice) ||
    byPrice(a.distanceMiles, b.distanceMiles) ||
    a.rank - b.rank
  );
}

/** Ascending, NaN after every number. */
function byPrice(a: number, b: number): number {
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : 1;
  if (Number.isNaN(b)) return -1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** 'Also at N stores from $X': the other stores with the card's product on deal. */
export interface AlsoAt {
  productKey: string;
  /** Stores other than the card's own with the product on deal, 1 or more. */
  stores: number;
  /** The lowest price per item among them, or null when none has a known price. */
  from: number | null;
}

/** The other stores of the card's product, or null when it is at no other store (or has no key). */
export function alsoAt(products: ProductStores, view: DealView): AlsoAt | null {
  const productKey = view.deal.productKey;
  if (!productKey) return null;
  const own = view.deal.dispensaryKey;
  let stores = 0;
  let from: number | null = null;
  for (const offer of products.get(productKey) ?? []) {
    if (offer.deal.dispensaryKey === own) continue;
    stores += 1;
    // Cheapest first: the first priced offer of another store is the lowest.
    if (from === null && !Number.isNaN(offer.sortPrice)) from = offer.sortPrice;
  }
  return stores === 0 ? null : { productKey, stores, from };
}

/** 'Also at 3 stores from $25', 'Also at 1 store from $24.50', 'Also at 2 stores' (no price known). */
export function alsoAtText({ stores, from }: AlsoAt): string {
  const where = `Also at ${stores} ${stores === 1 ? 'store' : 'stores'}`;
  return from === null ? where : `${where} from ${moneyText(from)}`;
}

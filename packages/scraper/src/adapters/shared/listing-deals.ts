import type { Deal } from '@stl-deals/domain';
import { SchemaChangedError } from '../../errors';
import type { Received } from '../types';
import { listingPages } from './paging';
import { productDeal, type ProductOffer } from './product-offer';
import { productKeyOf, productPrice, type ProductPrice } from './product-price';

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

/** What a listing's pages hold: its deals, and the price of every item in every size. */
export interface ListingMenu {
  deals: Deal[];
  prices: ProductPrice[];
}

/**
 * The deals and prices of every listing page received, planned or captured: each deal once by its
 * id, and every item in every size priced, on a deal or not, under the key its deal carries too.
 * A page that is not a listing means the platform changed its answer.
 */
export function listingMenu(received: readonly Received[], listing: Listing): ListingMenu {
  const deals = new Map<string, Deal>();
  const prices: ProductPrice[] = [];
  for (const page of listingPages(received)) {
    const items = listing.items(page.body);
    if (!items) throw new SchemaChangedError(`${listing.answer} has no product list`);
    for (const item of items.slice(0, listing.maxItems)) {
      for (const offer of listing.offers(item)) {
        const key = productKeyOf(offer);
        prices.push(...productPrice(key, offer.regularPrice, offer.salePrice, offer));
        const deal = productDeal(offer);
        if (deal?.id && !deals.has(deal.id)) {
          deals.set(deal.id, key === undefined ? deal : { ...deal, storeProductKey: key });
        }
      }
    }
  }
  return { deals: [...deals.values()], prices };
}

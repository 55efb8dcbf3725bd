import type { Deal } from '@stl-deals/domain';
import { SchemaChangedError } from '../../errors';
import type { Received } from '../types';
import { listingPages } from './paging';
import { productDeal, type ProductOffer } from './product-offer';

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

import { atomDocument } from './atom';
import { dealEntry, SITE, urnPart, type FeedContext } from './deal-feed';
import type { FeedDealList } from './feed-deals';
import { productName, productQuery } from './product-watch';

/** The Atom feed of one product across stores. */
export const PRODUCT_FEED_PATH = '/feeds/product.atom';

/**
 * One product's Atom document: its deals of the day at every store, as the page's comparison
 * lists them (the showable deals with its `productKey`), newest first, each entry as a search's
 * feed writes it. Named by its cheapest deal's title; a product no store has on deal now is an
 * empty feed under its key (it may come back), whose `updated` is the publication's.
 */
export function productFeedDocument(
  list: FeedDealList,
  productKey: string,
  context: FeedContext,
): string {
  const { origin } = context;
  const views = list
    .showableOn(context.today)
    .filter((view) => view.deal.productKey === productKey);
  const entries = views.map((view) => dealEntry(view, context, list.madeAt));
  const cheapest = [...views]
    .filter((view) => Number.isFinite(view.sortPrice))
    .sort((a, b) => a.sortPrice - b.sortPrice)[0];
  const newest = Math.max(...entries.map((entry) => entry.updated.getTime()));
  const query = productQuery(productKey);
  return atomDocument({
    id: `urn:stl-deals:feed:product:${urnPart(productKey)}`,
    title: `${SITE}: ${cheapest ? productName(cheapest) : productKey}`,
    updated: entries.length === 0 ? list.madeAt : new Date(newest),
    self: `${origin}${PRODUCT_FEED_PATH}?${query}`,
    alternate: `${origin}/?${query}`,
    author: SITE,
    entries,
  });
}

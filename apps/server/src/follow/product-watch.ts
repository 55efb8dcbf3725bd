import {
  isDiscounted,
  LIMITS,
  MAX_MONEY,
  moneyText,
  type DealView,
  type Weekday,
} from '@stl-deals/domain';
import type { FeedDealList } from './feed-deals';

/**
 * Watching one product: its key across stores (`productKey`, the page's comparison's), told of
 * when it is on deal anywhere at or below the watcher's price. The rule reads the deals as the
 * feeds do (the day's showable deals, each as its card shows it), so a watch tells of what the
 * page's comparison lists.
 */

/** At most one message per product watch in this long. */
export const PRODUCT_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The page's URL parameter that opens a product's comparison (apps/web product-param.ts). */
export const PRODUCT_PARAM = 'product';

/** A product's deals on sale today, cheapest first, by product key. */
export type ProductOffers = ReadonlyMap<string, readonly DealView[]>;

/** Whole cents of a price per item; null when it is unknown. */
export function centsOf(view: DealView): number | null {
  const price = view.sortPrice;
  return Number.isFinite(price) && price >= 0 ? Math.round(price * 100) : null;
}

/**
 * Every product's offers of the day: the deals showable on `day` with a product key and a known
 * price, that are deals as their cards show them (`isDiscounted`: a price the history found at or
 * above the product's usual is no deal), cheapest first.
 */
export function productOffers(list: FeedDealList, day: Weekday): ProductOffers {
  const products = new Map<string, DealView[]>();
  for (const view of list.showableOn(day)) {
    const key = view.deal.productKey;
    if (!key || centsOf(view) === null) continue;
    if (view.shown !== undefined && !isDiscounted(view.shown)) continue;
    const offers = products.get(key);
    if (offers) offers.push(view);
    else products.set(key, [view]);
  }
  for (const offers of products.values()) {
    offers.sort((a, b) => a.sortPrice - b.sortPrice || a.rank - b.rank);
  }
  return products;
}

/**
 * What a watch makes of its product's offers: 'tell' when some are at or below its target (any
 * price without one) and the cheapest is below what it last told of (or it told of none: a
 * product back on deal is news again); 'untold' when none is and it had told of one (so that the
 * next deal is news); null when there is nothing to do.
 */
export type ProductVerdict =
  { kind: 'tell'; offers: readonly DealView[]; bestCents: number } | { kind: 'untold' } | null;

export function productVerdict(
  offers: readonly DealView[],
  atMostCents: number | null,
  toldCents: number | null,
): ProductVerdict {
  const matching = offers.filter((view) => {
    const cents = centsOf(view);
    return cents !== null && (atMostCents === null || cents <= atMostCents);
  });
  const best = matching[0] === undefined ? null : centsOf(matching[0]);
  if (best === null) return toldCents === null ? null : { kind: 'untold' };
  if (toldCents !== null && best >= toldCents) return null;
  return { kind: 'tell', offers: matching, bestCents: best };
}

/** The product as its cheapest deal names it: its title, else its description. */
export function productName(view: DealView): string {
  const { deal } = view;
  return (deal.title.trim() || deal.description.trim() || 'A product').slice(0, 120);
}

/**
 * '$28 at Swade (at or below your $30), also at 2 more stores from $29': the cheapest offer's
 * price and store, the target when there is one, and how many other stores have it.
 */
export function productNewsText(offers: readonly DealView[], atMostCents: number | null): string {
  const [best, ...rest] = offers;
  if (best === undefined) return '';
  const target = atMostCents === null ? '' : ` (at or below your ${moneyText(atMostCents / 100)})`;
  const others = new Set(rest.map((view) => view.deal.dispensaryKey));
  others.delete(best.deal.dispensaryKey);
  const next = rest.find((view) => view.deal.dispensaryKey !== best.deal.dispensaryKey);
  const more =
    others.size === 0 || next === undefined
      ? ''
      : `, also at ${others.size} more ${others.size === 1 ? 'store' : 'stores'} from ${moneyText(next.sortPrice)}`;
  return `${moneyText(best.sortPrice)} at ${best.deal.dispensary}${target}${more}`;
}

/** The page's URL query that opens the product's comparison: what a watch's `search` holds. */
export function productQuery(productKey: string): string {
  return new URLSearchParams({ [PRODUCT_PARAM]: productKey }).toString();
}

/** A watch's product as a request gives it: a key of the contract's length, a target in dollars. */
export interface ProductWatchRequest {
  key: string;
  atMost?: number | undefined;
}

/** The watch a request asks for, or why it is refused (the client's words). */
export function readProductWatch(
  request: ProductWatchRequest,
): { productKey: string; atMostCents: number | null } | string {
  const productKey = request.key.trim();
  if (productKey === '' || productKey.length > LIMITS.shortText) {
    return `A product key is 1 to ${LIMITS.shortText} characters.`;
  }
  const { atMost } = request;
  if (atMost === undefined) return { productKey, atMostCents: null };
  if (!Number.isFinite(atMost) || atMost <= 0 || atMost > MAX_MONEY) {
    return `A target price is more than $0 and at most ${moneyText(MAX_MONEY)}.`;
  }
  return { productKey, atMostCents: Math.round(atMost * 100) };
}

/**
 * A product key in words, for where no deal names the product ('flower|proper super boof|7g'
 * is 'proper super boof 7g (flower)'): a confirmation, the manage page.
 */
export function productKeyWords(productKey: string): string {
  const [form, words, size] = productKey.split('|');
  if (words === undefined) return productKey.slice(0, 120);
  const sized = size && size !== '-' ? `${words} ${size}` : words;
  return `${sized}${form ? ` (${form})` : ''}`.slice(0, 120);
}

import {
  categoryLabel,
  moneyText,
  shownPercent,
  type DealView,
  type Dispensary,
  type Filters,
} from '@stl-deals/domain';
import { feedTitle } from './deal-feed';
import type { FeedSearch } from './feed-search';
import { productName, productNewsText } from './product-watch';

/**
 * A push message as the page's service worker reads it (apps/web/public/sw.js): plain text it
 * shows bounded, and a path of the page's own origin that a click opens.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** The page on the followed search with its follow dialog open (`#follow`), to stop it there. */
  url: string;
  /** One notification per subscription: a newer message replaces the one still shown. */
  tag: string;
}

/** Dispensaries named in a message's text; the rest are counted. */
const NAMED_DISPENSARIES = 2;
const MAX_NAME = 40;

/** The dispensaries of `views` by how many deals each has, most first (ties: first seen). */
function dispensaryNames(views: readonly DealView[]): string[] {
  const counts = new Map<string, number>();
  for (const { deal } of views) {
    const name = deal.dispensary.trim().slice(0, MAX_NAME) || deal.dispensaryKey;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([name]) => name);
}

/**
 * '3 new flower deals at Swade, Proper: from $18, up to 38% off': how many deals are new, of the
 * searched category, at which dispensaries (two named, the rest counted), from the lowest price
 * per item among them (left out when none is known), and the biggest percent off their cards show
 * (`shownPercent`; '(claimed)' when that percent is a store's claim the history could not check).
 * `views` are the deals worth telling of (see `isDiscounted`). `more`: there may be more new
 * deals than counted (the selection was cut at its bound), said as '100+'.
 */
export function newDealsText(
  views: readonly DealView[],
  filters: Pick<Filters, 'category'>,
  more = false,
): string {
  const count = `${views.length}${more ? '+' : ''}`;
  const kind =
    filters.category === 'all' ? '' : `${categoryLabel(filters.category).toLowerCase()} `;
  const noun = views.length === 1 && !more ? 'deal' : 'deals';
  const names = dispensaryNames(views);
  const rest = names.length - NAMED_DISPENSARIES;
  const where =
    names.slice(0, NAMED_DISPENSARIES).join(', ') + (rest > 0 ? ` and ${rest} more` : '');
  const prices = views.map((view) => view.sortPrice).filter((price) => price > 0);
  const from = prices.length === 0 ? '' : `from ${moneyText(Math.min(...prices))}`;
  const best = biggestDiscount(views);
  const off = best === null ? '' : `up to ${best.percent}% off${best.claimed ? ' (claimed)' : ''}`;
  const said = [from, off].filter(Boolean).join(', ');
  return `${count} new ${kind}${noun} at ${where}${said ? `: ${said}` : ''}`;
}

/** The biggest percent off among `views`, checked percents first on a tie; null for none. */
function biggestDiscount(views: readonly DealView[]): { percent: number; claimed: boolean } | null {
  let best: { percent: number; claimed: boolean } | null = null;
  for (const { shown } of views) {
    const percent = shown ? shownPercent(shown) : null;
    if (percent === null) continue;
    const claimed = shown?.basis === 'claimed';
    if (best === null || percent > best.percent || (percent === best.percent && !claimed)) {
      best = { percent, claimed };
    }
  }
  return best;
}

/** The page's address of a followed search with the follow dialog open. */
export function followPageUrl(search: string): string {
  return `/${search === '' ? '' : `?${search}`}#follow`;
}

/** What a message says of a search's new deals, the same for everyone who follows it. */
export type PushNews = Pick<PushMessage, 'title' | 'body'>;

/** The search's title as its feed has it, and what is new (`newDealsText`). */
export function pushNews(
  feedSearch: FeedSearch,
  views: readonly DealView[],
  more: boolean,
  dispensaries: readonly Dispensary[],
): PushNews {
  return {
    title: feedTitle(feedSearch, dispensaries),
    body: newDealsText(views, feedSearch.filters, more),
  };
}

/**
 * The message of subscription `id` for its news. `search` is the page's query as the browser
 * sent it: the page keys its follows by it, so that the dialog the message opens knows this one.
 */
export function pushMessage(id: string, search: string, news: PushNews): PushMessage {
  return { ...news, url: followPageUrl(search), tag: `follow-${id}` };
}

/**
 * A product watch's message: the product by its cheapest deal's name, its price and store
 * (`productNewsText`), opening the page on the product's comparison (`search` is its query).
 */
export function productPushMessage(
  id: string,
  search: string,
  offers: readonly DealView[],
  atMostCents: number | null,
): PushMessage {
  const [best] = offers;
  return {
    title: `STL Deals: ${best ? productName(best) : 'a product you watch'}`,
    body: productNewsText(offers, atMostCents),
    url: `/?${search}`,
    tag: `watch-${id}`,
  };
}

import { createHash } from 'node:crypto';
import {
  categoryLabel,
  dayOf,
  dealUpdatedMs,
  DEALS_FEED_PATH,
  DEFAULT_FILTERS,
  distanceToDispensary,
  moneyText,
  MY_STORES,
  safeHttpUrl,
  searchQuery,
  shopperFilterDeals,
  shownDiscountText,
  shownPercent,
  withinRadius,
  type DealFilters,
  type DealView,
  type Dispensary,
  type Filters,
  type StampedDeal,
  type Weekday,
} from '@stl-deals/domain';
import { atomDocument, htmlText, type AtomEntry } from './atom';
import type { FeedDealList } from './feed-deals';
import { feedQuery, type FeedSearch } from './feed-search';

/** The most entries a feed lists: its newest deals. */
export const FEED_MAX_ENTRIES = 100;

export const SITE = 'STL Deals';

/** What a feed is written in, beside the deals and the search. */
export interface FeedContext {
  /** The market's weekday now: 'today' of the day filter. */
  today: Weekday;
  /** The market's time zone, in which a price change is dated. */
  timeZone: string;
  /** The registry's dispensaries, with their names and coordinates as known now. */
  dispensaries: readonly Dispensary[];
  /** Scheme and host the feed's links start with ('' for links relative to the service). */
  origin: string;
}

/**
 * The URL's filters as `shopperFilterDeals` reads them, by the same names (so a filter the page's list
 * gains reaches the feed with it), but for the prices' tax, which changes prices and not which
 * deals are listed, 'Open now', which a feed read later does not apply (see `FEED_PARAMETERS`),
 * and the radius, which the feed judges per dispensary.
 */
function listFilters(filters: Filters): Omit<DealFilters, 'sort'> {
  const { tax: _prices, open: _hours, ...selecting } = filters as Filters & { tax?: unknown };
  return { ...selecting, radius: 'all' };
}

/**
 * The deals a search lists, as the page lists them for the same URL, newest first and at most
 * `FEED_MAX_ENTRIES`: the page's cleaning rules and day filter (`showableOn`), its filters
 * (`shopperFilterDeals`: 'My stores', category, the search as the page reads it and what else
 * the page's list filters by), one
 * dispensary, and the radius around the search's point, judged per dispensary with the page's distance rules.
 */
export function selectFeedDeals(
  list: FeedDealList,
  search: FeedSearch,
  context: Pick<FeedContext, 'today' | 'dispensaries'>,
): DealView[] {
  const { filters, point } = search;
  const showable = list.showableOn(dayOf(filters.day, context.today));
  let views = showable;
  if (filters.dispensary !== DEFAULT_FILTERS.dispensary && filters.dispensary !== MY_STORES) {
    views = views.filter((view) => view.deal.dispensaryKey === filters.dispensary);
  }
  if (filters.distance !== DEFAULT_FILTERS.distance && point !== null) {
    const near = new Set(
      context.dispensaries
        .filter((place) => withinRadius(distanceToDispensary(point, place), filters.distance, true))
        .map((place) => place.key),
    );
    views = views.filter((view) => near.has(view.deal.dispensaryKey));
  }
  // The page's shopper search, over the day's deals (whose index is kept while they are
  // published); it keeps its input's order: newest first.
  return shopperFilterDeals(views, listFilters(filters), false, showable).slice(
    0,
    FEED_MAX_ENTRIES,
  );
}

/** Lone surrogates, which no URI can carry (`encodeURIComponent` throws on them). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` as part of a URN: percent-encoded but for the colons that separate its parts. */
export function urnPart(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD')).replace(/%3A/gi, ':');
}

/**
 * A deal's entry id, the same on every fetch for as long as the deal lasts: its id, which the
 * service makes stable across scrapes (platform, dispensary, and the platform's own id or the
 * deal's text); a deal without one is named by its dispensary and its text.
 */
export function dealEntryId(deal: Pick<StampedDeal, 'id' | 'dispensaryKey' | 'title' | 'price'>) {
  if (deal.id) return `urn:stl-deals:deal:${urnPart(deal.id)}`;
  const text = `${deal.dispensaryKey}\n${deal.title}\n${deal.price}`.replace(
    LONE_SURROGATE,
    '\uFFFD',
  );
  const digest = createHash('sha256').update(text).digest('base64url').slice(0, 22);
  return `urn:stl-deals:deal:${urnPart(deal.dispensaryKey)}:text-${digest}`;
}

/** The page listing one dispensary's deals. */
function dispensaryPage(origin: string, key: string): string {
  return `${origin}/${searchQuery({ ...DEFAULT_FILTERS, dispensary: key })}`;
}

/** The deal's name: its title, or its description when the title is blank (as the card). */
export function dealName(deal: StampedDeal): string {
  return deal.title.trim() || deal.description.trim() || `A deal at ${deal.dispensary}`;
}

/**
 * The entry's heading: the deal's name, with the percent off its usual price when the product's
 * history found one (`shownPercent`). A percent only claimed is left to the summary, which names
 * it as such: a heading is read without it.
 */
function entryTitle(view: DealView): string {
  const name = dealName(view.deal);
  const percent = view.shown?.basis === 'usual' ? shownPercent(view.shown) : null;
  return percent === null ? name : `${name} · ${percent}% off`;
}

/**
 * The price a reader is shown: where the history judged the deal, what one item costs (the
 * store's price text may repeat a regular price it never charged); else the price text.
 */
export function entryPrice(view: DealView): string {
  if (view.shown?.basis !== 'usual' || Number.isNaN(view.sortPrice)) return view.deal.price.trim();
  const each = moneyText(view.sortPrice);
  return view.multiBuy ? `${each} each · ${view.multiBuy}` : each;
}

/**
 * What a reader shows of the deal: its price, its discount in the card's words
 * (`shownDiscountText`: 'Usual $52, 38% off', 'Its usual price', '50% off (claimed)') and the
 * store, then the description when it says more than the title. Built from escaped text only, so
 * no markup a menu sent reaches a reader as markup.
 */
function entrySummary(view: DealView): string {
  const { deal } = view;
  const discount = view.shown ? shownDiscountText(view.shown, view.sortPrice) : null;
  const facts = [
    `<strong>${htmlText(entryPrice(view))}</strong>`,
    ...(discount === null ? [] : [htmlText(discount)]),
    htmlText(deal.dispensary),
  ];
  const description = deal.description.trim();
  const saysMore = description !== '' && description.toLowerCase() !== dealName(deal).toLowerCase();
  return `<p>${facts.join(' · ')}</p>${saysMore ? `<p>${htmlText(description)}</p>` : ''}`;
}

/**
 * A deal's entry. `undated` stands for when a deal that says nothing of its time was last known
 * current (the publication it is in).
 */
export function dealEntry(
  view: DealView,
  { timeZone, origin }: Pick<FeedContext, 'timeZone' | 'origin'>,
  undated: Date,
): AtomEntry {
  const { deal } = view;
  const updated = dealUpdatedMs(deal, timeZone);
  const firstSeen = view.firstSeenMs ?? Number.NaN;
  return {
    id: dealEntryId(deal),
    title: entryTitle(view),
    updated: Number.isNaN(updated) ? undated : new Date(updated),
    ...(Number.isNaN(firstSeen) ? {} : { published: new Date(firstSeen) }),
    // A deal whose own page is no http(s) address is shown by its dispensary's list on ours.
    link: safeHttpUrl(deal.sourceUrl) ?? dispensaryPage(origin, deal.dispensaryKey),
    author: deal.dispensary || SITE,
    ...(view.category === 'other'
      ? {}
      : { category: { term: view.category, label: categoryLabel(view.category) } }),
    summaryHtml: entrySummary(view),
  };
}

/** The most stores a feed's title names; a longer list is counted ('at 5 stores'). */
const NAMED_STORES = 3;

/** 'My stores' in a title: the stores by name, or their count when there are many. */
function storeNames(stores: readonly string[], dispensaries: readonly Dispensary[]): string {
  if (stores.length > NAMED_STORES) return `${stores.length} stores`;
  const names = stores.map((key) => dispensaries.find((place) => place.key === key)?.name ?? key);
  const last = names.pop();
  return names.length ? `${names.join(', ')} and ${last}` : (last ?? '');
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The feed's title: the site and what the search narrows to, in the page's words. */
export function feedTitle(search: FeedSearch, dispensaries: readonly Dispensary[]): string {
  const { filters } = search;
  const parts: string[] = [];
  if (filters.search.trim() !== '') parts.push(`“${filters.search.trim()}”`);
  if (filters.category !== 'all') parts.push(categoryLabel(filters.category));
  if (filters.dispensary === MY_STORES) {
    parts.push(`at ${storeNames(filters.stores, dispensaries)}`);
  } else if (filters.dispensary !== DEFAULT_FILTERS.dispensary) {
    const place = dispensaries.find(({ key }) => key === filters.dispensary);
    parts.push(`at ${place?.name ?? filters.dispensary}`);
  }
  if (filters.distance !== DEFAULT_FILTERS.distance) {
    parts.push(`within ${filters.distance} miles`);
  }
  if (filters.day !== DEFAULT_FILTERS.day) parts.push(capitalized(filters.day));
  return parts.length === 0 ? `${SITE}: every deal` : `${SITE}: ${parts.join(', ')}`;
}

/**
 * The Atom document of a search: its newest deals (`selectFeedDeals`), each an entry
 * (`dealEntry`), with links to itself and to the same search on the page. Its `updated` is its
 * newest entry's, or when the deals were published for an empty feed, so that the same deals
 * give the same bytes (and ETag) on every fetch.
 */
export function dealFeedDocument(
  list: FeedDealList,
  search: FeedSearch,
  context: FeedContext,
): string {
  const { origin } = context;
  const entries = selectFeedDeals(list, search, context).map((view) =>
    dealEntry(view, context, list.madeAt),
  );
  const query = feedQuery(search);
  const newest = Math.max(...entries.map((entry) => entry.updated.getTime()));
  return atomDocument({
    id: `urn:stl-deals:feed:deals${query ? `:${urnPart(query.slice(1))}` : ''}`,
    title: feedTitle(search, context.dispensaries),
    updated: entries.length === 0 ? list.madeAt : new Date(newest),
    self: `${origin}${DEALS_FEED_PATH}${query}`,
    alternate: `${origin}/${searchQuery(search.filters)}`,
    author: SITE,
    entries,
  });
}

import { isDiscounted, weekdayAt, type DealView, type Dispensary } from '@stl-deals/domain';
import { MARKET_TIME_ZONE } from '../collection/market-day';
import { FEED_MAX_ENTRIES, selectFeedDeals } from './deal-feed';
import type { FeedDealList } from './feed-deals';
import { feedQuery, lacksPoint, readFeedSearch, type FeedSearch } from './feed-search';
import { productOffers, type ProductOffers } from './product-watch';
import { pushNews, type PushNews } from './push-message';

/** Searches whose matching deals a fan-out keeps at once; many followers share a few searches. */
const KEPT_SEARCHES = 1_000;
/** The searches and watermarks whose news a fan-out keeps (followers made together share one). */
const KEPT_NEWS = 5_000;

/** What a search matches now: its deals (see `selectFeedDeals`), and whether they were cut. */
export interface Matched {
  /** The search's one spelling (`feedQuery`). */
  key: string;
  search: FeedSearch;
  views: readonly DealView[];
  cut: boolean;
}

/** What is new to the followers of a search since a watermark, and the newest deal's time. */
export interface News {
  news: PushNews;
  /** The deals told of, newest first. */
  fresh: readonly DealView[];
  newestMs: number;
}

/** Where a fan-out's deals come from: read once a follower is due, then kept for the fan-out. */
export interface FollowedNewsSource {
  /** The deals as last published, as the feeds read them; asked once, when first needed. */
  deals: () => FeedDealList;
  /** The registry's dispensaries, placed (a radius is judged per dispensary). */
  dispensaries: readonly Dispensary[];
  isDispensary: (key: string) => boolean;
  now: Date;
}

/**
 * What one fan-out (push or email) tells its followers, worked out once per search, watermark
 * and product however many follow them: the searches as the feeds read them (same reading, same
 * deals), their deals first seen after a watermark, and each product's offers of the day. A
 * fan-out that finds no follower due reads no deals.
 */
export class FollowedNews {
  private list: FeedDealList | undefined;
  private offers: ProductOffers | undefined;
  private readonly matches = new Map<string, Matched>();
  private readonly told = new Map<string, News | null>();
  readonly context: { today: ReturnType<typeof weekdayAt>; dispensaries: readonly Dispensary[] };

  constructor(private readonly source: FollowedNewsSource) {
    this.context = {
      today: weekdayAt(source.now, MARKET_TIME_ZONE),
      dispensaries: source.dispensaries,
    };
  }

  private deals(): FeedDealList {
    this.list ??= this.source.deals();
    return this.list;
  }

  /** What `search` (the page's query) matches; null when it cannot be judged (no point). */
  match(search: string): Matched | null {
    const feedSearch = readFeedSearch(search, this.source.isDispensary);
    // A radius without its point cannot be judged (the routes refuse such a search).
    if (lacksPoint(feedSearch)) return null;
    const key = feedQuery(feedSearch);
    let matched = this.matches.get(key);
    if (matched === undefined) {
      if (this.matches.size >= KEPT_SEARCHES) this.matches.clear();
      const views = selectFeedDeals(this.deals(), feedSearch, this.context);
      matched = { key, search: feedSearch, views, cut: views.length >= FEED_MAX_ENTRIES };
      this.matches.set(key, matched);
    }
    return matched;
  }

  /** The deals of `matched` first seen after `watermark`, worth telling of; null: none. */
  newsOf(matched: Matched, watermark: string): News | null {
    const key = `${matched.key}\n${watermark}`;
    let news = this.told.get(key);
    if (news === undefined) {
      if (this.told.size >= KEPT_NEWS) this.told.clear();
      const watermarkMs = Date.parse(watermark);
      const fresh = freshDeals(matched.views, watermarkMs);
      news =
        fresh.length === 0
          ? null
          : {
              news: pushNews(matched.search, fresh, matched.cut, this.context.dispensaries),
              fresh,
              newestMs: Math.max(...fresh.map((view) => view.firstSeenMs ?? watermarkMs)),
            };
      this.told.set(key, news);
    }
    return news;
  }

  /** A product's offers of the day, cheapest first (see `productOffers`). */
  offersOf(productKey: string): readonly DealView[] {
    this.offers ??= productOffers(this.deals(), this.context.today);
    return this.offers.get(productKey) ?? [];
  }
}

/**
 * The deals a message tells of: first seen after the watermark, and deals as their cards show them
 * (`isDiscounted`): one the history found at or above its usual price is no news, whatever the
 * store calls it.
 */
export function freshDeals(views: readonly DealView[], watermarkMs: number): DealView[] {
  return views.filter(
    (view) =>
      (view.firstSeenMs ?? Number.NaN) > watermarkMs &&
      (view.shown === undefined || isDiscounted(view.shown)),
  );
}

import {
  buildDealViews,
  byNewestFirst,
  pageDealOf,
  splitDeals,
  type Deal,
  type DealListView,
  type DealView,
  type Weekday,
} from '@stl-deals/domain';

/** One published deal as the read model keeps it: its JSON in each view, as bytes. */
interface PublishedDeal {
  readonly deal: Readonly<Record<DealListView, Buffer>>;
}

/** Where the published deals come from: the read model (`DealsReadModel.publishedList`). */
export interface PublishedDeals {
  publishedList(): ReadonlyArray<PublishedDeal>;
}

/**
 * One publication's deals as the feeds read them: the page's views of them (the same objects the
 * page's rules work on, so a feed lists what the page lists) in a feed's order, newest first.
 */
export class FeedDealList {
  private readonly showable = new Map<Weekday, readonly DealView[]>();

  constructor(
    /** Every published deal's view, newest first (`byNewestFirst`). */
    readonly views: readonly DealView[],
    /** When this list was made: an empty feed's `updated`. */
    readonly madeAt: Date,
  ) {}

  /**
   * The deals worth showing on `day` (the cleaning rules and the day filter, `splitDeals`), newest
   * first. Worked out once per weekday and publication: every search of that day starts here.
   */
  showableOn(day: Weekday): readonly DealView[] {
    let views = this.showable.get(day);
    if (!views) {
      views = splitDeals(this.views, day).showable;
      this.showable.set(day, views);
    }
    return views;
  }
}

/**
 * The read model's published deals made objects for the feeds, once per publication and only
 * once a feed is asked for (a service no one follows holds no second copy of the deals). Each
 * deal is decoded once for as long as the read model keeps its bytes: a publication after one
 * dispensary's result decodes that dispensary's deals only.
 */
export class FeedDeals {
  private readonly decoded = new WeakMap<object, Deal>();
  private publication: ReadonlyArray<PublishedDeal> | null = null;
  private list: FeedDealList | null = null;

  constructor(
    private readonly source: PublishedDeals,
    private readonly now: () => Date,
  ) {}

  /** The deals as last published (see the class). */
  current(): FeedDealList {
    const publication = this.source.publishedList();
    if (this.list === null || publication !== this.publication) {
      const deals = publication.map(({ deal }) => this.decode(deal));
      // No visitor location: a feed's radius is judged per dispensary (see `selectFeedDeals`).
      const views = buildDealViews(deals, [], null).sort(byNewestFirst);
      this.list = new FeedDealList(views, this.now());
      this.publication = publication;
    }
    return this.list;
  }

  /**
   * The deal as the page reads it (the page view: its fields, its cut texts), with its `id`, which
   * the page view leaves out and a feed entry is named by. Read from the full view, which the
   * service serialized itself from a checked deal.
   */
  private decode(bytes: PublishedDeal['deal']): Deal {
    let deal = this.decoded.get(bytes);
    if (!deal) {
      const full = JSON.parse(bytes.full.toString('utf8')) as Deal;
      deal = { ...(pageDealOf(full) as Deal), ...(full.id === undefined ? {} : { id: full.id }) };
      this.decoded.set(bytes, deal);
    }
    return deal;
  }
}

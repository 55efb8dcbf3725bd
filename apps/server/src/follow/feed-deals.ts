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
 * The read model's published deals made the page's views for the feeds, once per publication and
 * only once a feed is asked for (a service no one follows holds no copy of the deals as objects).
 * Each deal is decoded and made a view once for as long as the read model keeps its bytes: a
 * publication after one dispensary's result decodes that dispensary's deals only, and gives the
 * others' views their new place in the relevance order (`rank`, which breaks the feed's ties).
 */
export class FeedDeals {
  private readonly viewOf = new WeakMap<object, DealView>();
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
      // The views are this class's own, and a list is read whole within one request (no
      // await), so the last list's views may take their new ranks in place.
      const views = publication.map(({ deal }, rank) => {
        const view = this.viewOf.get(deal) ?? this.decode(deal);
        view.rank = rank;
        return view;
      });
      this.list = new FeedDealList(views.sort(byNewestFirst), this.now());
      this.publication = publication;
    }
    return this.list;
  }

  /**
   * The deal's view as the page makes it (`buildDealViews`, without a visitor's location: a
   * feed's radius is judged per dispensary) from the deal as the page reads it (the page view:
   * its fields, its cut texts), with its `id`, which the page view leaves out and a feed entry is
   * named by. Read from the full view, which the service serialized itself from a checked deal.
   */
  private decode(bytes: PublishedDeal['deal']): DealView {
    const full = JSON.parse(bytes.full.toString('utf8')) as Deal;
    const deal = {
      ...(pageDealOf(full) as Deal),
      ...(full.id === undefined ? {} : { id: full.id }),
    };
    const [view] = buildDealViews([deal], [], null);
    this.viewOf.set(bytes, view!);
    return view!;
  }
}

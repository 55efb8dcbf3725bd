import {
  buildDealViews,
  byNewestFirst,
  isShownOn,
  WEEKDAYS,
  type Deal,
  type DealView,
  type Weekday,
} from '@stl-deals/domain';

/** One published deal as the read model keeps it: its bytes, of which the page view's JSON. */
interface PublishedDeal {
  readonly deal: { pageJson(): string };
}

/** Where the published deals come from: the read model (`DealsReadModel.publishedList`). */
export interface PublishedDeals {
  publishedList(): ReadonlyArray<PublishedDeal>;
}

/** Deals decoded between two turns of the event loop (a few milliseconds' work). */
const DECODE_SLICE = 500;

/** Whether a view is shown on a weekday: the page's day filter, judged once per view and day. */
type ShownOn = (view: DealView, day: Weekday) => boolean;

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
    /** The page's day filter (`isShownOn`) for a view. */
    private readonly shownOn: ShownOn,
  ) {}

  /**
   * The deals worth showing on `day`, newest first: those the page's day filter shows that day
   * (as the page's `splitDeals`; the read model publishes no deal the cleaning rules refuse). Worked out once per weekday and
   * publication: every search of that day starts here.
   */
  showableOn(day: Weekday): readonly DealView[] {
    let views = this.showable.get(day);
    if (!views) {
      views = this.views.filter((view) => this.shownOn(view, day));
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
  /**
   * The day filter's verdicts per view, kept as long as the view: bit `i` says whether weekday
   * `i` (of `WEEKDAYS`) was judged, bit `i + 7` whether the view is shown on it. A deal's title is
   * then read for its weekdays once per day it is asked for, not once per publication.
   */
  private readonly days = new WeakMap<DealView, number>();
  private readonly shownOn: ShownOn = (view, day) => {
    const bit = WEEKDAYS.indexOf(day);
    let days = this.days.get(view) ?? 0;
    if ((days & (1 << bit)) === 0) {
      days |= (1 << bit) | (isShownOn(view.deal, day) ? 1 << (bit + 7) : 0);
      this.days.set(view, days);
    }
    return (days & (1 << (bit + 7))) !== 0;
  };
  private publication: ReadonlyArray<PublishedDeal> | null = null;
  private list: FeedDealList | null = null;

  constructor(
    private readonly source: PublishedDeals,
    private readonly now: () => Date,
  ) {}

  /**
   * Resolves once every deal as last published is decoded: those not decoded yet, `DECODE_SLICE`
   * at a time with a turn of the event loop between slices, so that the first feed after a start
   * (every deal to decode) does not hold up the service's other answers. `current` then has only
   * the order to make.
   */
  async ready(): Promise<void> {
    const publication = this.source.publishedList();
    if (publication === this.publication) return;
    for (let start = 0; start < publication.length; start += DECODE_SLICE) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const { deal } of publication.slice(start, start + DECODE_SLICE)) this.viewFor(deal);
    }
  }

  /** The deals as last published (see the class; `ready` first spares the event loop). */
  current(): FeedDealList {
    const publication = this.source.publishedList();
    if (this.list === null || publication !== this.publication) {
      // The views are this class's own, and their rank is read only by this sort: they take
      // their places in this publication in place.
      const views = publication.map(({ deal }, rank) => {
        const view = this.viewFor(deal);
        view.rank = rank;
        return view;
      });
      this.list = new FeedDealList(views.sort(byNewestFirst), this.now(), this.shownOn);
      this.publication = publication;
    }
    return this.list;
  }

  /**
   * The deal's view as the page makes it (`buildDealViews`, without a visitor's location: a
   * feed's radius is judged per dispensary) from the deal as the page reads it: its page view
   * (its fields, its cut texts, its `id`, which a feed entry is named by), which the service
   * serialized itself from a checked deal.
   */
  private viewFor(bytes: PublishedDeal['deal']): DealView {
    const known = this.viewOf.get(bytes);
    if (known) return known;
    const deal = JSON.parse(bytes.pageJson()) as Deal;
    const [view] = buildDealViews([deal], [], null);
    this.viewOf.set(bytes, view!);
    return view!;
  }
}

import {
  buildDealViews,
  countLine,
  cutText,
  distanceChipText,
  DispensaryListSchema,
  filterAndSortDeals,
  shopperSearchDeals,
  groupDeals,
  pageCount,
  pageItems,
  pricesWithTax,
  readDeals,
  splitDeals,
  stampDeals,
  weekdayAt,
  type CategoryFilter,
  type Deal,
  type DealView,
  type Dispensary,
  type DistanceRadius,
  type GeoPoint,
  type SizeFilter,
  type SortKey,
  type TaxChoice,
  type Weekday,
} from '@stl-deals/domain';
import { inject } from 'vitest';

/**
 * The visitor's time zone in every browser context of the suite: the day filter depends on the
 * weekday, so the test and the page must agree on it.
 */
export const TIME_ZONE = 'America/Chicago';

/** Now on the suite's clock (harness/suite-clock.ts), which the service and the browser share. */
export function suiteNow(): Date {
  return new Date(Date.now() + inject('clockOffsetMs'));
}

/** What the service answers, read the way the page reads it. */
export interface ServiceData {
  deals: Deal[];
  dispensaries: Dispensary[];
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

/**
 * The service's own answer to the page's calls: the dispensary list and the deals of all
 * dispensaries, or of one (stamped with its name and key, as the page does).
 */
export async function fetchServiceData(
  origin: string,
  dispensaryKey?: string,
): Promise<ServiceData> {
  const dispensaries = DispensaryListSchema.parse(
    await getJson(`${origin}/api/scraper/dispensaries`),
  );
  const one = dispensaryKey && dispensaries.find((entry) => entry.key === dispensaryKey);
  if (dispensaryKey && !one) throw new Error(`The service lists no dispensary ${dispensaryKey}.`);
  const query = one ? `?dispensary=${encodeURIComponent(one.key)}` : '';
  const { deals, rejected } = readDeals(await getJson(`${origin}/api/reactive/deals${query}`));
  if (rejected.length > 0) throw new Error(`The service sent deals that break the contract.`);
  return { deals: one ? stampDeals(deals, one) : deals, dispensaries };
}

export interface ListQuery {
  visitor?: GeoPoint | null;
  category?: CategoryFilter;
  radius?: DistanceRadius;
  search?: string;
  sort?: SortKey;
  /** The Size filter; default 'any'. */
  size?: SizeFilter;
  /** A brand key (a Brand choice's value); default '' (every brand). */
  brand?: string;
  /** 'Prices with tax': the price sorts follow the prices with the store's taxes; default 'off'. */
  tax?: TaxChoice;
  /** 'My stores': only these dispensaries' deals; default every store. */
  stores?: string[];
  /** 'Open now': only these dispensaries' deals (the ones open); default every store. */
  open?: ReadonlySet<string>;
  pageSize?: number;
  page?: number;
  /** When the page loaded its deals: the day filter uses that moment's weekday. */
  now?: Date;
  /** The day whose deals are listed ('Deals for'); default: the weekday of `now`. */
  day?: Weekday;
}

/** What the page must show for `query`, computed by the domain's rules from the service's data. */
export interface ExpectedList {
  countLine: string;
  /** Deals left after the filters and the search (all pages). */
  matching: DealView[];
  /** Deals worth showing at all (the M of '(of M total)'). */
  total: number;
  /** Deals for other days only. */
  otherDays: number;
  pages: number;
  /** The cards of the page asked for, in the order shown. */
  cards: DealView[];
  titles: string[];
  /** The distance chips of those cards (null where a card has none). */
  distanceChips: Array<string | null>;
}

export function expectedList(data: ServiceData, query: ListQuery = {}): ExpectedList {
  const {
    visitor = null,
    category = 'all',
    radius = 'all',
    search = '',
    sort = 'relevance',
    size = 'any',
    brand = '',
    tax = 'off',
    stores = [],
    pageSize = 12,
    page = 1,
    now = suiteNow(),
  } = query;
  const views = buildDealViews(data.deals, data.dispensaries, visitor);
  const { showable, counts } = splitDeals(views, query.day ?? weekdayAt(now, TIME_ZONE));
  // A search is read by the shopper search, as the page reads it once its on-demand parts have
  // loaded (at the latest when the search is typed).
  const matching = (search.trim() ? shopperSearchDeals : filterAndSortDeals)(
    showable,
    {
      category,
      radius,
      search,
      sort,
      size,
      brand,
      tax: pricesWithTax(tax, data.dispensaries),
      stores,
      open: query.open ?? null,
    },
    !!visitor,
  );
  const cards = groupDeals(pageItems(matching, page, pageSize), sort).flatMap(
    (group) => group.deals,
  );
  return {
    countLine: countLine({ shown: matching.length, total: showable.length, search }),
    matching,
    total: showable.length,
    otherDays: counts.otherDays,
    pages: pageCount(matching.length, pageSize),
    cards,
    titles: cards.map(({ deal }) => cardTitle(deal)),
    distanceChips: cards.map((view) =>
      distanceChipText(view.distanceMiles, view.distanceApproximate),
    ),
  };
}

/** The card's title: the trimmed title cut at 60, or the description for a blank title. */
export function cardTitle(deal: Pick<Deal, 'title' | 'description'>): string {
  const title = deal.title.trim();
  return cutText(title === '' ? deal.description.trim() : title);
}

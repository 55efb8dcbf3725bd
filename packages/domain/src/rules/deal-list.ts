import type { Deal } from '../contract/deal';
import type { Dispensary } from '../contract/dispensary';
import type {
  CategoryFilter,
  DayChoice,
  DistanceRadius,
  SizeFilter,
  SortKey,
} from '../contract/options';
import { WEEKDAYS, type Weekday } from '../contract/constants';
import { brandKey, matchesBrand } from './brand-filter';
import { isShownOn } from './day-filter';
import type { DealView } from './deal-view';
import { distanceToDispensary, withinRadius, type GeoPoint } from './distance';
import { effectiveUnitPrice, pricePerItem } from './price-per-item';
import type { PricesWithTax } from './prices-with-tax';
import { shownDiscount } from './shown-discount';
import { needleAt, searchNeedle, searchText } from './search';
import { matchesSize } from './size-filter';
import {
  matchesThcFilter,
  matchesTypeFilter,
  type ThcFilter,
  type TypeFilter,
} from './potency-filter';
import { sortDeals } from './sort';

/** What a deal's view holds that depends on the deal alone, not on where the visitor is. */
type OwnFacts = Omit<DealView, 'deal' | 'distanceMiles' | 'distanceApproximate' | 'rank'>;

const ownFactsOf = new WeakMap<Deal, OwnFacts>();

/**
 * Works out, once per deal object, what its view holds that depends on the deal alone: its
 * category, sort keys and search text. The page calls it while it reads an answer, a slice
 * at a time, so that `buildDealViews` then has little left to do in one go (Total
 * Blocking Time). Kept as long as the deal object lives.
 */
export function prepareDealView(deal: Deal): void {
  ownFacts(deal);
}

function ownFacts(deal: Deal): OwnFacts {
  let facts = ownFactsOf.get(deal);
  if (!facts) {
    const stamped = stampedCopy(deal);
    const firstSeenMs = deal.firstSeenAt ? Date.parse(deal.firstSeenAt) : Number.NaN;
    const price = pricePerItem(deal);
    const unitPrice = effectiveUnitPrice(deal, price);
    const sortPrice = price?.each ?? Number.NaN;
    facts = {
      // The service sends every deal's category (`deriveCategory` where the menu gave none), so
      // the page carries no keyword tables; a deal without one (an older service) is 'other'.
      category: deal.category ?? 'other',
      sortPrice,
      ...(price?.multiBuy ? { multiBuy: price.multiBuy } : {}),
      shown: shownDiscount(deal, sortPrice),
      // The service sends each deal's weight (`dealGrams`), so the page carries no size reader.
      grams: deal.grams ?? Number.NaN,
      brandKey: brandKey(deal.brand),
      ...(unitPrice ? { unitPrice } : {}),
      firstSeenMs,
      searchText: searchText(stamped),
    };
    ownFactsOf.set(deal, facts);
  }
  return facts;
}

/** A deal with no dispensary gets an empty name and key. */
function stampedCopy(deal: Deal) {
  return { ...deal, dispensary: deal.dispensary ?? '', dispensaryKey: deal.dispensaryKey ?? '' };
}

/**
 * Derives what every deal needs once per change of data or location: its category, distance,
 * sort keys and search text (all but the distance worked out once per deal, see
 * `prepareDealView`). A deal with no dispensary gets an empty name and key.
 */
export function buildDealViews(
  deals: readonly Deal[],
  dispensaries: readonly Dispensary[],
  visitor: GeoPoint | null,
): DealView[] {
  const byKey = new Map(dispensaries.map((dispensary) => [dispensary.key, dispensary]));
  return deals.map((deal, rank) => {
    const stamped = stampedCopy(deal);
    const dispensary = byKey.get(stamped.dispensaryKey);
    return {
      deal: stamped,
      ...ownFacts(deal),
      distanceMiles: distanceToDispensary(visitor, dispensary),
      distanceApproximate: dispensary?.approximate === true,
      rank,
    };
  });
}

/**
 * The deals worth showing at all: today's day filter. Their count is the list's total, the M of
 * '(of M total)'. The spec's cleaning rules are the service's: no list it serves holds a deal
 * they refuse (see `isCleanDeal`), so the page carries none of their expressions.
 */
export function showableDeals(views: readonly DealView[], today: Weekday): DealView[] {
  return views.filter((view) => isShownOn(view.deal, today));
}

export interface DealFilters {
  category: CategoryFilter;
  radius: DistanceRadius;
  search: string;
  sort: SortKey;
  /** The Size filter (see `matchesSize`); absent is 'any'. */
  size?: SizeFilter;
  /** A brand key (see `brandKey`) the deals must be of; absent or '' is every brand. */
  brand?: string;
  /** The THC filter (see `matchesThcFilter`); absent is 'any'. */
  thc?: ThcFilter;
  /** The Type filter (see `matchesTypeFilter`); absent is 'any'. */
  type?: TypeFilter;
  /** Prices with tax ('Prices with tax' on), which the price sorts follow; absent or null is off. */
  tax?: PricesWithTax | null;
  /** 'My stores': the dispensary keys whose deals are listed; absent or empty is every store. */
  stores?: readonly string[];
  /**
   * 'Open now': the keys of the dispensaries open at this moment, whose deals alone are listed
   * (empty: none is open); absent or null is every store, open or not.
   */
  open?: ReadonlySet<string> | null;
}

/** The weekday a 'Deals for' choice means, seen from `today`. */
export function dayOf(choice: DayChoice, today: Weekday): Weekday {
  if (choice === 'today') return today;
  if (choice === 'tomorrow') return WEEKDAYS[(WEEKDAYS.indexOf(today) + 1) % 7]!;
  return choice;
}

/** How the loaded deals split for the day shown: shown, or for other days only. */
export interface DealCounts {
  /** Passed the day filter (the spec's total). */
  showable: number;
  /** Deals valid on other days only. */
  otherDays: number;
}

/**
 * The deals worth showing on `day` and why the others are not: the count line's total, and
 * the note that keeps 'Showing N deals so far' true.
 */
export function splitDeals(
  views: readonly DealView[],
  day: Weekday,
): { showable: DealView[]; counts: DealCounts } {
  const showable: DealView[] = [];
  let otherDays = 0;
  for (const view of views) {
    if (isShownOn(view.deal, day)) showable.push(view);
    else otherDays++;
  }
  return { showable, counts: { showable: showable.length, otherDays } };
}

/** The visitor's filters and sort applied to the showable deals. */
export function filterAndSortDeals(
  views: readonly DealView[],
  filters: DealFilters,
  locationKnown: boolean,
): DealView[] {
  return sortDeals(filterDeals(views, filters, locationKnown), filters.sort, filters.tax);
}

/**
 * The visitor's filters (stores, open now, category, radius, size, brand, THC, type, search) applied, in the input's
 * order.
 */
export function filterDeals(
  views: readonly DealView[],
  filters: Omit<DealFilters, 'sort'>,
  locationKnown: boolean,
): DealView[] {
  return searchAll(views, filters, locationKnown, searchNeedle(filters.search)).kept;
}

interface LastFilter {
  /** Every filter but the search, as one text (see `otherFilters`). */
  others: string;
  needle: string;
  kept: DealView[];
  /**
   * Each kept deal's search text, and where `needle` first occurs in it, index for index. The texts
   * are read from here, not through the views: a keystroke then reads less memory, and memory is
   * what the narrowing spends most on (the caches are cold after the pause between two keys).
   */
  texts: string[];
  at: number[];
}

const LAST_FILTER = new WeakMap<readonly DealView[], LastFilter>();

/**
 * `filterAndSortDeals` for a visitor typing: when only the search changed since the last call on
 * the same `views`, and the new search extends the old one ('blue d' after 'blue '), only the
 * deals the old search kept can match, so only those are read again, and each only from where
 * the old search first matched it. Same result, a fraction of the work per keystroke.
 */
export function filterAndSortDealsNarrowing(
  views: readonly DealView[],
  filters: DealFilters,
  locationKnown: boolean,
): DealView[] {
  const needle = searchNeedle(filters.search);
  const last = LAST_FILTER.get(views);
  const others = otherFilters(filters, locationKnown);
  const narrows = last !== undefined && last.others === others && needle.startsWith(last.needle);
  const found = narrows
    ? searchFurther(last, needle)
    : searchAll(views, filters, locationKnown, needle);
  LAST_FILTER.set(views, { others, needle, ...found });
  return sortDeals(found.kept, filters.sort, filters.tax);
}

/**
 * The filters but the search and the sort as one text: two calls with the same text keep the same
 * deals for the same search. A missing filter reads as its default (see `searchAll`).
 */
function otherFilters(filters: DealFilters, locationKnown: boolean): string {
  const { category, radius, size, brand, thc, type, stores, open } = filters;
  return [category, radius, size ?? 'any', brand ?? '', thc ?? 'any', type ?? 'any']
    .concat(stores?.join() ?? '', open ? `+${[...open].join()}` : '', String(locationKnown))
    .join('\n');
}

type Found = Pick<LastFilter, 'kept' | 'texts' | 'at'>;

/** The filters applied, noting where the needle first occurs in each deal kept. */
function searchAll(
  views: readonly DealView[],
  filters: Omit<DealFilters, 'sort'>,
  locationKnown: boolean,
  needle: string,
): Found {
  const found: Found = { kept: [], texts: [], at: [] };
  const size = filters.size ?? 'any';
  const brand = filters.brand ?? '';
  const thc = filters.thc ?? 'any';
  const type = filters.type ?? 'any';
  const stores = filters.stores?.length ? new Set(filters.stores) : null;
  const { open } = filters;
  for (const view of views) {
    const key = view.deal.dispensaryKey;
    if ((stores && !stores.has(key)) || (open && !open.has(key))) continue;
    if (filters.category !== 'all' && view.category !== filters.category) continue;
    if (!withinRadius(view.distanceMiles, filters.radius, locationKnown)) continue;
    if (size !== 'any' && !matchesSize(view.grams ?? view.deal.grams ?? Number.NaN, size)) continue;
    if (brand !== '' && !matchesBrand(view.brandKey ?? brandKey(view.deal.brand), brand)) continue;
    if (!matchesThcFilter(view.deal, thc) || !matchesTypeFilter(view.deal, type)) continue;
    const text = view.searchText ?? searchText(view.deal);
    const index = needleAt(text, needle);
    if (index >= 0) keep(found, view, text, index);
  }
  return found;
}

/**
 * The deals the last search kept that the longer `needle` matches. The longer needle begins with
 * the last one, so wherever it occurs the last one occurs too: its first place is where the last
 * needle first occurred, or further on, never before.
 */
function searchFurther(last: LastFilter, needle: string): Found {
  const found: Found = { kept: [], texts: [], at: [] };
  const { kept, texts, at } = last;
  for (let i = 0; i < kept.length; i++) {
    const text = texts[i]!;
    const from = at[i]!;
    const index = text.startsWith(needle, from) ? from : text.indexOf(needle, from + 1);
    if (index >= 0) keep(found, kept[i]!, text, index);
  }
  return found;
}

function keep(found: Found, view: DealView, text: string, index: number): void {
  found.kept.push(view);
  found.texts.push(text);
  found.at.push(index);
}

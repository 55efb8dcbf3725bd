import { LIMITS } from '../contract/constants';
import {
  CATEGORY_OPTIONS,
  DAY_CHOICES,
  DEFAULT_PAGE_SIZE,
  DISTANCE_RADII,
  PAGE_SIZES,
  SIZE_FILTERS,
  SORT_KEYS,
  TAX_CHOICES,
  type CategoryFilter,
  type DayChoice,
  type DistanceRadius,
  type PageSize,
  type SizeFilter,
  type SortKey,
  type TaxChoice,
} from '../contract/options';
import { brandKey } from './brand-filter';

/**
 * The deal list's filters as a URL query carries them. One reading for every address that names
 * a search: the page's own (so a link can be shared, and back and forward walk the choices) and
 * the Atom feed of a search (`DEALS_FEED_PATH`), which must list what the page lists.
 */
export interface Filters {
  dispensary: string;
  category: CategoryFilter;
  /** The Size filter: any size, or a weight sold (see `matchesSize`). */
  size: SizeFilter;
  /** The Brand filter: a brand key (see `brandKey`), '' for every brand. */
  brand: string;
  sort: SortKey;
  /** 'Prices with tax': off, or the taxes of an adult-use or a medical sale. */
  tax: TaxChoice;
  distance: DistanceRadius;
  search: string;
  /** 'Deals for': whose day's deals are listed; the spec's day filter is 'today'. */
  day: DayChoice;
  pageSize: PageSize;
  page: number;
}

export const DEFAULT_FILTERS: Filters = {
  dispensary: 'all',
  category: 'all',
  size: 'any',
  brand: '',
  sort: 'relevance',
  tax: 'off',
  distance: 'all',
  search: '',
  day: 'today',
  pageSize: DEFAULT_PAGE_SIZE,
  page: 1,
};

/** The URL query's parameter for each filter. */
export const FILTER_PARAMS: Readonly<Record<keyof Filters, string>> = {
  dispensary: 'dispensary',
  category: 'category',
  size: 'size',
  brand: 'brand',
  sort: 'sort',
  tax: 'tax',
  distance: 'distance',
  search: 'search',
  day: 'day',
  pageSize: 'pageSize',
  page: 'page',
};

/** What the filters use of `URLSearchParams` (the domain is built without DOM or Node types). */
interface QueryParams {
  get(name: string): string | null;
  set(name: string, value: string): void;
  toString(): string;
}

/**
 * WHATWG's `URLSearchParams`, a global of every browser and of Node: the page and the service
 * decode a query with the same code ('+' as a space, percent escapes, the first of a repeated name).
 */
const SearchParams = (
  globalThis as unknown as { URLSearchParams: new (init?: string) => QueryParams }
).URLSearchParams;

function oneOf<T extends string | number>(allowed: readonly T[], value: string | null): T | null {
  return allowed.find((candidate) => String(candidate) === value) ?? null;
}

/**
 * The Category dropdown's choices: the eight of spec section 2. 'other' stays a derived category
 * (its heading and placeholder) but is not something the visitor filters by.
 */
export const CATEGORY_FILTER_OPTIONS = CATEGORY_OPTIONS.filter(
  (option) => option.value !== 'other',
);

const CATEGORIES = CATEGORY_FILTER_OPTIONS.map((option) => option.value);

/**
 * The filters a URL query asks for; anything missing or invalid falls back to its default, and
 * a parameter that is no filter is not read. A parameter given twice counts by its first value.
 * Decisions: a page must be a whole number of at least 1 (the deal list clamps it to the last
 * page it has); the dispensary is taken as any short key here and checked against the
 * dispensary list by whoever has it; the search is cut to the service's short-text bound; the
 * brand is taken as any brand, folded to its key (`brandKey`, within the same bound), and checked
 * against the loaded deals' brands by whoever has them.
 */
export function readFilters(query: string): Filters {
  const params = new SearchParams(query);
  const get = (name: keyof Filters) => params.get(FILTER_PARAMS[name]);
  const dispensary = get('dispensary')?.trim() ?? '';
  const page = Number(get('page'));
  return {
    dispensary: dispensary && dispensary.length <= LIMITS.key ? dispensary : 'all',
    category: oneOf(CATEGORIES, get('category')) ?? DEFAULT_FILTERS.category,
    size: oneOf(SIZE_FILTERS, get('size')) ?? DEFAULT_FILTERS.size,
    brand: brandKey(get('brand') ?? ''),
    sort: oneOf(SORT_KEYS, get('sort')) ?? DEFAULT_FILTERS.sort,
    tax: oneOf(TAX_CHOICES, get('tax')) ?? DEFAULT_FILTERS.tax,
    distance: oneOf(DISTANCE_RADII, get('distance')) ?? DEFAULT_FILTERS.distance,
    search: (get('search') ?? '').slice(0, LIMITS.shortText),
    day: oneOf(DAY_CHOICES, get('day')) ?? DEFAULT_FILTERS.day,
    pageSize: oneOf(PAGE_SIZES, get('pageSize')) ?? DEFAULT_FILTERS.pageSize,
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_FILTERS.page,
  };
}

/** The URL query for `filters`, defaults left out ('' when every filter is at its default). */
export function writeFilters(filters: Filters): string {
  const params = new SearchParams();
  for (const name of Object.keys(FILTER_PARAMS) as Array<keyof Filters>) {
    if (filters[name] !== DEFAULT_FILTERS[name]) {
      params.set(FILTER_PARAMS[name], String(filters[name]));
    }
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The URL query of the search `filters` make: which deals, in which order, for which day. Where
 * the visitor is in the list (the page and its size) is left out: a feed or a link to the same
 * search starts at its top.
 */
export function searchQuery(filters: Filters): string {
  return writeFilters({
    ...filters,
    page: DEFAULT_FILTERS.page,
    pageSize: DEFAULT_FILTERS.pageSize,
  });
}

/** Where the service answers the Atom feed of a search, given as the page's URL query. */
export const DEALS_FEED_PATH = '/feeds/deals.atom';

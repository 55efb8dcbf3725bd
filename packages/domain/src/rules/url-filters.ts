import { LIMITS } from '../contract/constants';
import {
  CATEGORY_OPTIONS,
  DAY_CHOICES,
  DEFAULT_PAGE_SIZE,
  DISTANCE_RADII,
  OPEN_CHOICES,
  PAGE_SIZES,
  SIZE_FILTERS,
  SORT_KEYS,
  TAX_CHOICES,
  type CategoryFilter,
  type DayChoice,
  type DistanceRadius,
  type OpenChoice,
  type PageSize,
  type SizeFilter,
  type SortKey,
  type TaxChoice,
} from '../contract/options';
import { brandKey } from './brand-filter';
import { THC_FILTERS, TYPE_FILTERS, type ThcFilter, type TypeFilter } from './potency-filter';

/**
 * The deal list's filters as a URL query carries them. One reading for every address that names
 * a search: the page's own (so a link can be shared, and back and forward walk the choices) and
 * the Atom feed of a search (`DEALS_FEED_PATH`), which must list what the page lists.
 */
export interface Filters {
  /** 'all', one dispensary's key, or `MY_STORES`: the dispensaries of `stores` together. */
  dispensary: string;
  /**
   * 'My stores': the dispensaries listed, by key, when `dispensary` is `MY_STORES` (a visitor's
   * favourites, or a list shared by link), else none. See `readStoreKeys`.
   */
  stores: string[];
  category: CategoryFilter;
  /** The Size filter: any size, or a weight sold (see `matchesSize`). */
  size: SizeFilter;
  /** The Brand filter: a brand key (see `brandKey`), '' for every brand. */
  brand: string;
  /** The THC filter: a least percent or mg per package (see `matchesThcFilter`). */
  thc: ThcFilter;
  /** The Type filter: a strain type, or any. */
  type: TypeFilter;
  /** 'Open now' (see `OPEN_CHOICES`). */
  open: OpenChoice;
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
  stores: [],
  category: 'all',
  size: 'any',
  brand: '',
  thc: 'any',
  type: 'any',
  open: 'any',
  sort: 'relevance',
  tax: 'off',
  distance: 'all',
  search: '',
  day: 'today',
  pageSize: DEFAULT_PAGE_SIZE,
  page: 1,
};

/**
 * The URL query's parameter for each filter: its own name, in the order `writeFilters` writes
 * them (the order of `DEFAULT_FILTERS`).
 */
export const FILTER_PARAMS = Object.fromEntries(
  Object.keys(DEFAULT_FILTERS).map((name) => [name, name]),
) as Readonly<Record<keyof Filters, string>>;

/**
 * The Select Dispensary choice 'My stores': `dispensary=mine&stores=a,b` lists the deals of the
 * dispensaries `a` and `b` together. The stores travel in the URL, not only in the browser that
 * chose them, so a link shows the same stores on any browser and a feed can follow them. No
 * registry key may be 'mine' (it would never be selected on its own).
 */
export const MY_STORES = 'mine';

/** The most dispensaries a store list holds: more than the market's (about 40) in the registry. */
export const MAX_STORES = 50;

/**
 * A store list as written in a URL (`a,b`) or kept by a browser: keys separated by commas, each
 * trimmed; an empty or over-long one is dropped, a repeated one counted once, the order kept and
 * the list cut to `MAX_STORES`. Whether each is a dispensary is for whoever has the dispensary
 * list to judge (`withKnownDispensaries`).
 */
export function readStoreKeys(text: string | null): string[] {
  const keys = new Set<string>();
  for (const part of (text ?? '').split(',')) {
    const key = part.trim();
    if (keys.size === MAX_STORES) break;
    if (key && key.length <= LIMITS.key) keys.add(key);
  }
  return [...keys];
}

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
 * against the loaded deals' brands by whoever has them. The stores are read (`readStoreKeys`) only
 * with `dispensary=mine`, and 'mine' without a store is every dispensary.
 */
export function readFilters(query: string): Filters {
  const params = new SearchParams(query);
  const get = (name: keyof Filters) => params.get(FILTER_PARAMS[name]);
  const dispensary = get('dispensary')?.trim() ?? '';
  const stores = dispensary === MY_STORES ? readStoreKeys(get('stores')) : [];
  const page = Number(get('page'));
  return {
    dispensary:
      dispensary && dispensary.length <= LIMITS.key && (stores.length || dispensary !== MY_STORES)
        ? dispensary
        : 'all',
    stores,
    category: oneOf(CATEGORIES, get('category')) ?? DEFAULT_FILTERS.category,
    size: oneOf(SIZE_FILTERS, get('size')) ?? DEFAULT_FILTERS.size,
    brand: brandKey(get('brand') ?? ''),
    thc: oneOf(THC_FILTERS, get('thc')) ?? DEFAULT_FILTERS.thc,
    type: oneOf(TYPE_FILTERS, get('type')) ?? DEFAULT_FILTERS.type,
    open: oneOf(OPEN_CHOICES, get('open')) ?? DEFAULT_FILTERS.open,
    sort: oneOf(SORT_KEYS, get('sort')) ?? DEFAULT_FILTERS.sort,
    tax: oneOf(TAX_CHOICES, get('tax')) ?? DEFAULT_FILTERS.tax,
    distance: oneOf(DISTANCE_RADII, get('distance')) ?? DEFAULT_FILTERS.distance,
    search: (get('search') ?? '').slice(0, LIMITS.shortText),
    day: oneOf(DAY_CHOICES, get('day')) ?? DEFAULT_FILTERS.day,
    pageSize: oneOf(PAGE_SIZES, get('pageSize')) ?? DEFAULT_FILTERS.pageSize,
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_FILTERS.page,
  };
}

/**
 * The URL query for `filters`, defaults left out ('' when every filter is at its default), commas
 * as they are (`stores=a,b`: a comma reads the same escaped or not, and a store key holds none).
 */
export function writeFilters(filters: Filters): string {
  const params = new SearchParams();
  for (const name of Object.keys(FILTER_PARAMS) as Array<keyof Filters>) {
    if (String(filters[name]) !== String(DEFAULT_FILTERS[name])) {
      params.set(FILTER_PARAMS[name], String(filters[name]));
    }
  }
  const query = params.toString().replace(/%2C/g, ',');
  return query ? `?${query}` : '';
}

/**
 * `filters` with the dispensaries `isDispensary` does not know left out, as the page leaves them
 * out of its dropdown: an unknown dispensary is every dispensary, and so is 'My stores' when none
 * of its stores is known. The same object when every dispensary is known.
 */
export function withKnownDispensaries(
  filters: Filters,
  isDispensary: (key: string) => boolean,
): Filters {
  const { dispensary } = filters;
  const stores = filters.stores.filter(isDispensary);
  const known =
    dispensary === MY_STORES
      ? stores.length === filters.stores.length
      : dispensary === 'all' || isDispensary(dispensary);
  if (known) return filters;
  return { ...filters, dispensary: stores.length ? MY_STORES : 'all', stores };
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

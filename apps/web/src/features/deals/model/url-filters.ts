import {
  CATEGORY_OPTIONS,
  DAY_CHOICES,
  DEFAULT_PAGE_SIZE,
  DISTANCE_RADII,
  LIMITS,
  PAGE_SIZES,
  SORT_KEYS,
  type CategoryFilter,
  type DayChoice,
  type DistanceRadius,
  type PageSize,
  type SortKey,
} from '@stl-deals/domain';

/** Everything the visitor chose, as it lives in the URL query so a link can be shared. */
export interface Filters {
  dispensary: string;
  category: CategoryFilter;
  sort: SortKey;
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
  sort: 'relevance',
  distance: 'all',
  search: '',
  day: 'today',
  pageSize: DEFAULT_PAGE_SIZE,
  page: 1,
};

/** The URL query's parameter for each filter. */
const PARAMS: Record<keyof Filters, string> = {
  dispensary: 'dispensary',
  category: 'category',
  sort: 'sort',
  distance: 'distance',
  search: 'search',
  day: 'day',
  pageSize: 'pageSize',
  page: 'page',
};

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
 * The filters a URL query asks for; anything missing or invalid falls back to its default.
 * Decisions: a page must be a whole number of at least 1 (the deal list clamps it to the last page
 * it has); the dispensary is taken as any short key here and checked against the dispensary list
 * once it has loaded; the search is cut to the service's short-text bound.
 */
export function readFilters(query: string): Filters {
  const params = new URLSearchParams(query);
  const get = (name: keyof Filters) => params.get(PARAMS[name]);
  const dispensary = get('dispensary')?.trim() ?? '';
  const page = Number(get('page'));
  return {
    dispensary: dispensary && dispensary.length <= LIMITS.key ? dispensary : 'all',
    category: oneOf(CATEGORIES, get('category')) ?? DEFAULT_FILTERS.category,
    sort: oneOf(SORT_KEYS, get('sort')) ?? DEFAULT_FILTERS.sort,
    distance: oneOf(DISTANCE_RADII, get('distance')) ?? DEFAULT_FILTERS.distance,
    search: (get('search') ?? '').slice(0, LIMITS.shortText),
    day: oneOf(DAY_CHOICES, get('day')) ?? DEFAULT_FILTERS.day,
    pageSize: oneOf(PAGE_SIZES, get('pageSize')) ?? DEFAULT_FILTERS.pageSize,
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_FILTERS.page,
  };
}

/** The URL query for `filters`, defaults left out ('' when every filter is at its default). */
export function writeFilters(filters: Filters): string {
  const params = new URLSearchParams();
  for (const name of Object.keys(PARAMS) as Array<keyof Filters>) {
    if (filters[name] !== DEFAULT_FILTERS[name]) params.set(PARAMS[name], String(filters[name]));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The URL query that shows what `query` asks for as the page reads it (an invalid value
 * is replaced in the address bar by the value actually shown): the filters rewritten from what
 * was read, defaults left out, and any parameter that is not a filter kept after them.
 */
export function normalizedQuery(query: string): string {
  return withOtherParams(writeFilters(readFilters(query)), query);
}

/**
 * `filtersQuery` (from `writeFilters`) followed by the parameters of `query` that are no filter
 * (a campaign tag, say): the page leaves what is not its own alone.
 */
export function withOtherParams(filtersQuery: string, query: string): string {
  const ours = new URLSearchParams(filtersQuery);
  const names = new Set(Object.values(PARAMS));
  for (const [name, value] of new URLSearchParams(query)) {
    if (!names.has(name)) ours.append(name, value);
  }
  const text = ours.toString();
  return text ? `?${text}` : '';
}

/**
 * `current` with `change` applied. Changing anything but the page goes back to page 1 (spec
 * section 4: dispensary, category, sort, distance, search and page size all reset it).
 */
export function changeFilters(current: Filters, change: Partial<Filters>): Filters {
  const onlyPage = Object.keys(change).every((name) => name === 'page');
  return { ...current, ...(onlyPage ? {} : { page: 1 }), ...change };
}

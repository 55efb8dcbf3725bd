import {
  DEFAULT_FILTERS,
  readFilters,
  searchQuery,
  withKnownDispensaries,
  type Filters,
  type GeoPoint,
} from '@stl-deals/domain';

/**
 * A search as a feed's URL asks for it: the page's own parameters, read by the page's own rule
 * (`readFilters`), so that an unknown or invalid parameter is ignored as the page ignores it, and
 * the point a radius is measured from, which the page keeps out of its address (it asks the
 * browser) and a feed reader can only give in the URL.
 */
export interface FeedSearch {
  filters: Filters;
  /** From `lat` and `lng`; null unless both are valid. */
  point: GeoPoint | null;
}

/** The point's parameters, the feed's own beside the page's. */
export const POINT_PARAMS = { lat: 'lat', lng: 'lng' } as const;

export const RADIUS_NEEDS_POINT =
  'A distance needs the point it is measured from: add lat and lng (decimal degrees).';

/**
 * How the feed honours each of the page's parameters: 'selects' narrows the deals as the page
 * does; 'links' does not change which deals are listed, or their order (a feed is newest first),
 * and is kept in the feed's links to the same search; 'ignored' is where the visitor stands in
 * the page's list. A test keeps every parameter of the page's (`FILTER_PARAMS`) named here.
 */
export const FEED_PARAMETERS: Readonly<Record<string, 'selects' | 'links' | 'ignored'>> = {
  dispensary: 'selects',
  stores: 'selects',
  category: 'selects',
  size: 'selects',
  brand: 'selects',
  thc: 'selects',
  type: 'selects',
  search: 'selects',
  day: 'selects',
  distance: 'selects',
  sort: 'links',
  tax: 'links',
  // What is open changes with the clock, and a feed is read later: its deals are the search's,
  // open or not.
  open: 'links',
  page: 'ignored',
  pageSize: 'ignored',
};

/** A decimal number as written by hand or by `String(number)`: no hex, exponent or blanks. */
const DECIMAL = /^[+-]?\d{1,3}(?:\.\d{1,20})?$/;

function coordinate(text: string | null, limit: number): number | null {
  if (text === null || !DECIMAL.test(text)) return null;
  const value = Number(text);
  return Math.abs(value) <= limit ? value : null;
}

/**
 * The search `query` (a URL's query, '?' or not) asks for. Dispensaries that `isDispensary` does
 * not know are left out as the page leaves them out (`withKnownDispensaries`: an unknown
 * dispensary, or 'My stores' with no known store, is every dispensary); a point that is not two
 * valid coordinates is none. Never throws: whether the search can be answered is the caller's.
 */
export function readFeedSearch(query: string, isDispensary: (key: string) => boolean): FeedSearch {
  const filters = withKnownDispensaries(readFilters(query), isDispensary);
  const params = new URLSearchParams(query);
  const lat = coordinate(params.get(POINT_PARAMS.lat), 90);
  const lng = coordinate(params.get(POINT_PARAMS.lng), 180);
  return { filters, point: lat === null || lng === null ? null : { lat, lng } };
}

/** Whether the search can be answered: a radius needs its point. */
export function lacksPoint(search: FeedSearch): boolean {
  return search.filters.distance !== DEFAULT_FILTERS.distance && search.point === null;
}

/**
 * The search's one spelling as a feed's URL query: its parameters as the page writes them
 * (`searchQuery`: defaults left out, fixed order), then the point when a radius needs it. Two
 * URLs that ask for the same deals have the same spelling.
 */
export function feedQuery(search: FeedSearch): string {
  const page = searchQuery(search.filters);
  const { point } = search;
  if (point === null || search.filters.distance === DEFAULT_FILTERS.distance) return page;
  const at = `${POINT_PARAMS.lat}=${point.lat}&${POINT_PARAMS.lng}=${point.lng}`;
  return page ? `${page}&${at}` : `?${at}`;
}

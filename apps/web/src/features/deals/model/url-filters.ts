import { FILTER_PARAMS, readFilters, writeFilters, type Filters } from '@stl-deals/domain';

// How a URL query reads as filters is the domain's (the Atom feed of a search reads it too);
// what the page does with its history is here.
export {
  CATEGORY_FILTER_OPTIONS,
  DEFAULT_FILTERS,
  readFilters,
  writeFilters,
  type Filters,
} from '@stl-deals/domain';

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
  // Appended to the filters' query as written, which keeps the commas of `stores=a,b`.
  const others = new URLSearchParams();
  const names = new Set(Object.values(FILTER_PARAMS));
  for (const [name, value] of new URLSearchParams(query)) {
    if (!names.has(name)) others.append(name, value);
  }
  const text = [filtersQuery.slice(1), others.toString()].filter(Boolean).join('&');
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

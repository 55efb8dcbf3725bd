import { DEALS_FEED_PATH, searchQuery } from '@stl-deals/domain';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  changeFilters,
  normalizedQuery,
  readFilters,
  withOtherParams,
  writeFilters,
  type Filters,
} from '../model/url-filters';
import { currentQuery, subscribeToQuery, writeQuery } from './page-query';

/**
 * How long typing may pause before the search is settled and written to the address bar. Writing
 * the URL costs the browser a few milliseconds, too many for every keystroke (keystroke
 * to paint); the list follows each keystroke at once all the same.
 */
export const SEARCH_URL_DELAY_MS = 300;

export interface ChangeOptions {
  /**
   * Replace the history entry instead of adding one (corrections the page makes). For a change of
   * the search alone it means typing: the search is written after a pause (see `createTypedSearch`).
   */
  replace?: boolean;
}

/** Writes a change of the filters to the address, keeping the parameters not their own. */
export function writeUrl(patch: Partial<Filters>, replace: boolean): void {
  const current = window.location.search;
  const next = changeFilters(readFilters(current), patch);
  writeQuery(withOtherParams(writeFilters(next), current), replace);
}

/** Text typed into the search, and the URL query it was typed over. */
interface Typed {
  search: string;
  over: string;
}

/**
 * The search as typed, before it is written to the address bar: held outside React's state so
 * that only the components that show it (the search box and the list) draw again on a keystroke,
 * not the whole page (keystroke to paint). It writes the URL itself after the pause.
 */
export interface TypedSearch {
  /** The typed text while it is still the filters' own (typed over the current URL), else null. */
  pending: (query: string) => string | null;
  subscribe: (onChange: () => void) => () => void;
  snapshot: () => Typed | null;
}

interface TypedSearchStore extends TypedSearch {
  type: (search: string) => void;
  /** Forgets the typed text (written with another change) and its pending URL write. */
  clear: () => void;
  /** Drops a pending URL write, telling no one (the page is going away). */
  dispose: () => void;
}

/**
 * Typing writes into the history entry it was typed over (replaced, never added): Back leaves
 * the page's last choice but the search, not each pause in typing. Once written, the typed text
 * is forgotten and the URL alone says what is searched, so Back and Forward show their own
 * search in the box and the list.
 */
function createTypedSearch(): TypedSearchStore {
  let typed: Typed | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const set = (next: Typed | null) => {
    clearTimeout(timer);
    typed = next;
    listeners.forEach((listener) => listener());
  };
  return {
    pending: (query) => (typed !== null && typed.over === query ? typed.search : null),
    snapshot: () => typed,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    type: (search) => {
      set({ search, over: window.location.search });
      timer = setTimeout(() => {
        // Typing is over once the URL it was typed over has changed (written, or back/forward):
        // the text typed over another entry is dropped with it.
        if (typed?.over === window.location.search) writeUrl({ search }, true);
        set(null);
      }, SEARCH_URL_DELAY_MS);
    },
    clear: () => set(null),
    dispose: () => clearTimeout(timer),
  };
}

/**
 * The filters, read from and written to the URL query, so a link can be shared and back/forward
 * walk through the visitor's choices. Typed search text is the filters' at once (through
 * `useTypedFilters`) and the URL's after a pause (in the current history entry, see
 * `createTypedSearch`);
 * any other change writes it first. `filters` here are the URL's: a keystroke does not change them.
 */
export function useUrlFilters() {
  const query = useSyncExternalStore(subscribeToQuery, currentQuery);
  const filters = useMemo(() => readFilters(query), [query]);
  const [typed] = useState(createTypedSearch);
  // A write still pending when the page goes away is dropped with it.
  useEffect(() => () => typed.dispose(), [typed]);

  // What the address bar says is what the page shows. An invalid or out-of-range value
  // read as its default is written back as such, replacing the entry (not a step back can undo).
  useEffect(() => {
    const normal = normalizedQuery(query);
    if (normal === query || (normal === '' && query === '?')) return;
    writeQuery(normal, true);
  }, [query]);

  // The <head>'s feed link (index.html) names the feed of the search shown, so a feed reader
  // finds it. The address holds no location, so the feed is of the search without a radius.
  useEffect(() => {
    document
      .querySelector('link[type="application/atom+xml"]')
      ?.setAttribute('href', DEALS_FEED_PATH + searchQuery({ ...filters, distance: 'all' }));
  }, [filters]);

  // The same function for the page's life (so the memoized filter panel and list do not draw
  // again for a new callback).
  const change = useCallback(
    (patch: Partial<Filters>, { replace = false }: ChangeOptions = {}) => {
      const onlySearch = Object.keys(patch).every((name) => name === 'search');
      if (onlySearch && replace && patch.search !== undefined) {
        typed.type(patch.search);
        return;
      }
      const typing = typed.pending(window.location.search);
      // The typed text goes into this write (or is replaced by the patch's own search, as 'Clear
      // search' does): nothing is left pending, even when the URL comes out the same as before.
      typed.clear();
      writeUrl(typing === null ? patch : { search: typing, ...patch }, replace);
    },
    [typed],
  );

  return { query, filters, change, typed: typed as TypedSearch };
}

/** The URL's filters with the search as typed: for the components a keystroke draws again. */
export function useTypedFilters(query: string, filters: Filters, typed: TypedSearch): Filters {
  useSyncExternalStore(typed.subscribe, typed.snapshot);
  const pending = typed.pending(query);
  return useMemo(
    () => (pending === null ? filters : changeFilters(filters, { search: pending })),
    [filters, pending],
  );
}

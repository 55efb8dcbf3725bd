import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  changeFilters,
  normalizedQuery,
  readFilters,
  withOtherParams,
  writeFilters,
  type Filters,
} from '../model/url-filters';

/** Fired after the page itself changes the URL: history.pushState raises no event of its own. */
const URL_CHANGED = 'stl-deals:url-changed';

/**
 * How long typing may pause before the search is written to the address bar. Writing the URL
 * costs the browser a few milliseconds, too many for every keystroke (issue 11: keystroke to
 * paint); the list follows each keystroke at once all the same.
 */
export const SEARCH_URL_DELAY_MS = 300;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(URL_CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(URL_CHANGED, onChange);
  };
}

const currentQuery = () => window.location.search;

export interface ChangeOptions {
  /** Replace the history entry instead of adding one (typing, corrections the page makes). */
  replace?: boolean;
}

function writeUrl(patch: Partial<Filters>, replace: boolean): void {
  const current = window.location.search;
  const next = changeFilters(readFilters(current), patch);
  const url = `${window.location.pathname}${withOtherParams(writeFilters(next), current)}${window.location.hash}`;
  if (replace) window.history.replaceState(window.history.state, '', url);
  else window.history.pushState(window.history.state, '', url);
  window.dispatchEvent(new Event(URL_CHANGED));
}

/**
 * The filters, read from and written to the URL query, so a link can be shared and back/forward
 * walk through the visitor's choices. Typed search text is the filters' at once and the URL's
 * after a pause (replacing the entry, as before); any other change writes it first.
 */
export function useUrlFilters() {
  const query = useSyncExternalStore(subscribe, currentQuery);
  const [typed, setTyped] = useState<{ search: string; over: string } | null>(null);
  // Typing is over once the URL it was typed over has changed (written, or back/forward).
  const pending = typed !== null && typed.over === query ? typed.search : null;
  const filters = useMemo(() => {
    const read = readFilters(query);
    return pending === null ? read : changeFilters(read, { search: pending });
  }, [query, pending]);

  // Issue 11: what the address bar says is what the page shows. An invalid or out-of-range value
  // read as its default is written back as such, replacing the entry (not a step back can undo).
  useEffect(() => {
    const normal = normalizedQuery(query);
    if (normal === query || (normal === '' && query === '?')) return;
    const url = `${window.location.pathname}${normal}${window.location.hash}`;
    window.history.replaceState(window.history.state, '', url);
    window.dispatchEvent(new Event(URL_CHANGED));
  }, [query]);

  useEffect(() => {
    if (pending === null) return;
    const timer = setTimeout(() => writeUrl({ search: pending }, true), SEARCH_URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  // Read by `change`, which stays the same function while the visitor types (so the memoized
  // filter panel and list do not draw again for a new callback).
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);

  const change = useCallback((patch: Partial<Filters>, { replace = false }: ChangeOptions = {}) => {
    const onlySearch = Object.keys(patch).every((name) => name === 'search');
    if (onlySearch && replace && patch.search !== undefined) {
      setTyped({ search: patch.search, over: window.location.search });
      return;
    }
    const typing = pendingRef.current;
    // The typed text goes into this write (or is replaced by the patch's own search, as 'Clear
    // search' does): nothing is left pending, even when the URL comes out the same as before.
    setTyped(null);
    writeUrl(typing === null ? patch : { search: typing, ...patch }, replace);
  }, []);

  return { filters, change };
}

import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
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

/**
 * The filters, read from and written to the URL query, so a link can be shared and back/forward
 * walk through the visitor's choices.
 */
export function useUrlFilters() {
  const query = useSyncExternalStore(subscribe, currentQuery);
  const filters = useMemo(() => readFilters(query), [query]);

  // Issue 11: what the address bar says is what the page shows. An invalid or out-of-range value
  // read as its default is written back as such, replacing the entry (not a step back can undo).
  useEffect(() => {
    const normal = normalizedQuery(query);
    if (normal === query || (normal === '' && query === '?')) return;
    const url = `${window.location.pathname}${normal}${window.location.hash}`;
    window.history.replaceState(window.history.state, '', url);
    window.dispatchEvent(new Event(URL_CHANGED));
  }, [query]);

  const change = useCallback((patch: Partial<Filters>, { replace = false }: ChangeOptions = {}) => {
    const current = window.location.search;
    const next = changeFilters(readFilters(current), patch);
    const url = `${window.location.pathname}${withOtherParams(writeFilters(next), current)}${window.location.hash}`;
    if (replace) window.history.replaceState(window.history.state, '', url);
    else window.history.pushState(window.history.state, '', url);
    window.dispatchEvent(new Event(URL_CHANGED));
  }, []);

  return { filters, change };
}

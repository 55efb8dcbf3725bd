import { useCallback, useRef, useSyncExternalStore } from 'react';
import { readProductParam, withProductParam } from '../model/product-param';
import { currentQuery, subscribeToQuery, writeQuery } from './page-query';

/**
 * The product compared, from the URL's `product` parameter (see `PRODUCT_PARAM`), and its opening
 * and closing. Opening adds a history entry, so Back closes the comparison; closing it from the page
 * steps back over that entry when this page added it, and otherwise (a shared link opened with it)
 * takes the parameter out of the current entry.
 */
export function useProductParam() {
  const query = useSyncExternalStore(subscribeToQuery, currentQuery);
  const productKey = readProductParam(query);
  /** The URL query the last opening wrote. */
  const opened = useRef<string | null>(null);

  const open = useCallback((key: string) => {
    writeQuery(withProductParam(window.location.search, key), false);
    opened.current = window.location.search;
  }, []);

  const close = useCallback(() => {
    const current = window.location.search;
    if (readProductParam(current) === null) return;
    if (opened.current === current) window.history.back();
    else writeQuery(withProductParam(current, null), true);
    opened.current = null;
  }, []);

  return { productKey, open, close };
}

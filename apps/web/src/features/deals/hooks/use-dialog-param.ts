import { useCallback, useRef, useSyncExternalStore } from 'react';
import { openDialog, withDialogParam, type DialogParam } from '../model/dialog-param';
import { currentQuery, subscribeToQuery, writeQuery } from './page-query';

/**
 * What the URL opens over the list (see `DIALOG_PARAMS`): the product compared or the store whose
 * panel is open, and their opening and closing. Opening adds a history entry, so Back closes it;
 * closing it from the page steps back over that entry when this page added it, and otherwise (a
 * shared link opened with it) takes the parameter out of the current entry.
 */
export function useDialogParam() {
  const query = useSyncExternalStore(subscribeToQuery, currentQuery);
  const shown = openDialog(query);
  /** The URL query the last opening wrote. */
  const opened = useRef<string | null>(null);

  const open = useCallback((name: DialogParam, key: string) => {
    writeQuery(withDialogParam(window.location.search, name, key), false);
    opened.current = window.location.search;
  }, []);

  const close = useCallback(() => {
    const current = window.location.search;
    const open = openDialog(current);
    if (!open) return;
    if (opened.current === current) window.history.back();
    else writeQuery(withDialogParam(current, open.name, null), true);
    opened.current = null;
  }, []);

  return {
    productKey: shown?.name === 'product' ? shown.value : null,
    storeKey: shown?.name === 'store' ? shown.value : null,
    open,
    close,
  };
}

import { MAX_STORES, readStoreKeys } from '@stl-deals/domain';
import { useSyncExternalStore } from 'react';

/**
 * Where this browser keeps the visitor's favourite stores: their keys, comma-separated, as the
 * URL's `stores` writes them. The storage is the visitor's and may hold anything: it is read by
 * the URL's own rule (`readStoreKeys`: short keys, no repeats, at most `MAX_STORES`), and keys the
 * dispensary list does not know are left out by whoever has the list.
 */
const STORAGE_KEY = 'stl-deals:stores';

const listeners = new Set<() => void>();

/** What the visitor chose while the browser refuses storage (a private window, storage full). */
let unsaved: string | null = null;

function stored(): string {
  if (unsaved !== null) return unsaved;
  try {
    return localStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab may change them: each change of the storage is read again.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The favourite stores' keys, in the order they were starred (unchecked against the list). */
export function useFavouriteStores(): string[] {
  return readStoreKeys(useSyncExternalStore(subscribe, stored));
}

/** Keeps `keys` as the favourites: the newest `MAX_STORES` of them. */
export function setFavouriteStores(keys: readonly string[]): void {
  const text = keys.slice(-MAX_STORES).join(',');
  try {
    localStorage.setItem(STORAGE_KEY, text);
    unsaved = null;
  } catch {
    unsaved = text;
  }
  listeners.forEach((listener) => listener());
}

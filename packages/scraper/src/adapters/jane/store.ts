import { UnconfiguredError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import { PLATFORM_SITES } from '../shared/site-links';

/** Jane's public site, where a visitor's deep links lead (platforms.md 2.4). */
export const JANE_SITE = PLATFORM_SITES.jane;

/** A Jane store: its numeric id and, when the registry's menu URL names it, its URL slug. */
export interface JaneStore {
  id: string;
  slug?: string;
}

const STORE_PATH = /\/stores\/(\d{1,9})(?:\/([a-z0-9-]{1,100}))?/i;

/**
 * The store the registry means: `platformId` is the Jane store id (the `store_id` Algolia filters
 * on), else the id in a menu URL such as https://www.iheartjane.com/stores/4820/gateway-greens/menu,
 * which also gives the slug of the store's deep links. Only digits pass, since the id goes into
 * the Algolia filter; undefined when the entry names no such store.
 */
export function readJaneStore(entry: RegistryEntry): JaneStore | undefined {
  const fromUrl = entry.menuUrl ? STORE_PATH.exec(entry.menuUrl) : null;
  const id = entry.platformId ?? fromUrl?.[1];
  if (!id || !/^\d{1,9}$/.test(id)) return undefined;
  const slug = fromUrl?.[1] === id ? fromUrl[2] : undefined;
  return slug ? { id, slug } : { id };
}

/** The entry's Jane store, which a scrape cannot do without. */
export function janeStore(entry: RegistryEntry): JaneStore {
  const store = readJaneStore(entry);
  if (store) return store;
  throw new UnconfiguredError(
    `Dispensary '${entry.key}' has platform 'jane' but no numeric Jane store id (platformId)`,
  );
}

/**
 * The store's page on Jane, which carries the search key in `jane-app-secrets` (platforms.md 2.1)
 * and is what a visitor opens: the store menu when the slug is known, else the embeddable menu
 * that needs only the id (platforms.md 2.4).
 */
export function storePagePath(store: JaneStore): string {
  return store.slug ? `/stores/${store.id}/${store.slug}/menu` : `/embed/stores/${store.id}/menu`;
}

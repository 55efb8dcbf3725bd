import type { Platform } from '@stl-deals/domain';
import type { Registry, RegistryEntry } from '@stl-deals/scraper';
import type { MenuStore } from './menu/model';
import { hexId } from './random';

/** A dispensary as the simulator serves it: on one platform, under that platform's ids. */
export interface SimStore {
  key: string;
  name: string;
  platform: Platform;
  /**
   * The store's id in URL paths and GraphQL variables: the registry's platformId when it is a
   * slug (a real Dutchie cName stays what it is), else the key.
   */
  slug: string;
  /** A numeric store id, for the platforms that number their stores (Jane, Sweed, Dispense). */
  number: number;
  /** A 24-hex id, as Dutchie's dispensary ids look. */
  hexId: string;
  menuStore: MenuStore;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;
/** Jane-like 4-digit store numbers, in registry order. */
const FIRST_NUMBER = 4101;

/** The registry's dispensaries as simulated stores, found by any of their ids. */
export class StoreDirectory {
  readonly all: readonly SimStore[];

  constructor(registry: Registry) {
    this.all = registry.dispensaries.map((entry, index) => storeOf(entry, index));
  }

  byKey(key: string): SimStore | undefined {
    return this.all.find((store) => store.key === key);
  }

  /** The store of `platform` whose slug, number or hex id is `id` (as text from a request). */
  find(platform: Platform, id: string | number | undefined): SimStore | undefined {
    if (id === undefined) return undefined;
    const text = String(id);
    return this.all.find(
      (store) =>
        store.platform === platform &&
        (store.slug === text || String(store.number) === text || store.hexId === text),
    );
  }
}

function storeOf(entry: RegistryEntry, index: number): SimStore {
  const { key, name, lat, lng, address } = entry;
  return {
    key,
    name,
    platform: entry.platform,
    slug: entry.platformId && SLUG.test(entry.platformId) ? entry.platformId : key,
    number: FIRST_NUMBER + index,
    hexId: hexId(24, 'store', key),
    menuStore: { key, name, lat, lng, address },
  };
}

/**
 * Every store's own website has a specials page: the html platform reads it, and the platforms
 * whose deals link to the store's site (feeds) point there.
 */
export const specialsPagePath = (key: string) => `/sites/${key}/specials`;

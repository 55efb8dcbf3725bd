import type { GeoPoint, Platform, WeeklyHours } from '@stl-deals/domain';
import { loadZipCentroids, type Registry, type RegistryEntry } from '@stl-deals/scraper';
import { storeWeek } from './menu/hours';
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
  /** Where the store is, as the platforms' directories list it. */
  place: StorePlace;
  /** When it is open (see menu/hours.ts), as its platform states it or its registry entry does. */
  hours: WeeklyHours;
  /**
   * Its phone number's ten digits ('3145550107', in the 555-01xx numbers kept for fiction), which
   * each platform writes in its own form (see platforms/phone-forms.ts) or its registry entry
   * carries.
   */
  phone: string;
}

/** A store's address in parts, and its point (the registry's, else its ZIP's centroid). */
export interface StorePlace {
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
  location?: GeoPoint;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;
/** Jane-like 4-digit store numbers, in registry order. */
const FIRST_NUMBER = 4101;

/** The registry's dispensaries as simulated stores, found by any of their ids. */
export class StoreDirectory {
  readonly all: readonly SimStore[];

  constructor(registry: Registry) {
    const centroids = loadZipCentroids();
    this.all = registry.dispensaries.map((entry, index) => storeOf(entry, index, centroids));
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

function storeOf(
  entry: RegistryEntry,
  index: number,
  centroids: ReadonlyMap<string, GeoPoint>,
): SimStore {
  const { key, name, lat, lng, address } = entry;
  const parts = addressParts(address);
  const location =
    lat !== undefined && lng !== undefined
      ? { lat, lng }
      : parts.zip
        ? centroids.get(parts.zip)
        : undefined;
  return {
    key,
    name,
    platform: entry.platform,
    slug: entry.platformId && SLUG.test(entry.platformId) ? entry.platformId : key,
    number: FIRST_NUMBER + index,
    hexId: hexId(24, 'store', key),
    menuStore: { key, name, lat, lng, address },
    place: { ...parts, ...(location ? { location } : {}) },
    hours: storeWeek(index),
    phone: storePhone(index),
  };
}

/** A store's number: a St. Louis area code (314, or 636 for every third) and 555-0100 on. */
export function storePhone(index: number): string {
  const area = index % 3 === 2 ? '636' : '314';
  return `${area}55501${String(index % 100).padStart(2, '0')}`;
}

/** '20 S Euclid Ave, St. Louis, MO 63108' in parts; what does not fit that form is left out. */
function addressParts(address: string | undefined): Omit<StorePlace, 'location'> {
  const match = /^(.+?),\s*([^,]+),\s*([A-Z]{2})\s+(\d{5})/.exec(address ?? '');
  if (!match) return {};
  const [, street, city, state, zip] = match;
  return { street, city, state, zip };
}

/**
 * Every store's own website has a specials page: the html platform reads it, and the platforms
 * whose deals link to the store's site (feeds) point there.
 */
export const specialsPagePath = (key: string) => `/sites/${key}/specials`;

import { at, list } from '../adapters/shared/deal-fields';
import type { PlatformConfig, RequestPlan } from '../adapters/types';
import { SchemaChangedError } from '../errors';
import {
  ListingId,
  ListingText,
  ListingUrl,
  pointOf,
  stateCode,
  zipCode,
  zipInAddress,
  type DirectoryListing,
  type DirectoryQuery,
} from './listing';

const METERS_PER_MILE = 1609.344;
/** Pages read per directory at most: a metro area fits in a few; a runaway pager stops here. */
export const MAX_DIRECTORY_PAGES = 20;

/** One page of a directory's answer, read. */
export interface DirectoryPage {
  listings: DirectoryListing[];
  /** Whether another page is worth asking for. */
  more: boolean;
}

/**
 * A platform's store directory around a point (research: directories.md): the request for one
 * page, and how to read the answer. Pure, like the adapters.
 */
export interface Directory {
  name: string;
  /**
   * The request for page `page` (0-based), or a sentence saying why this directory cannot be asked
   * with this configuration (a missing key or hash).
   */
  request(query: DirectoryQuery, config: PlatformConfig, page: number): RequestPlan | string;
  /** Reads the answer to page `page`'s request. */
  read(body: unknown, config: PlatformConfig, page: number): DirectoryPage;
}

/** Records of a directory answer: an array at `path`, else the platform changed its answer. */
function records(body: unknown, what: string, ...path: (string | number)[]): unknown[] {
  const found = at(body, ...path);
  if (!Array.isArray(found)) {
    throw new SchemaChangedError(`The ${what} answer has no ${path.join('.')} list`);
  }
  return list(found);
}

/** Listings that are complete enough to use; a record without an id or name is skipped. */
function complete(listings: (DirectoryListing | undefined)[]): DirectoryListing[] {
  return listings.filter((listing): listing is DirectoryListing => listing !== undefined);
}

function idOf(value: unknown): string | undefined {
  const id = ListingId.safeParse(value);
  return id.success ? id.data : undefined;
}

const textOf = (value: unknown) => ListingText.parse(value);
const urlOf = (value: unknown) => ListingUrl.parse(value);

/**
 * Jane: Algolia's `stores-production` index with `aroundLatLng` / `aroundRadius` in meters
 * (directories.md 2.1). It needs the search key; the store id is `objectID`.
 */
export const janeDirectory: Directory = {
  name: 'jane directory (Algolia stores-production)',
  request({ near, radiusMiles }, config, page) {
    const { appId, apiKey } = config.janeAlgolia;
    if (!apiKey) {
      return "Jane's Algolia search key is not known: set janeAlgolia.apiKey in PLATFORMS_CONFIG (read it from a Jane page's jane-app-secrets)";
    }
    return {
      label: 'jane-stores',
      url: `${config.baseUrls.janeAlgolia}/1/indexes/stores-production/query`,
      accept: 'application/json',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-algolia-application-id': appId,
        'x-algolia-api-key': apiKey,
        referer: `${config.baseUrls.jane}/`,
      },
      body: JSON.stringify({
        query: '',
        aroundLatLng: `${near.lat},${near.lng}`,
        aroundRadius: Math.round(radiusMiles * METERS_PER_MILE),
        hitsPerPage: 100,
        page,
      }),
    };
  },
  read(body, config) {
    const hits = records(body, 'Jane stores', 'hits');
    const listings = hits.map((hit): DirectoryListing | undefined => {
      const platformId = idOf(at(hit, 'objectID'));
      const name = textOf(at(hit, 'name'));
      if (!platformId || !name) return undefined;
      const slug = textOf(at(hit, 'url_slug'));
      const fullAddress = textOf(at(hit, 'full_address'));
      const productCount = at(hit, 'product_count');
      return {
        platform: 'jane',
        platformId,
        name,
        street: textOf(at(hit, 'address')),
        city: textOf(at(hit, 'city')),
        state: stateCode(textOf(at(hit, 'state'))),
        zip: zipCode(at(hit, 'zip')) ?? zipInAddress(fullAddress),
        location: pointOf(at(hit, '_geoloc', 'lat'), at(hit, '_geoloc', 'lng')),
        website: urlOf(at(hit, 'boost_menu_url')),
        menuUrl: `${config.baseUrls.jane}/stores/${platformId}/${slug && /^[a-z0-9-]+$/.test(slug) ? `${slug}/` : ''}menu`,
        // product_count 0 marks an inactive store (directories.md 2.1).
        hasMenu: typeof productCount !== 'number' || productCount > 0,
        source: this.name,
      };
    });
    const page = at(body, 'page');
    const pages = at(body, 'nbPages');
    return {
      listings: complete(listings),
      more: typeof page === 'number' && typeof pages === 'number' && page + 1 < pages,
    };
  },
};

const WEEDMAPS_PAGE_SIZE = 150;

/**
 * Weedmaps: discovery v2 listings inside a bounding radius (directories.md 3.1), 1-based pages of
 * at most 150. A broad directory: stores whose menu is elsewhere are listed too
 * (`menu_items_count` 0), which gives their website and place.
 */
export const weedmapsDirectory: Directory = {
  name: 'weedmaps directory (discovery v2 listings)',
  request({ near, radiusMiles }, config, page) {
    const search = new URLSearchParams({
      'filter[bounding_latlng]': `${near.lat},${near.lng}`,
      'filter[bounding_radius]': `${Math.ceil(radiusMiles)}mi`,
      'filter[plural_types][]': 'dispensaries',
      latlng: `${near.lat},${near.lng}`,
      sort_by: 'position_distance',
      page_size: String(WEEDMAPS_PAGE_SIZE),
      page: String(page + 1),
    });
    return {
      label: 'weedmaps-listings',
      url: `${config.baseUrls.weedmaps}/discovery/v2/listings?${search.toString()}`,
      accept: 'application/json',
      headers: { origin: 'https://weedmaps.com', referer: 'https://weedmaps.com/' },
    };
  },
  read(body, _config, page) {
    const rows = records(body, 'Weedmaps listings', 'data', 'listings');
    const listings = rows.map((row): DirectoryListing | undefined => {
      const platformId = textOf(at(row, 'slug'));
      const name = textOf(at(row, 'name'));
      if (!platformId || !/^[a-z0-9][a-z0-9-]{0,99}$/.test(platformId) || !name) return undefined;
      const type = textOf(at(row, 'type'));
      if (type && type !== 'dispensary' && type !== 'store') return undefined;
      const items = at(row, 'menu_items_count');
      return {
        platform: 'weedmaps',
        platformId,
        name,
        street: textOf(at(row, 'address')),
        city: textOf(at(row, 'city')),
        state: stateCode(textOf(at(row, 'state'))),
        zip: zipCode(at(row, 'zip_code')),
        location: pointOf(at(row, 'latitude'), at(row, 'longitude')),
        website: urlOf(at(row, 'website')),
        menuUrl: urlOf(at(row, 'web_url')),
        hasMenu: typeof items !== 'number' || items > 0,
        source: this.name,
      };
    });
    const total = at(body, 'meta', 'total_listings');
    const full = rows.length === WEEDMAPS_PAGE_SIZE;
    return {
      listings: complete(listings),
      // Without a total, a full page means there may be more.
      more: full && (typeof total !== 'number' || (page + 1) * WEEDMAPS_PAGE_SIZE < total),
    };
  },
};

/**
 * Dutchie: the consumer site's `DispensarySearch` persisted query with `nearLat`/`nearLng`/
 * `distance` (directories.md 1.1). Its hash rotates and no current one is published, so it must
 * be configured (dutchieHashes.DispensarySearch). Coordinates are GeoJSON [lng, lat].
 */
export const dutchieDirectory: Directory = {
  name: 'dutchie directory (DispensarySearch)',
  request({ near, radiusMiles }, config) {
    const hash = config.dutchieHashes.DispensarySearch;
    if (!hash) {
      return "Dutchie's DispensarySearch hash is not known: set dutchieHashes.DispensarySearch in PLATFORMS_CONFIG (read it from dutchie.com's own request in a browser)";
    }
    const variables = {
      dispensaryFilter: {
        type: 'Dispensary',
        activeOnly: true,
        nearLat: near.lat,
        nearLng: near.lng,
        distance: Math.ceil(radiusMiles),
        sortBy: 'distance',
        destinationTaxState: 'MO',
      },
    };
    const search = new URLSearchParams({
      operationName: 'DispensarySearch',
      variables: JSON.stringify(variables),
      extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }),
    });
    return {
      label: 'dutchie-dispensaries',
      url: `${config.baseUrls.dutchie}/graphql?${search.toString()}`,
      accept: 'application/json',
      headers: { 'apollographql-client-name': 'Marketplace (production)' },
    };
  },
  read(body, config) {
    if (
      list(at(body, 'errors')).some((error) =>
        /PersistedQueryNotFound/.test(String(at(error, 'message'))),
      )
    ) {
      throw new SchemaChangedError(
        'Dutchie does not know the configured DispensarySearch hash (rotated)',
      );
    }
    const rows = records(body, 'Dutchie DispensarySearch', 'data', 'filteredDispensaries');
    const listings = rows.map((row): DirectoryListing | undefined => {
      const cName = textOf(at(row, 'cName'));
      const name = textOf(at(row, 'name'));
      if (!cName || !/^[a-z0-9][a-z0-9-]{0,99}$/.test(cName) || !name) return undefined;
      const status = textOf(at(row, 'status'));
      const [lng, lat] = list(at(row, 'location', 'geometry', 'coordinates'));
      return {
        platform: 'dutchie',
        platformId: cName,
        name,
        street: textOf(at(row, 'location', 'ln1')),
        city: textOf(at(row, 'location', 'city')),
        state: stateCode(textOf(at(row, 'location', 'state'))),
        zip: zipCode(at(row, 'location', 'zipcode')) ?? zipInAddress(textOf(at(row, 'address'))),
        location: pointOf(lat, lng),
        website: urlOf(at(row, 'embedBackUrl')) ?? urlOf(at(row, 'embeddedMenuUrl')),
        menuUrl: `${config.baseUrls.dutchie}/embedded-menu/${cName}/specials`,
        hasMenu: status === undefined || status === 'open',
        source: this.name,
      };
    });
    return { listings: complete(listings), more: false };
  },
};

const LEAFLY_PAGE_SIZE = 100;

/**
 * Leafly: its finder service around a point (directories.md 4.1, option 2), pages of 100. No
 * captured answer exists: the reader takes the fields the finder's users read and fails loudly
 * on anything else.
 */
export const leaflyDirectory: Directory = {
  name: 'leafly directory (finder-service v3)',
  request({ near, radiusMiles }, config, page) {
    const search = new URLSearchParams({
      'filter[]': 'dispensary',
      geo_query_type: 'point',
      lat: String(near.lat),
      lon: String(near.lng),
      radius: `${Math.ceil(radiusMiles)}mi`,
      limit: String(LEAFLY_PAGE_SIZE),
      page: String(page + 1),
      sort: 'default',
    });
    return {
      label: 'leafly-dispensaries',
      url: `${config.baseUrls.leaflyFinder}/v3/dispensaries?${search.toString()}`,
      accept: 'application/json',
      headers: {
        'x-app': 'web-web',
        'x-environment': 'prod',
        origin: 'https://www.leafly.com',
        referer: 'https://www.leafly.com/',
      },
    };
  },
  read(body, config, page) {
    const stores = records(body, 'Leafly finder', 'stores');
    const listings = stores.map((store): DirectoryListing | undefined => {
      const slug = textOf(at(store, 'slug'));
      const name = textOf(at(store, 'name'));
      if (!slug || !/^[a-z0-9][a-z0-9-]{0,99}$/.test(slug) || !name) return undefined;
      const place = at(store, 'locations', 0) ?? at(store, 'primaryLocation');
      return {
        platform: 'leafly',
        platformId: slug,
        name,
        street: textOf(at(store, 'address1')),
        city: textOf(at(store, 'city')),
        state: stateCode(textOf(at(store, 'state'))),
        zip: zipCode(at(store, 'zip')),
        location: pointOf(at(place, 'lat'), at(place, 'lon')),
        website: urlOf(at(store, 'website')),
        menuUrl: `${config.baseUrls.leafly}/dispensary-info/${slug}/menu`,
        hasMenu: true,
        source: this.name,
      };
    });
    const pageCount = at(body, 'pageCount');
    return {
      listings: complete(listings),
      more:
        typeof pageCount === 'number' ? page + 1 < pageCount : stores.length === LEAFLY_PAGE_SIZE,
    };
  },
};

/** Every directory discovery asks, broad ones (that list stores of any menu platform) first. */
export const DIRECTORIES: readonly Directory[] = [
  weedmapsDirectory,
  janeDirectory,
  dutchieDirectory,
  leaflyDirectory,
];

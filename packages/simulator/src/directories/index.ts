import { haversineMiles, type GeoPoint, type Platform } from '@stl-deals/domain';
import { at } from '@stl-deals/scraper';
import { SIMULATED_PLATFORMS } from '../platforms';
import { json, html, scriptJson } from '../platforms/answers';
import { persistedQueryNotFound } from '../platforms/dutchie/serialize';
import { APP_ID, searchKey } from '../platforms/jane';
import { jsonBody, jsonParam, wholeNumber } from '../platforms/request-fields';
import type { AnswerContext, Routed, SimRequest } from '../platforms/types';
import { websitePath } from '../server/website';
import type { SimStore, StoreDirectory } from '../stores';

/**
 * The platforms' store directories (research: directories.md), for discovery: Jane's Algolia
 * `stores-production`, Weedmaps' discovery listings, Dutchie's `DispensarySearch`, Leafly's
 * finder, each answering the stores within the asked radius in its own format. Weedmaps lists
 * every store, as the real one lists most; the others list the stores whose menu is theirs.
 */
export function routeDirectory(
  request: SimRequest,
  stores: StoreDirectory,
): { platform: Platform; routed: Routed } | undefined {
  const { pathname, searchParams } = request.url;
  if (pathname === '/1/indexes/stores-production/query' && request.method === 'POST') {
    return { platform: 'jane', routed: { store: undefined, answer: janeStores(request, stores) } };
  }
  if (pathname === '/' && request.method === 'GET') {
    return { platform: 'jane', routed: { store: undefined, answer: janeHome } };
  }
  if (pathname === '/discovery/v2/listings') {
    return {
      platform: 'weedmaps',
      routed: { store: undefined, answer: weedmapsListings(request, stores) },
    };
  }
  if (
    /^\/(?:api-\d+\/)?graphql\/?$/.test(pathname) &&
    searchParams.get('operationName') === 'DispensarySearch'
  ) {
    return {
      platform: 'dutchie',
      routed: { store: undefined, answer: dutchieSearch(request, stores) },
    };
  }
  if (pathname === '/v3/dispensaries') {
    return {
      platform: 'leafly',
      routed: { store: undefined, answer: leaflyFinder(request, stores) },
    };
  }
  return undefined;
}

const METERS_PER_MILE = 1609.344;

/** The stores of `platform` (all with undefined) within `miles` of `near`, nearest first. */
function near(
  stores: StoreDirectory,
  platform: Platform | undefined,
  point: GeoPoint | undefined,
  miles: number,
): { store: SimStore; location: GeoPoint; miles: number }[] {
  if (!point) return [];
  return stores.all
    .flatMap((store) => {
      const { location } = store.place;
      if (!location || (platform && store.platform !== platform)) return [];
      const distance = haversineMiles(point, location);
      return distance <= miles ? [{ store, location, miles: distance }] : [];
    })
    .sort((a, b) => a.miles - b.miles || a.store.key.localeCompare(b.store.key));
}

/** 'lat,lng' as a point; undefined when it is not one. */
function pointIn(value: unknown): GeoPoint | undefined {
  const [lat, lng] = (typeof value === 'string' ? value : '').split(',').map(Number);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat: lat!, lng: lng! } : undefined;
}

/** '25mi' (or a bare number) as miles. */
const milesIn = (value: string | null) => Number.parseFloat(value ?? '') || 0;

const fullAddress = (store: SimStore) => {
  const { street, city, state, zip } = store.place;
  return [street, city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
};

function janeStores(request: SimRequest, stores: StoreDirectory) {
  return (context: AnswerContext) => {
    if (request.headers['x-algolia-api-key'] !== searchKey(context.secret)) {
      return json({ message: 'Invalid Application-ID or API key', status: 403 }, 403);
    }
    const query = jsonBody(request.body);
    const radiusMiles = wholeNumber(at(query, 'aroundRadius'), 0, 1_000_000) / METERS_PER_MILE;
    const perPage = wholeNumber(at(query, 'hitsPerPage'), 20, 1_000) || 20;
    const page = wholeNumber(at(query, 'page'), 0);
    const found = near(stores, 'jane', pointIn(at(query, 'aroundLatLng')), radiusMiles);
    const hits = found.slice(page * perPage, (page + 1) * perPage).map(({ store, location }) => ({
      objectID: String(store.number),
      id: store.number,
      name: store.name,
      url_slug: store.slug,
      address: store.place.street ?? '',
      full_address: fullAddress(store).replace(/, MO /, ', Missouri, '),
      city: store.place.city ?? '',
      state: 'Missouri',
      zip: store.place.zip ?? '',
      _geoloc: { lat: location.lat, lng: location.lng },
      product_count: context.menuOf(store).products.length,
      recreational: true,
      medical: true,
      marketplace_visible: true,
    }));
    return json({
      hits,
      nbHits: found.length,
      page,
      nbPages: Math.ceil(found.length / perPage),
      hitsPerPage: perPage,
      processingTimeMS: 1,
      query: '',
    });
  };
}

/** Jane's marketplace page: it publishes the search key as every Jane page does. */
function janeHome(context: AnswerContext) {
  return html(`<!doctype html><html><head><title>Jane</title>
    <script id="jane-app-settings" type="application/json">${scriptJson({ algoliaAppId: APP_ID, algoliaEnv: 'production' })}</script>
    <script id="jane-app-secrets" type="application/json">${scriptJson({ algoliaApiKey: searchKey(context.secret) })}</script>
  </head><body><h1>Find cannabis near you</h1></body></html>`);
}

function weedmapsListings(request: SimRequest, stores: StoreDirectory) {
  return (context: AnswerContext) => {
    const search = request.url.searchParams;
    const perPage = wholeNumber(search.get('page_size'), 100, 150) || 100;
    const page = Math.max(1, wholeNumber(search.get('page'), 1));
    const found = near(
      stores,
      undefined,
      pointIn(search.get('filter[bounding_latlng]')),
      milesIn(search.get('filter[bounding_radius]')),
    );
    const listings = found
      .slice((page - 1) * perPage, page * perPage)
      .map(({ store, location, miles }) => {
        const onWeedmaps = store.platform === 'weedmaps';
        const slug = onWeedmaps ? store.slug : store.key;
        return {
          id: store.number,
          wmid: 100_000 + store.number,
          slug,
          name: store.name,
          type: 'dispensary',
          license_type: 'hybrid',
          address: store.place.street ?? '',
          city: store.place.city ?? '',
          state: store.place.state ?? 'MO',
          zip_code: store.place.zip ?? '',
          latitude: location.lat,
          longitude: location.lng,
          distance: Math.round(miles * 100) / 100,
          web_url: `${context.base}/dispensaries/${slug}`,
          website: `${context.base}${websitePath(store.key)}`,
          menu_items_count: onWeedmaps ? context.menuOf(store).products.length : 0,
          is_published: true,
        };
      });
    return json({ meta: { total_listings: found.length }, data: { listings } });
  };
}

function dutchieSearch(request: SimRequest, stores: StoreDirectory) {
  return (context: AnswerContext) => {
    const hash = at(jsonParam(request.url, 'extensions'), 'persistedQuery', 'sha256Hash');
    if (
      !context.dutchieHashes.DispensarySearch ||
      hash !== context.dutchieHashes.DispensarySearch
    ) {
      return json(persistedQueryNotFound);
    }
    const filter = at(jsonParam(request.url, 'variables'), 'dispensaryFilter');
    const lat = at(filter, 'nearLat');
    const lng = at(filter, 'nearLng');
    const point = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : undefined;
    const found = near(stores, 'dutchie', point, wholeNumber(at(filter, 'distance'), 15, 500));
    const filteredDispensaries = found.map(({ store, location, miles }) => {
      const address = SIMULATED_PLATFORMS.dutchie?.address(store, context.base);
      return {
        __typename: 'Dispensaries',
        id: store.hexId,
        name: store.name,
        cName: address?.platformId ?? store.slug,
        status: 'open',
        address: `${fullAddress(store)}, USA`,
        location: {
          ln1: store.place.street ?? '',
          ln2: '',
          city: store.place.city ?? '',
          state: store.place.state ?? 'MO',
          zipcode: store.place.zip ?? '',
          country: 'United States',
          geometry: { coordinates: [location.lng, location.lat], type: 'Point' },
        },
        distance: Math.round(miles * 100) / 100,
        recDispensary: true,
        medicalDispensary: true,
        embeddedMenuUrl: `${context.base}${websitePath(store.key)}`,
        embedBackUrl: `${context.base}${websitePath(store.key)}`,
      };
    });
    return json({ data: { filteredDispensaries } });
  };
}

function leaflyFinder(request: SimRequest, stores: StoreDirectory) {
  return (context: AnswerContext) => {
    const search = request.url.searchParams;
    const perPage = wholeNumber(search.get('limit'), 100, 100) || 100;
    const page = Math.max(1, wholeNumber(search.get('page'), 1));
    const point = pointIn(`${search.get('lat')},${search.get('lon')}`);
    const found = near(stores, 'leafly', point, milesIn(search.get('radius')));
    const rows = found.slice((page - 1) * perPage, page * perPage).map(({ store, location }) => ({
      name: store.name,
      slug: store.slug,
      retailType: 'dispensary',
      address1: store.place.street ?? '',
      address2: '',
      city: store.place.city ?? '',
      state: store.place.state ?? 'MO',
      country: 'US',
      zip: store.place.zip ?? '',
      locations: [{ lat: location.lat, lon: location.lng }],
      website: `${context.base}${websitePath(store.key)}`,
    }));
    return json({ stores: rows, pageCount: Math.max(1, Math.ceil(found.length / perPage)) });
  };
}

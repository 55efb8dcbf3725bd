import { at } from '../adapters/shared/deal-fields';
import { complete, records, textOf, urlOf, type Directory } from './directory';
import { pointOf, stateCode, zipCode, type DirectoryListing } from './listing';

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

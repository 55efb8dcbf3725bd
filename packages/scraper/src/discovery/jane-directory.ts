import { at } from '../adapters/shared/deal-fields';
import { complete, idOf, records, textOf, urlOf, type Directory } from './directory';
import { pointOf, stateCode, zipCode, zipInAddress, type DirectoryListing } from './listing';

const METERS_PER_MILE = 1609.344;

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

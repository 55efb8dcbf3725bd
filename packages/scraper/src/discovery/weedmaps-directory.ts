import { at } from '../adapters/shared/deal-fields';
import { complete, records, textOf, urlOf, type Directory } from './directory';
import { pointOf, stateCode, zipCode, type DirectoryListing } from './listing';

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

import { at, list } from '../adapters/shared/deal-fields';
import { SchemaChangedError } from '../errors';
import { complete, records, textOf, urlOf, type Directory } from './directory';
import { pointOf, stateCode, zipCode, zipInAddress, type DirectoryListing } from './listing';

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

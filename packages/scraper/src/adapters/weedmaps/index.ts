import { at } from '../shared/deal-fields';
import type { Adapter } from '../types';
import { menuPage, readListingSlug, siteOf } from './listing';
import { isListingRecord, isListingResponse, LISTING } from './listing-record';
import { isMenuItemsResponse } from './menu-items';
import { MENU_ITEMS, parse } from './parse';
import { plan } from './plan';

/**
 * Weedmaps: the discovery API's `menu_items` of a listing. In a browser, the menu page's own
 * `menu_items` answers are the same payloads.
 */
export const weedmapsAdapter: Adapter = {
  plan,
  parse,
  // The discovery form (data.menu_items) or the JSON:API form (data as a list); a listing record.
  recognize: (body) =>
    Array.isArray(at(body, 'data', 'menu_items')) || Array.isArray(at(body, 'data'))
      ? MENU_ITEMS
      : isListingRecord(body)
        ? LISTING
        : null,
  browser: {
    pageUrl(entry, config) {
      const slug = readListingSlug(entry);
      return slug ? menuPage(slug, siteOf(config)) : null;
    },
    labelOf: (url, body) =>
      isMenuItemsResponse(url, body) ? MENU_ITEMS : isListingResponse(url, body) ? LISTING : null,
  },
};

import { SchemaChangedError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import { at, text } from '../shared/deal-fields';
import { distinctItems, payloadsOf } from '../shared/received';
import type { ParseResult, Received } from '../types';
import { readDiscoveryItem } from './discovery-item';
import { readJsonApiItem } from './jsonapi-item';
import { readListingSlug } from './listing';
import { isListingRecord, listingFacts, LISTING } from './listing-record';
import { menuItemsOf } from './menu-items';

/** The label of Weedmaps menu pages: `menu-items-page-<n>` from plan, `menu-items` from the browser. */
export const MENU_ITEMS = 'menu-items';

/**
 * Weedmaps menu items as deals, and the price of every item in every size, from either envelope;
 * the store's coordinates and hours from its listing record when that was answered (menu items
 * carry neither).
 */
export function parse(received: readonly Received[], entry: RegistryEntry): ParseResult {
  const payloads = payloadsOf(received, MENU_ITEMS);
  if (payloads.length === 0) throw new SchemaChangedError('No Weedmaps menu_items payload to read');
  const pages = payloads.map(({ body }) => menuItemsOf(body));
  const listing = readListingSlug(entry);
  const items = distinctItems(
    pages.map(({ format, items }) => items.map((item) => ({ format, item }))),
    ({ item }) => text(at(item, 'id')),
  );
  const read = items.map(({ format, item }) =>
    format === 'discovery' ? readDiscoveryItem(item, listing) : readJsonApiItem(item, listing),
  );
  const deals = read.map(({ deal }) => deal).filter((deal) => deal !== undefined);
  const record = received.find(({ label }) => label === LISTING);
  return {
    deals,
    prices: read.flatMap(({ prices }) => prices),
    ...(record && isListingRecord(record.body) ? listingFacts(record.body) : {}),
  };
}

import type { RegistryEntry } from '../../registry';
import { MAX_ITEMS, pageLabel, pagesOf } from '../shared/received';
import type { PlatformConfig, Received, RequestPlan } from '../types';
import { listingSlug } from './listing';
import { menuItemsOf, menuItemsRequest, PAGE_SIZE } from './menu-items';
import { LISTING, listingRequest } from './listing-record';
import { MENU_ITEMS } from './parse';

/**
 * Weedmaps page by page (1-based) until a page shorter than PAGE_SIZE, `config.maxPages` or
 * MAX_ITEMS items (platforms.md 3.1), then the listing's own record (its hours), once. Akamai's 406 to scripts is the transport's to handle.
 */
export function plan(
  entry: RegistryEntry,
  received: readonly Received[],
  config: PlatformConfig,
): RequestPlan[] {
  const slug = listingSlug(entry);
  const pages = pagesOf(received, MENU_ITEMS);
  const last = pages.at(-1);
  const limit = Math.min(config.maxPages, Math.ceil(MAX_ITEMS / PAGE_SIZE));
  if (last && (menuItemsOf(last.body).items.length < PAGE_SIZE || pages.length >= limit)) {
    const asked = received.some(({ label }) => label === LISTING);
    return asked ? [] : [listingRequest(config, slug)];
  }
  const page = pages.length + 1;
  return [menuItemsRequest(config, slug, page, pageLabel(MENU_ITEMS, page))];
}

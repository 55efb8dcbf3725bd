import type { RegistryEntry } from '../../registry';
import { MAX_ITEMS, pageLabel, pagesOf } from '../shared/received';
import type { PlatformConfig, Received, RequestPlan } from '../types';
import { dispensarySlug, menuPageRequest } from './dispensary';
import { menuPageOf } from './next-data';
import { MENU } from './parse';

/**
 * How many pages the menu has: `totalItems` over the items the first page shows (about 18,
 * platforms.md 4), bounded by `config.maxPages` and MAX_ITEMS.
 */
function pagesWanted(first: Received, config: PlatformConfig): number {
  const { items, totalItems } = menuPageOf(first.body);
  if (items.length === 0) return 1;
  const pages = Math.ceil((totalItems ?? items.length) / items.length);
  return Math.min(pages, config.maxPages, Math.ceil(MAX_ITEMS / items.length));
}

/**
 * Leafly's server-rendered menu page by page: the first page says how many there are. A page
 * without `__NEXT_DATA__` stops the scrape as schema-changed.
 */
export function plan(
  entry: RegistryEntry,
  received: readonly Received[],
  config: PlatformConfig,
): RequestPlan[] {
  const slug = dispensarySlug(entry);
  const pages = pagesOf(received, MENU);
  const [first] = pages;
  if (first && pages.length >= pagesWanted(first, config)) return [];
  const page = pages.length + 1;
  return [menuPageRequest(config, slug, page, pageLabel(MENU, page))];
}

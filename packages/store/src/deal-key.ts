import { createHash } from 'node:crypto';
import type { Deal } from '@stl-deals/domain';

/**
 * The key a deal's history (first and last sighting) is kept under, within its dispensary.
 *
 * `deal.id` when the scraper gave one: it builds ids from platform, dispensary and product or
 * special id, which stay the same from one scrape to the next. A deal without an id is known by
 * what the page shows of it: platform, dispensary, title and price, hashed (SHA-256, prefixed
 * `sha256:` so it never mistakes an id). Without an id, a new title or price is a new deal.
 */
export function dealKey(dispensaryKey: string, deal: Deal): string {
  // An empty id would make every id-less deal of a platform the same deal.
  if (deal.id !== undefined && deal.id !== '') return deal.id;
  const identity = JSON.stringify([deal.platform ?? null, dispensaryKey, deal.title, deal.price]);
  return `sha256:${createHash('sha256').update(identity).digest('hex')}`;
}

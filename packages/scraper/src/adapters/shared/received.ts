import type { GeoPoint } from '@stl-deals/domain';
import type { Received } from '../types';

/**
 * Reading what the transports brought back, shared by the jane, weedmaps and leafly adapters:
 * their payloads are labelled by kind, `<kind>-page-<n>` from plan and the bare kind from the
 * browser transport (the sweed, dispense and joint adapters page as `page:<n>`, see paging.ts).
 */

/** No St. Louis menu has this many items; a payload with more is cut here, never trusted. */
export const MAX_ITEMS = 2_000;

/** The label of page `page` of a paginated request, e.g. 'products-page-0'. */
export function pageLabel(kind: string, page: number): string {
  return `${kind}-page-${page}`;
}

/**
 * The payloads of one kind: the pages `plan` asked for ('products-page-0', ...) and the responses
 * the browser transport captured under the bare label ('products').
 */
export function payloadsOf(received: readonly Received[], kind: string): Received[] {
  return received.filter(({ label }) => label === kind || label.startsWith(`${kind}-page-`));
}

/** The pages `plan` asked for so far, in order. */
export function pagesOf(received: readonly Received[], kind: string): Received[] {
  return received.filter(({ label }) => label.startsWith(`${kind}-page-`));
}

/** Items of several payloads, each kept once by its id, at most MAX_ITEMS in all. */
export function distinctItems<T>(
  batches: Iterable<readonly T[]>,
  idOf: (item: T) => string | undefined,
): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const batch of batches) {
    for (const item of batch) {
      if (items.length >= MAX_ITEMS) return items;
      const id = idOf(item);
      if (id !== undefined && seen.has(id)) continue;
      if (id !== undefined) seen.add(id);
      items.push(item);
    }
  }
  return items;
}

/** A store's coordinates when both are finite, on Earth and not the (0, 0) placeholder. */
export function geoPoint(lat: unknown, lng: unknown): GeoPoint | undefined {
  if (typeof lat !== 'number' || typeof lng !== 'number') return undefined;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180 || (lat === 0 && lng === 0)) return undefined;
  return { lat, lng };
}

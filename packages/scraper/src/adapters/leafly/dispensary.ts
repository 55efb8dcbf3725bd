import { UnconfiguredError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import { PLATFORM_SITES } from '../shared/site-links';
import type { PlatformConfig, RequestPlan } from '../types';

/** Leafly's public site, where the deep links lead (platforms.md 4). */
export const LEAFLY_SITE = PLATFORM_SITES.leafly;

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;
const DISPENSARY_PATH = /\/dispensary-info\/([a-z0-9][a-z0-9-]{0,199})(?:[/?#]|$)/;

/** Whether a value is a slug Leafly could have made (it goes into URL paths). */
export function isSlug(value: string | undefined): value is string {
  return value !== undefined && SLUG.test(value);
}

/**
 * The dispensary's Leafly slug: `platformId`, else the slug in a menu URL such as
 * https://www.leafly.com/dispensary-info/mound-city-dispensary-south-grand/menu.
 */
export function readDispensarySlug(entry: RegistryEntry): string | undefined {
  if (isSlug(entry.platformId)) return entry.platformId;
  return entry.menuUrl ? DISPENSARY_PATH.exec(entry.menuUrl)?.[1] : undefined;
}

/** The entry's Leafly slug, which a scrape cannot do without. */
export function dispensarySlug(entry: RegistryEntry): string {
  const slug = readDispensarySlug(entry);
  if (slug) return slug;
  throw new UnconfiguredError(
    `Dispensary '${entry.key}' has platform 'leafly' but no Leafly slug (platformId)`,
  );
}

/** Whether a value may go into a deep link's path or query. */
export function isLinkId(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9-]{1,40}$/.test(value);
}

/** Page `page` (1-based) of the server-rendered menu (platforms.md 4). */
export function menuPageRequest(
  config: PlatformConfig,
  slug: string,
  page: number,
  label: string,
): RequestPlan {
  const query = page > 1 ? `?page=${page}` : '';
  return {
    label,
    url: `${config.baseUrls.leafly}/dispensary-info/${slug}/menu${query}`,
    accept: 'text/html',
  };
}

/**
 * A product's deep link, https://www.leafly.com/dispensary-info/<slug>/p/<id>, with `?variant=`
 * to open the size on sale (platforms.md 4, as TopShelfDeals links them in 2026).
 */
export function productLink(slug: string, id: string, variant?: string): string {
  const base = `${LEAFLY_SITE}/dispensary-info/${slug}/p/${id}`;
  return variant ? `${base}?variant=${variant}` : base;
}

/** The dispensary's menu on Leafly, https://www.leafly.com/dispensary-info/<slug>/menu (platforms.md 4). */
export const menuPageLink = (slug: string): string => `${LEAFLY_SITE}/dispensary-info/${slug}/menu`;

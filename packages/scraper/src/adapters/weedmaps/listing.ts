import { UnconfiguredError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import { PLATFORM_SITES } from '../shared/site-links';
import type { PlatformConfig } from '../types';

/** Weedmaps' public site, where the deep links lead (platforms.md 3.3). */
export const WEEDMAPS_SITE = PLATFORM_SITES.weedmaps;

// Listing and item slugs go into URL paths: lowercase words and hyphens only.
const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;
const LISTING_PATH = /\/dispensaries\/([a-z0-9][a-z0-9-]{0,199})(?:[/?#]|$)/;

/** Whether a value is a slug Weedmaps could have made. */
export function isSlug(value: string | undefined): value is string {
  return value !== undefined && SLUG.test(value);
}

/**
 * The listing slug: `platformId`, else the slug in a menu URL such as
 * https://weedmaps.com/dispensaries/riverfront-remedies-st-charles/menu; undefined when neither.
 */
export function readListingSlug(entry: RegistryEntry): string | undefined {
  if (isSlug(entry.platformId)) return entry.platformId;
  return entry.menuUrl ? LISTING_PATH.exec(entry.menuUrl)?.[1] : undefined;
}

/** The entry's listing slug, which a scrape cannot do without. */
export function listingSlug(entry: RegistryEntry): string {
  const slug = readListingSlug(entry);
  if (slug) return slug;
  throw new UnconfiguredError(
    `Dispensary '${entry.key}' has platform 'weedmaps' but no listing slug (platformId)`,
  );
}

/** The listing's menu page (platforms.md 3.3). */
export function menuPage(slug: string, site: string = WEEDMAPS_SITE): string {
  return `${site}/dispensaries/${slug}/menu`;
}

/**
 * Where the menu page lives for the configured API: the API is `api-g.` of the site
 * (platforms.md 3.1), and a simulator answers both on one origin.
 */
export function siteOf(config: PlatformConfig): string {
  return config.baseUrls.weedmaps.replace(/^(https?:\/\/)api-g\./, '$1');
}

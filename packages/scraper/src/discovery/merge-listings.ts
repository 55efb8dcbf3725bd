import type { Platform } from '@stl-deals/domain';
import type { AlternativeSource, EntrySources, RegistryEntry } from '../registry';
import type { DirectoryListing } from './listing';
import { sameStore } from './same-store';

/**
 * Which platform a store found on several is read from: the one whose menu carries its specials
 * and sale prices best. Dutchie and Jane send the special's name, the regular and the sale price
 * per product; Dispense and Sweed both prices; Weedmaps and Leafly deals are coarser; Joint
 * mirrors one of the others; a specials page is the last resort.
 */
export const SCRAPE_ORDER: readonly Platform[] = [
  'dutchie',
  'jane',
  'dispense',
  'sweed',
  'weedmaps',
  'leafly',
  'joint',
  'html',
  'feed',
];

const rank = (listing: DirectoryListing) => SCRAPE_ORDER.indexOf(listing.platform);

/** The listings as registry entries, one per store, each fact with where it came from. */
export function mergeListings(
  listings: readonly DirectoryListing[],
  seenAt: string,
): RegistryEntry[] {
  const stores: DirectoryListing[][] = [];
  for (const listing of listings) {
    const store = stores.find((group) => group.some((other) => sameStore(other, listing)));
    if (store) store.push(listing);
    else stores.push([listing]);
  }
  const keys = new Set<string>();
  return stores.map((group) => entryOf(group, seenAt, keys));
}

function entryOf(group: DirectoryListing[], seenAt: string, keys: Set<string>): RegistryEntry {
  const menus = group.filter((listing) => listing.hasMenu).sort((a, b) => rank(a) - rank(b));
  // Several ids on one platform for one store: the first listed (nearest) wins, once.
  const chosen = menus.filter(
    (listing, index) => menus.findIndex((other) => other.platform === listing.platform) === index,
  );
  const [primary, ...others] = chosen;
  const named = primary ?? group[0]!;
  const placed = [named, ...group].find((listing) => listing.location);
  const addressed = [named, ...group].find((listing) => listing.street && listing.city);
  const withSite = [named, ...group].find((listing) => listing.website);
  const said = (listing: DirectoryListing) => ({
    source: listing.source,
    confidence: 'high' as const,
    seenAt,
  });
  const sources: EntrySources = { name: said(named) };
  if (primary) sources.platform = sources.platformId = said(primary);
  if (placed) sources.coordinates = said(placed);
  if (addressed) sources.address = said(addressed);
  if (withSite) sources.website = said(withSite);
  const alternatives: AlternativeSource[] = others.map((listing) => ({
    platform: listing.platform,
    platformId: listing.platformId,
    ...(listing.menuUrl ? { menuUrl: listing.menuUrl } : {}),
    source: listing.source,
  }));
  return {
    key: uniqueKey(named, keys),
    name: named.name,
    // A store no directory reads the menu of is resolved from its website when first scraped.
    platform: primary?.platform ?? 'html',
    ...(primary ? { platformId: primary.platformId, verified: true } : {}),
    ...(primary?.menuUrl ? { menuUrl: primary.menuUrl } : {}),
    ...(placed?.location ? { lat: placed.location.lat, lng: placed.location.lng } : {}),
    ...(addressed ? { address: oneLine(addressed) } : {}),
    ...(withSite?.website ? { website: withSite.website } : {}),
    sources,
    ...(alternatives.length > 0 ? { alternatives } : {}),
  };
}

function oneLine({ street, city, state, zip }: DirectoryListing): string {
  return [street, city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** A registry key from the name (and city when taken), unique within the result. */
function uniqueKey(listing: DirectoryListing, keys: Set<string>): string {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'dispensary';
  const base = slug(listing.name);
  const candidates = [base, listing.city ? `${base}-${slug(listing.city)}` : base];
  let key = candidates.find((candidate) => !keys.has(candidate));
  for (let n = 2; !key; n++) if (!keys.has(`${base}-${n}`)) key = `${base}-${n}`;
  keys.add(key);
  return key;
}

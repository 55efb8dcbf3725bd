import type { GeoPoint } from '@stl-deals/domain';
import type { PlatformConfig } from '../adapters/types';
import type { RegistryEntry } from '../registry';
import { DIRECTORIES, type Directory } from './directories';
import { fetchDirectoryAnswer, type DirectoryClient } from './directory-fetch';
import { zipInAddress, type DirectoryListing } from './listing';
import { SCRAPE_ORDER } from './merge-listings';
import { sameStore, type StoreFacts } from './same-store';

/** How far around a store's point its listing is looked for: a ZIP centroid can be miles off. */
const LOOKUP_RADIUS_MILES = 5;

export interface LookupOptions extends DirectoryClient {
  config: PlatformConfig;
  directories?: readonly Directory[];
}

/**
 * The entry's own listings in the platforms' directories: each directory's first page around its
 * point, the listings that are the same store by address, name and place (see `sameStore`),
 * those whose menu is read on their platform first, in the scrape order. A directory that fails
 * is passed over; when none answers, the first failure is thrown (offline, blocked).
 */
export async function lookUpListings(
  entry: RegistryEntry,
  near: GeoPoint,
  options: LookupOptions,
): Promise<DirectoryListing[]> {
  const facts = factsOf(entry, near);
  const matches: DirectoryListing[] = [];
  let firstFailure: Error | undefined;
  let answered = 0;
  for (const directory of options.directories ?? DIRECTORIES) {
    const request = directory.request(
      { near, radiusMiles: LOOKUP_RADIUS_MILES },
      options.config,
      0,
    );
    if (typeof request === 'string') continue;
    try {
      const { answer } = await fetchDirectoryAnswer(request, options);
      answered++;
      const { listings } = directory.read(answer, options.config, 0);
      matches.push(...listings.filter((listing) => sameStore(facts, listing)));
    } catch (error) {
      options.signal.throwIfAborted();
      firstFailure ??= error instanceof Error ? error : new Error(String(error));
    }
  }
  if (answered === 0 && firstFailure !== undefined) throw firstFailure;
  const rank = (listing: DirectoryListing) =>
    (listing.hasMenu ? 0 : SCRAPE_ORDER.length) + SCRAPE_ORDER.indexOf(listing.platform);
  return matches.sort((a, b) => rank(a) - rank(b));
}

/**
 * A registry entry as directory records are compared: its street line and ZIP from its address;
 * its point only when the registry gives one (a ZIP centroid is no place to match on).
 */
function factsOf(entry: RegistryEntry, near: GeoPoint): StoreFacts {
  const street = entry.address?.split(',')[0]?.trim();
  const zip = zipInAddress(entry.address);
  const located = entry.lat !== undefined && entry.lng !== undefined;
  return {
    name: entry.name,
    ...(street ? { street } : {}),
    ...(zip ? { zip } : {}),
    ...(located ? { location: near } : {}),
  };
}

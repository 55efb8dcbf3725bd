import { haversineMiles } from '@stl-deals/domain';
import { credentialsFromStorePage } from '../adapters/jane/algolia';
import type { PlatformConfig } from '../adapters/types';
import { ScrapeError } from '../errors';
import { parseRegistry, type Registry, type RegistryEntry } from '../registry';
import type { JsonClient } from '../transports/json-client';
import { DIRECTORIES, MAX_DIRECTORY_PAGES, type Directory } from './directories';
import { fetchDirectoryAnswer, type DirectoryClient } from './directory-fetch';
import { detectMenuSource } from './detect-source';
import type { DirectoryListing, DirectoryQuery } from './listing';
import { withDetectedSource } from './detected-entry';
import { mergeListings } from './merge-listings';

export interface DiscoverOptions extends DirectoryClient {
  query: DirectoryQuery;
  config: PlatformConfig;
  client: Pick<JsonClient, 'fetchJson' | 'fetchPage'>;
  /** When the directories were asked: every fact found is dated with it. */
  now: Date;
  directories?: readonly Directory[];
}

export interface Discovery {
  registry: Registry;
  /** Per directory: how many stores it listed in the radius, or why it could not be asked. */
  report: string[];
  /** Listings each directory gave, in the radius. */
  listings: DirectoryListing[];
}

/**
 * Asks every platform directory for the stores around a point, keeps those inside the radius
 * (directories' radii are loose), and merges them into one registry entry per store. A
 * directory that cannot be asked or fails is reported and the others go on; none answering at all
 * is an error, never an empty registry.
 */
export async function discover(options: DiscoverOptions): Promise<Discovery> {
  const config = await withJaneKey(options);
  const report: string[] = [];
  const listings: DirectoryListing[] = [];
  let answered = 0;
  for (const directory of options.directories ?? DIRECTORIES) {
    try {
      const found = await askDirectory(directory, { ...options, config });
      if (typeof found === 'string') {
        report.push(`${directory.name}: not asked: ${found}`);
        continue;
      }
      answered++;
      const inside = found.listings.filter(
        (listing) =>
          listing.location === undefined ||
          haversineMiles(options.query.near, listing.location) <= options.query.radiusMiles,
      );
      listings.push(...inside);
      const how = found.inBrowser ? ' (in the browser: http was blocked)' : '';
      report.push(`${directory.name}: ${inside.length} stores${how}`);
    } catch (error) {
      if (options.signal.aborted) throw error;
      const kind = error instanceof ScrapeError ? `${error.kind}: ` : '';
      report.push(`${directory.name}: failed: ${kind}${(error as Error).message}`);
    }
  }
  if (answered === 0) {
    throw new Error(`No directory answered:\n  ${report.join('\n  ')}`);
  }
  const seenAt = options.now.toISOString();
  const merged = mergeListings(listings, seenAt);
  if (merged.length === 0) {
    throw new Error(`No dispensary found in the radius:\n  ${report.join('\n  ')}`);
  }
  const dispensaries: RegistryEntry[] = [];
  let resolved = 0;
  for (const entry of merged) {
    const found = await fromWebsite(entry, options, seenAt);
    if (found !== entry) resolved++;
    dispensaries.push(found);
  }
  report.push(`store websites: ${resolved} menu sources found`);
  return { registry: parseRegistry({ dispensaries }, 'discovered registry'), report, listings };
}

/**
 * A store no directory reads the menu of, with a website: the menu platform that site embeds
 * (its HTML as served; the service looks again in a browser, where data calls show too).
 */
async function fromWebsite(
  entry: RegistryEntry,
  options: DiscoverOptions,
  seenAt: string,
): Promise<RegistryEntry> {
  if (entry.platform !== 'html' || !entry.website) return entry;
  try {
    const html = await options.client.fetchPage(entry.website, options.signal);
    const found = detectMenuSource(
      { url: entry.website, html, frames: [], requests: [] },
      options.config,
    );
    return found ? withDetectedSource(entry, found, seenAt) : entry;
  } catch (error) {
    if (options.signal.aborted) throw error;
    return entry;
  }
}

/** Every page of one directory's answer, or why it cannot be asked. */
async function askDirectory(
  directory: Directory,
  options: DiscoverOptions,
): Promise<{ listings: DirectoryListing[]; inBrowser: boolean } | string> {
  const listings: DirectoryListing[] = [];
  let someInBrowser = false;
  for (let page = 0; page < MAX_DIRECTORY_PAGES; page++) {
    const request = directory.request(options.query, options.config, page);
    if (typeof request === 'string') return request;
    const { answer, inBrowser } = await fetchDirectoryAnswer(request, options);
    someInBrowser ||= inBrowser;
    const read = directory.read(answer, options.config, page);
    listings.push(...read.listings);
    if (!read.more) break;
  }
  return { listings, inBrowser: someInBrowser };
}

/**
 * Jane's directory needs the search key every Jane page publishes: the configured one, else the
 * one on Jane's own home page. Without it the Jane directory says why it was not asked.
 */
async function withJaneKey(options: DiscoverOptions): Promise<PlatformConfig> {
  const { config } = options;
  if (config.janeAlgolia.apiKey) return config;
  try {
    const page = await options.client.fetchPage(`${config.baseUrls.jane}/`, options.signal);
    const credentials = credentialsFromStorePage(page, config.janeAlgolia.appId);
    return credentials ? { ...config, janeAlgolia: credentials } : config;
  } catch (error) {
    if (options.signal.aborted) throw error;
    return config;
  }
}

import type { GeoPoint } from '@stl-deals/domain';
import type { PlatformConfig, RequestPlan } from './adapters/types';
import type { DetectedSource } from './discovery/detect-source';
import { zipInAddress, type DirectoryListing } from './discovery/listing';
import { lookUpListings } from './discovery/lookup';
import { BlockedError, SchemaChangedError } from './errors';
import { loadZipCentroids } from './geocoding/zip-centroids';
import { boundedJson } from './parsing/bounded-json';
import type { Parser } from './parsing/parser';
import type { Clock } from './politeness/clock';
import type { RegistryEntry } from './registry';
import type { Scraper } from './scraper';
import type { BrowserTransport } from './transports/browser';
import { fetchDocument, inspectPage } from './transports/browser-pages';
import { createJsonClient, type JsonClient } from './transports/json-client';
import type { LazyHttpTransport } from './transports/lazy-http';

/**
 * Directory answers are read on this thread (within the JSON nesting bounds): a first page of
 * stores around one point, a few hundred kilobytes, for one store once.
 */
const MAX_DIRECTORY_BYTES = 2 * 1024 * 1024;

export interface MenuSourceFinderOptions {
  platforms: PlatformConfig;
  parser: Parser;
  http: LazyHttpTransport;
  browser: BrowserTransport;
  /** The outbound guard's check before the browser opens `url` (see createScraper). */
  checkResolved: (url: string) => Promise<void>;
  clock: Clock;
  /** Largest page read in the browser. */
  maxBytes: number;
  /** What the directories' own client sends and may reach (see ScraperOptions). */
  userAgent: string;
  contactUrl?: string | undefined;
  allowPrivateHosts: readonly string[];
  minHostDelayMs: number;
}

export type MenuSourceFinder = Pick<Scraper, 'resolveSource' | 'fetchJsonInBrowser'> & {
  close(): void;
};

/**
 * Finds where a store's menu is read: the platform its own website embeds (opened in the
 * browser), or, for a store without a website, its listing in the platforms' directories around
 * its place, and through a listed website when the listing has no menu of its own.
 */
export function createMenuSourceFinder(options: MenuSourceFinderOptions): MenuSourceFinder {
  const { platforms, parser, http, browser, checkResolved, clock } = options;
  /** The directories asked for a store without a website (lazily: most never need it). */
  let directories: JsonClient | undefined;

  /** The menu platform a store's website embeds, read in the browser and a parsing thread. */
  async function inspectWebsite(website: string, signal: AbortSignal) {
    await checkResolved(website);
    const page = await browser.session(signal, async (context, stop) => {
      await http.checkRobots(website, stop);
      return inspectPage(context, website, options.maxBytes, stop);
    });
    return parser.detect({ page, config: platforms }, signal);
  }

  /** A directory's JSON as a visitor's navigation in the browser (see `Scraper`). */
  async function fetchJsonInBrowser(request: RequestPlan, signal: AbortSignal): Promise<unknown> {
    if ((request.method ?? 'GET') !== 'GET') {
      throw new BlockedError(`A ${request.method ?? ''} request cannot be opened in the browser`);
    }
    await checkResolved(request.url);
    const bytes = await browser.session(signal, async (context, stop) => {
      await http.checkRobots(request.url, stop);
      return fetchDocument(context, request.url, MAX_DIRECTORY_BYTES, stop);
    });
    const value = boundedJson(Buffer.from(bytes).toString('utf8'));
    if (value === undefined) {
      throw new SchemaChangedError(`${new URL(request.url).host} answered the browser no JSON`);
    }
    return value;
  }

  async function resolveSource(
    entry: RegistryEntry,
    signal: AbortSignal,
  ): Promise<DetectedSource | null> {
    if (entry.website) return inspectWebsite(entry.website, signal);
    const near = placeOf(entry);
    if (!near) return null;
    directories ??= createJsonClient({
      userAgent: options.userAgent,
      ...(options.contactUrl ? { contactUrl: options.contactUrl } : {}),
      allowPrivateHosts: options.allowPrivateHosts,
      maxBytes: MAX_DIRECTORY_BYTES,
      minHostDelayMs: options.minHostDelayMs,
      clock,
    });
    const [listing] = await lookUpListings(entry, near, {
      config: platforms,
      client: directories,
      browser: { fetchJsonInBrowser },
      signal,
    });
    if (!listing) return null;
    if (listing.hasMenu) return listedSource(listing);
    if (!listing.website) return null;
    const found = await inspectWebsite(listing.website, signal);
    return found && { ...found, website: listing.website };
  }

  return {
    resolveSource,
    fetchJsonInBrowser,
    close: () => directories?.close(),
  };
}

/** Where to look for a store in the directories: its point, else its ZIP's centroid. */
function placeOf(entry: RegistryEntry): GeoPoint | undefined {
  if (entry.lat !== undefined && entry.lng !== undefined) return { lat: entry.lat, lng: entry.lng };
  const zip = zipInAddress(entry.address);
  return zip ? zipCentroids().get(zip) : undefined;
}

let centroids: ReadonlyMap<string, GeoPoint> | undefined;
const zipCentroids = () => (centroids ??= loadZipCentroids());

/** A directory listing whose menu is read on its platform, as a found source. */
function listedSource(listing: DirectoryListing): DetectedSource {
  return {
    platform: listing.platform,
    platformId: listing.platformId,
    ...(listing.menuUrl ? { menuUrl: listing.menuUrl } : {}),
    ...(listing.website ? { website: listing.website } : {}),
    evidence: `${listing.source}: listed as ${listing.platformId}`,
  };
}

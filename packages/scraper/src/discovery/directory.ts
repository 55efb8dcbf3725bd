import { at, list } from '../adapters/shared/deal-fields';
import type { PlatformConfig, RequestPlan } from '../adapters/types';
import { SchemaChangedError } from '../errors';
import {
  ListingId,
  ListingText,
  ListingUrl,
  type DirectoryListing,
  type DirectoryQuery,
} from './listing';

/** Pages read per directory at most: a metro area fits in a few; a runaway pager stops here. */
export const MAX_DIRECTORY_PAGES = 20;

/** One page of a directory's answer, read. */
export interface DirectoryPage {
  listings: DirectoryListing[];
  /** Whether another page is worth asking for. */
  more: boolean;
}

/**
 * A platform's store directory around a point (research: directories.md): the request for one
 * page, and how to read the answer. Pure, like the adapters.
 */
export interface Directory {
  name: string;
  /**
   * The request for page `page` (0-based), or a sentence saying why this directory cannot be asked
   * with this configuration (a missing key or hash).
   */
  request(query: DirectoryQuery, config: PlatformConfig, page: number): RequestPlan | string;
  /** Reads the answer to page `page`'s request. */
  read(body: unknown, config: PlatformConfig, page: number): DirectoryPage;
}

/** Records of a directory answer: an array at `path`, else the platform changed its answer. */
export function records(body: unknown, what: string, ...path: (string | number)[]): unknown[] {
  const found = at(body, ...path);
  if (!Array.isArray(found)) {
    throw new SchemaChangedError(`The ${what} answer has no ${path.join('.')} list`);
  }
  return list(found);
}

/** Listings that are complete enough to use; a record without an id or name is skipped. */
export function complete(listings: (DirectoryListing | undefined)[]): DirectoryListing[] {
  return listings.filter((listing): listing is DirectoryListing => listing !== undefined);
}

/** A record's id, text and URL read into a listing's fields (see listing.ts). */
export function idOf(value: unknown): string | undefined {
  const id = ListingId.safeParse(value);
  return id.success ? id.data : undefined;
}

export const textOf = (value: unknown) => ListingText.parse(value);
export const urlOf = (value: unknown) => ListingUrl.parse(value);

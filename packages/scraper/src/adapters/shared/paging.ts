import { UnconfiguredError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import type { Received } from '../types';

/**
 * Plan helpers the paginated menu adapters (sweed, dispense, joint) share: which page comes next
 * given the pages received so far, and the registry fields a plan cannot do without. Their
 * listing pages travel as `page:<n>`; the jane, weedmaps and leafly adapters label theirs by kind
 * instead (see received.ts).
 */

/** Every page of a product listing is labelled `page:<n>`; parse reads all of them. */
const PAGE_PREFIX = 'page:';

export const listingPageLabel = (page: number): string => `${PAGE_PREFIX}${page}`;

/** The listing pages among the payloads, planned or captured by the browser, in order. */
export function listingPages(received: readonly Received[]): Received[] {
  return received.filter((payload) => payload.label.startsWith(PAGE_PREFIX));
}

export interface Paging {
  pageSize: number;
  /** `config.maxPages`: at most this many pages per store. */
  maxPages: number;
  /** How many items a page's body holds; undefined when the body is not a listing. */
  itemCount(body: unknown): number | undefined;
  /** How many items the whole listing holds, when the platform says. */
  total?(body: unknown): number | undefined;
}

/**
 * The next page number to ask for, or undefined when done: after a short page, a page that is
 * not a listing (parse reports it), the platform's total, or the configured cap.
 */
export function nextPage(received: readonly Received[], paging: Paging): number | undefined {
  const planned = received
    .map((payload) => ({ page: plannedPage(payload.label), body: payload.body }))
    .filter((payload): payload is { page: number; body: unknown } => payload.page !== undefined);
  if (planned.length === 0) return 1;
  const last = planned.reduce((a, b) => (b.page > a.page ? b : a));
  const count = paging.itemCount(last.body);
  if (count === undefined || count < paging.pageSize) return undefined;
  if (last.page >= pageCap(paging.maxPages)) return undefined;
  const total = paging.total?.(last.body);
  if (total !== undefined && last.page * paging.pageSize >= total) return undefined;
  return last.page + 1;
}

function plannedPage(label: string): number | undefined {
  if (!label.startsWith(PAGE_PREFIX)) return undefined;
  const page = Number(label.slice(PAGE_PREFIX.length));
  return Number.isInteger(page) && page >= 1 ? page : undefined;
}

/** At least one page, whatever the configuration says. */
function pageCap(maxPages: number): number {
  return Number.isFinite(maxPages) ? Math.max(1, Math.floor(maxPages)) : 1;
}

/**
 * The label of a listing page that was not planned: captured by the browser transport from the
 * store's own page, or a recorded file. Parse reads it like any page; plan never counts it.
 */
export const CAPTURED_PAGE = `${PAGE_PREFIX}captured`;

/** A registry field the platform cannot do without; without it the dispensary is unconfigured. */
export function requiredField(
  entry: RegistryEntry,
  field: 'menuUrl' | 'platformId',
  why: string,
): string {
  const value = entry[field];
  if (!value) {
    throw new UnconfiguredError(
      `Dispensary '${entry.key}' has platform '${entry.platform}' but no ${field} (${why})`,
    );
  }
  return value;
}

/** 'https://host:port' of an http(s) URL from the registry. */
export function originOf(entry: RegistryEntry, url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw new UnconfiguredError(
      `Dispensary '${entry.key}' has no usable URL: '${url.slice(0, 200)}'`,
    );
  }
}

import { BlockedError, NotFoundError, SchemaChangedError, UnconfiguredError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import { at, list, text } from '../shared/deal-fields';
import type { Received } from '../types';

/**
 * What plan and parse both know about Dutchie's consumer GraphQL (research section 1): the
 * persisted queries, the labels their payloads travel under, and how to tell a usable answer from
 * a block page or a rotated hash.
 */

/** The persisted queries this adapter reads, by the label of their payload (research 1.2). */
const OPERATIONS = {
  store: 'ConsumerDispensaries',
  products: 'FilteredProducts',
  'special-cards': 'GetSpecialMenuCards',
  specials: 'FilteredSpecials',
} as const;
export type PayloadKind = keyof typeof OPERATIONS;
export type Operation = (typeof OPERATIONS)[PayloadKind];

/** Product pages are labelled 'products:<page>' (the browser may add 'products:personalized'). */
export const productsLabel = (page: number | string) => `products:${page}`;

/** The kind of payload a label names, or undefined for a label this adapter never gave. */
function kindOf(label: string): PayloadKind | undefined {
  const kind = label.split(':', 1)[0] ?? '';
  return Object.hasOwn(OPERATIONS, kind) ? (kind as PayloadKind) : undefined;
}

export const payloadsOf = (received: readonly Received[], kind: PayloadKind) =>
  received.filter((payload) => kindOf(payload.label) === kind);

/** The dispensary's Dutchie cName (or id): every request and deep link is built from it. */
export function dispensaryCName(entry: RegistryEntry): string {
  const cName = text(entry.platformId);
  if (!cName) {
    throw new UnconfiguredError(
      `Dispensary '${entry.key}' has platform 'dutchie' but no platformId`,
    );
  }
  return cName;
}

// Markers of Cloudflare's block and challenge pages: the 'Attention Required!' block page
// (research section 0, fixture dutchie-cloudflare-block-page.html) and the JavaScript challenge.
const CLOUDFLARE_PAGE =
  /attention required|cf-browser-verification|challenge-platform|just a moment\.\.\./i;
const SCANNED_CHARS = 100_000;
const SCANNED_ERRORS = 10;

/**
 * Throws when a payload is not an answer at all: a Cloudflare page (blocked: the browser
 * transport can pass it), `PersistedQueryNotFound` (the configured hash rotated, research 0 and
 * 1.3: alert and keep the last good deals), or GraphQL errors without data.
 */
export function assertUsable(received: readonly Received[]): void {
  for (const payload of received) {
    const operation = operationOf(payload);
    if (typeof payload.body === 'string') {
      if (CLOUDFLARE_PAGE.test(payload.body.slice(0, SCANNED_CHARS))) {
        throw new BlockedError(`Dutchie answered ${operation} with a Cloudflare page`);
      }
      continue;
    }
    const errors = list(at(payload.body, 'errors')).slice(0, SCANNED_ERRORS);
    if (errors.some(isPersistedQueryNotFound)) {
      throw new SchemaChangedError(
        `Dutchie no longer knows the persisted query ${operation} (PersistedQueryNotFound): update dutchieHashes.${operation}`,
      );
    }
    if (errors.length > 0 && !isRecord(at(payload.body, 'data'))) {
      const message = text(at(errors[0], 'message')) ?? 'no message';
      throw new SchemaChangedError(`Dutchie answered ${operation} with an error: ${message}`);
    }
  }
}

// Apollo answers an unknown hash with HTTP 200 and this message (research section 0); Apollo
// Server also sets the code.
const isPersistedQueryNotFound = (error: unknown) =>
  at(error, 'message') === 'PersistedQueryNotFound' ||
  at(error, 'extensions', 'code') === 'PERSISTED_QUERY_NOT_FOUND';

function operationOf(payload: Received): string {
  const kind = kindOf(payload.label);
  if (kind) return OPERATIONS[kind];
  return text(operationNameIn(payload.url), 100) ?? 'a query';
}

/** The `operationName` query parameter of a GraphQL GET, or null. */
export function operationNameIn(url: string): string | null {
  try {
    return new URL(url).searchParams.get('operationName');
  } catch {
    return null;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const DISPENSARIES_READ = 50;

/**
 * The dispensary a `ConsumerDispensaries` answer gives for `cName`
 * (`data.filteredDispensaries[]`, research 1.2): the one whose cName or id it is, else the first.
 * An empty list means Dutchie has no such store.
 */
export function dispensaryOf(payload: Received, cName: string): Record<string, unknown> {
  const found = at(payload.body, 'data', 'filteredDispensaries');
  if (!Array.isArray(found)) {
    throw new SchemaChangedError('Dutchie ConsumerDispensaries has no data.filteredDispensaries');
  }
  const stores = found.slice(0, DISPENSARIES_READ).filter(isRecord);
  const store = stores.find((each) => each.cName === cName || each.id === cName) ?? stores[0];
  if (!store) throw new NotFoundError(`Dutchie has no dispensary '${cName}'`);
  return store;
}

// `FilteredProducts` answers `data.filteredProducts.products[]`; the embedded menu's
// `getPersonalizedProducts` holds the same Products type (research 1.4).
const PRODUCT_LISTS = ['filteredProducts', 'getPersonalizedProducts'];

/** The products of one page; a page without a products list means the schema changed. */
export function productsOf(payload: Received): unknown[] {
  for (const field of PRODUCT_LISTS) {
    const products = at(payload.body, 'data', field, 'products');
    if (Array.isArray(products)) return products;
  }
  throw new SchemaChangedError(`Dutchie FilteredProducts (${payload.label}) has no products list`);
}

/** `data.filteredProducts.queryInfo.totalPages` (research 1.2), when it is a sane count. */
export function totalPagesOf(payload: Received): number | undefined {
  const pages = at(payload.body, 'data', 'filteredProducts', 'queryInfo', 'totalPages');
  return Number.isSafeInteger(pages) && (pages as number) >= 0 ? (pages as number) : undefined;
}

import { NotFoundError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import { at, text } from '../shared/deal-fields';
import type { PlatformConfig, Received, RequestPlan } from '../types';
import { listingPageLabel, nextPage, originOf, requiredField } from '../shared/paging';

/** research/platforms.md section 5: Sweed's API lives on the store's own host. */
export const PRODUCT_LIST_PATH = '/_api/proxy/Products/GetProductList';
const ROUTE_RESOLVE_PATH = '/_api/Route/Resolve';
/** Section 5: 100 per page, as the storefront allows (no cap was found). */
const PAGE_SIZE = 100;
const ROUTE_LABEL = 'route';

/**
 * Sweed: the store id (the registry's platformId, or resolved once from the menu URL by
 * `Route/Resolve`), then GetProductList page by page until a short page, the listing's total or
 * `config.maxPages`.
 */
export function plan(
  entry: RegistryEntry,
  received: readonly Received[],
  config: PlatformConfig,
): RequestPlan[] {
  const menuUrl = requiredField(entry, 'menuUrl', 'the Sweed storefront URL');
  const storeId = entry.platformId ?? resolvedStoreId(entry, received);
  if (storeId === undefined) return [routeRequest(entry, menuUrl)];
  const page = nextPage(received, {
    pageSize: PAGE_SIZE,
    maxPages: config.maxPages,
    itemCount: (body) => productsIn(body)?.length,
    total: (body) => countIn(at(body, 'total')),
  });
  return page === undefined ? [] : [productListRequest(entry, menuUrl, storeId, page)];
}

/** The products of a GetProductList answer (`list`), or undefined when it is not one. */
export function productsIn(body: unknown): unknown[] | undefined {
  const products = Array.isArray(body) ? body : at(body, 'list');
  return Array.isArray(products) ? (products as unknown[]) : undefined;
}

function countIn(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Section 5: the storefront's headers; `storeid` picks the store. */
function headers(entry: RegistryEntry, menuUrl: string, storeId?: string) {
  return {
    'content-type': 'application/json',
    ...(storeId === undefined ? {} : { storeid: storeId }),
    ssr: 'false',
    platformos: 'web',
    origin: originOf(entry, entry.website ?? menuUrl),
    referer: menuUrl,
  };
}

function productListRequest(
  entry: RegistryEntry,
  menuUrl: string,
  storeId: string,
  page: number,
): RequestPlan {
  return {
    label: listingPageLabel(page),
    url: `${originOf(entry, menuUrl)}${PRODUCT_LIST_PATH}`,
    accept: 'application/json',
    method: 'POST',
    headers: headers(entry, menuUrl, storeId),
    body: JSON.stringify({
      filters: {},
      page,
      pageSize: PAGE_SIZE,
      sortingMethodId: 2,
      searchTerm: '',
      saleType: 'Recreational',
      platformOs: 'web',
    }),
  };
}

/** Section 5: `POST /_api/Route/Resolve {url}` answers `{storeId, basePath}`. */
function routeRequest(entry: RegistryEntry, menuUrl: string): RequestPlan {
  return {
    label: ROUTE_LABEL,
    url: `${originOf(entry, menuUrl)}${ROUTE_RESOLVE_PATH}`,
    accept: 'application/json',
    method: 'POST',
    headers: headers(entry, menuUrl),
    body: JSON.stringify({ url: menuUrl }),
  };
}

/** The store id Route/Resolve answered; undefined before it is asked. */
function resolvedStoreId(entry: RegistryEntry, received: readonly Received[]): string | undefined {
  const route = received.find((payload) => payload.label === ROUTE_LABEL);
  if (!route) return undefined;
  const storeId = text(at(route.body, 'storeId'), 40);
  if (!storeId || !/^[\w-]+$/.test(storeId)) {
    throw new NotFoundError(
      `Sweed found no store for '${entry.key}' at ${entry.menuUrl ?? ''} (Route/Resolve)`,
    );
  }
  return storeId;
}

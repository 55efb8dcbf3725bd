import { BlockedError, SchemaChangedError } from '../../errors';
import { at, list, text } from '../shared/deal-fields';
import type { PlatformConfig, RequestPlan } from '../types';
import { scriptJson } from '../shared/script-json';

/** Jane's product index on Algolia, one record per product and store (platforms.md 2.1). */
export const PRODUCT_INDEX = 'menu-products-production';

/**
 * Algolia answers up to 1,000 hits a page (platforms.md 2.1); 500 still takes most stores in one
 * request and lets a large menu reach MAX_ITEMS in four.
 */
export const HITS_PER_PAGE = 500;

/** What Algolia asks of every query: the application id and a search-only key. */
export interface AlgoliaCredentials {
  appId: string;
  apiKey: string;
}

// Both go into request headers: only the characters real ids and keys have may pass.
const APP_ID = /^[A-Za-z0-9]{4,32}$/;
const API_KEY = /^[A-Za-z0-9]{16,128}$/;

/**
 * The search key a Jane store page publishes in `<script id="jane-app-secrets">` (`algoliaApiKey`)
 * and the app id in `jane-app-settings` (`algoliaAppId`), platforms.md 2.1; the configured app id
 * when the page gives none. Undefined when the page carries no usable key.
 */
export function credentialsFromStorePage(
  page: unknown,
  configuredAppId: string,
): AlgoliaCredentials | undefined {
  if (typeof page !== 'string') return undefined;
  const apiKey = text(at(scriptJson(page, 'jane-app-secrets'), 'algoliaApiKey'));
  if (!apiKey || !API_KEY.test(apiKey)) return undefined;
  const pageAppId = text(at(scriptJson(page, 'jane-app-settings'), 'algoliaAppId'));
  const appId = pageAppId && APP_ID.test(pageAppId) ? pageAppId : configuredAppId;
  return { appId, apiKey };
}

/**
 * One page of the store's products: a POST of the index query with the store filter, as Jane's own
 * menus send it (platforms.md 2.1). The Referer is Jane's site because one source reports the key
 * is referrer-bound.
 */
export function productQuery(
  config: PlatformConfig,
  credentials: AlgoliaCredentials,
  storeId: string,
  page: number,
  label: string,
): RequestPlan {
  return {
    label,
    url: `${config.baseUrls.janeAlgolia}/1/indexes/${PRODUCT_INDEX}/query`,
    accept: 'application/json',
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-algolia-application-id': credentials.appId,
      'x-algolia-api-key': credentials.apiKey,
      referer: `${config.baseUrls.jane}/`,
    },
    body: JSON.stringify({
      query: '',
      filters: `store_id = ${storeId}`,
      hitsPerPage: HITS_PER_PAGE,
      page,
    }),
  };
}

/**
 * Algolia's error answer, `{"message": "Invalid Application-ID or API key", "status": 403}`: a key
 * that rotated or is refused off Jane's site (platforms.md 0 and 2.1) is a block the browser
 * transport gets past; any other message means the query itself no longer fits.
 */
function rejection(body: unknown): Error | undefined {
  const message = text(at(body, 'message'));
  if (message === undefined) return undefined;
  return /api[- ]?key|application[- ]?id|not enough rights|forbidden/i.test(message)
    ? new BlockedError(`Jane's Algolia refused the search key: ${message}`)
    : new SchemaChangedError(`Jane's Algolia answered an error: ${message}`);
}

/** The product results of a multi-query answer, skipping other indexes' (platforms.md 2.1). */
function multiQueryHits(results: unknown[]): unknown[] {
  return results
    .filter((result) => {
      const index = at(result, 'index');
      return index === undefined || index === PRODUCT_INDEX;
    })
    .flatMap((result) => list(at(result, 'hits')));
}

/**
 * A dmerch product row: `{product_id, object_id, search_attributes, ad_token…}`, whose
 * `search_attributes` is the Algolia record (platforms.md 2.2); a row asked for without search
 * attributes is read as the record itself.
 */
const dmerchRecord = (row: unknown): unknown => at(row, 'search_attributes') ?? row;

/**
 * The product records of one answer: an index query (`hits`), a multi-query (`results[].hits`),
 * or the dmerch answers Jane's own and embedded menus load: `/v2/multi` has
 * `placements[].products[]`, `/v2/smart` (one placement) has `products[]` (platforms.md 2.2).
 * Anything else means the format changed.
 */
export function productHits(body: unknown): unknown[] {
  const hits = at(body, 'hits');
  if (Array.isArray(hits)) return hits as unknown[];
  const results = at(body, 'results');
  if (Array.isArray(results)) return multiQueryHits(results as unknown[]);
  const placements = at(body, 'placements');
  if (Array.isArray(placements)) {
    return (placements as unknown[])
      .flatMap((placement) => list(at(placement, 'products')))
      .map(dmerchRecord);
  }
  const products = at(body, 'products');
  if (Array.isArray(products)) return (products as unknown[]).map(dmerchRecord);
  throw (
    rejection(body) ??
    new SchemaChangedError('Jane answer has no hits, results, placements or products')
  );
}

/** How many pages the query has (`nbPages`, platforms.md 2.1); 1 when the answer does not say. */
export function pageCount(body: unknown): number {
  productHits(body);
  const pages = at(body, 'nbPages') ?? at(body, 'results', 0, 'nbPages');
  return typeof pages === 'number' && Number.isInteger(pages) && pages > 0 ? pages : 1;
}

/** Whether a response the browser saw is a product query of Jane's (Algolia or dmerch). */
export function isProductResponse(url: string, body: unknown): boolean {
  if (url.includes(`/1/indexes/${PRODUCT_INDEX}/`)) return Array.isArray(at(body, 'hits'));
  if (/\/1\/indexes\/(?:\*|%2A)\/queries/i.test(url)) {
    return list(at(body, 'results')).some((result) => at(result, 'index') === PRODUCT_INDEX);
  }
  if (url.includes('/v2/multi')) return Array.isArray(at(body, 'placements'));
  return url.includes('/v2/smart') && Array.isArray(at(body, 'products'));
}

import { SchemaChangedError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import type { PlatformConfig, Received, RequestPlan } from '../types';
import {
  credentialsFromStorePage,
  HITS_PER_PAGE,
  pageCount,
  productQuery,
  type AlgoliaCredentials,
} from './algolia';
import { PRODUCTS } from './parse';
import { MAX_ITEMS, pageLabel, pagesOf } from '../shared/received';
import { janeStore, storePagePath } from './store';
import { STORE_RECORD, storeRecordRequest } from './store-record';

export const STORE_PAGE = 'store-page';

/**
 * The configured search key, else the one the store page publishes (read once that page is in);
 * undefined while the page is still to be fetched.
 */
function credentials(
  received: readonly Received[],
  config: PlatformConfig,
): AlgoliaCredentials | undefined {
  const { appId, apiKey } = config.janeAlgolia;
  if (apiKey) return { appId, apiKey };
  const page = received.find(({ label }) => label === STORE_PAGE);
  if (!page) return undefined;
  const found = credentialsFromStorePage(page.body, appId);
  if (!found) throw new SchemaChangedError('Jane store page has no jane-app-secrets algoliaApiKey');
  return found;
}

/**
 * Jane in steps: the store page first when no search key is configured (platforms.md 2.1), then
 * the product index page by page until `nbPages`, `config.maxPages` or MAX_ITEMS products, then
 * the store's own record (its hours), once.
 */
export function plan(
  entry: RegistryEntry,
  received: readonly Received[],
  config: PlatformConfig,
): RequestPlan[] {
  const store = janeStore(entry);
  const keys = credentials(received, config);
  if (!keys) {
    const url = `${config.baseUrls.jane}${storePagePath(store)}`;
    return [{ label: STORE_PAGE, url, accept: 'text/html' }];
  }
  const pages = pagesOf(received, PRODUCTS);
  const last = pages.at(-1);
  const next = pages.length;
  const limit = Math.min(config.maxPages, Math.ceil(MAX_ITEMS / HITS_PER_PAGE));
  if (last && (next >= pageCount(last.body) || next >= limit)) {
    const asked = received.some(({ label }) => label === STORE_RECORD);
    return asked ? [] : [storeRecordRequest(config, store)];
  }
  return [productQuery(config, keys, store.id, next, pageLabel(PRODUCTS, next))];
}

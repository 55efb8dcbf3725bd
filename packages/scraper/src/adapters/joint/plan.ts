import type { RegistryEntry } from '../../registry';
import { at, list } from '../shared/deal-fields';
import { listingPageLabel, nextPage, originOf, requiredField } from '../shared/paging';
import type { PlatformConfig, Received, RequestPlan } from '../types';

/** research/platforms.md section 7: the plugin's Elasticsearch proxy on the store's WordPress. */
export const SEARCH_PATH = '/wp-json/joint-ecommerce/v1/products/';
/** Section 7 (cana-scrape): 100 hits per request, paged with `from`. */
const PAGE_SIZE = 100;

/** Only the fields parse reads, so answers stay small (section 7's `_source.includes`). */
const SOURCE_FIELDS = [
  'jointId',
  'businessId',
  'name',
  'category',
  'subCategory',
  'strainType',
  'brandName',
  'urlFragment',
  'primaryImage',
  'images',
  'menuType',
  'variants',
  'applicableSpecials',
];

/**
 * Joint Commerce: `_search` on the store's own site for its business id (the registry's
 * platformId), recreational menu, page by page until a short page, the hit total or
 * `config.maxPages`.
 */
export function plan(
  entry: RegistryEntry,
  received: readonly Received[],
  config: PlatformConfig,
): RequestPlan[] {
  const menuUrl = requiredField(entry, 'menuUrl', "the store's Joint Commerce menu page");
  const businessId = requiredField(entry, 'platformId', 'the Joint Commerce business id');
  const page = nextPage(received, {
    pageSize: PAGE_SIZE,
    maxPages: config.maxPages,
    itemCount: (body) => hitsIn(body)?.length,
    total: (body) => totalIn(body),
  });
  if (page === undefined) return [];
  return [
    {
      label: listingPageLabel(page),
      url: `${originOf(entry, menuUrl)}${SEARCH_PATH}${encodeURIComponent(businessId)}/_search`,
      accept: 'application/json',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: originOf(entry, menuUrl),
        referer: menuUrl,
      },
      body: JSON.stringify(searchBody(businessId, (page - 1) * PAGE_SIZE)),
    },
  ];
}

/**
 * Section 7's query: filter on the business and the recreational menu. No sort and no `aggs`:
 * a filter-only query keeps index order, which pages stably, and facets are not read.
 */
function searchBody(businessId: string, from: number) {
  return {
    from,
    size: PAGE_SIZE,
    _source: { includes: SOURCE_FIELDS },
    query: {
      bool: {
        filter: [
          { bool: { should: [{ term: { businessId } }] } },
          { bool: { should: [{ term: { menuType: 'RECREATIONAL' } }] } },
        ],
      },
    },
  };
}

/** The hits of an Elasticsearch answer (`hits.hits`), or undefined when it is not one. */
export function hitsIn(body: unknown): unknown[] | undefined {
  const hits = Array.isArray(body) ? body : at(body, 'hits', 'hits');
  return Array.isArray(hits) ? list(hits) : undefined;
}

/** `hits.total` is `{value}` in Elasticsearch 7+, a number before. */
function totalIn(body: unknown): number | undefined {
  const total = at(body, 'hits', 'total');
  const value = typeof total === 'number' ? total : at(total, 'value');
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

import type { RegistryEntry } from '../../registry';
import { at, list, text } from '../shared/deal-fields';
import { listingPageLabel, nextPage, originOf, requiredField } from '../shared/paging';
import type { PlatformConfig, Received, RequestPlan } from '../types';

/** research/platforms.md section 6: 50 per page, paged with `skip` until a short page. */
const PAGE_SIZE = 50;

/**
 * Dispense: the venue's products, page by page with skip/limit, from the shared API host. The
 * registry's platformId is the venue id; 'venue/category' reads one product category, the path
 * the research recorded.
 */
export function plan(
  entry: RegistryEntry,
  received: readonly Received[],
  config: PlatformConfig,
): RequestPlan[] {
  const [venueId = '', categoryId] = requiredField(entry, 'platformId', 'the Dispense venue id')
    .split('/')
    .map((part) => part.trim());
  const page = nextPage(received, {
    pageSize: PAGE_SIZE,
    maxPages: config.maxPages,
    itemCount: (body) => productsIn(body)?.length,
  });
  if (page === undefined) return [];
  return [
    {
      label: listingPageLabel(page),
      url: productsUrl(config.baseUrls.dispense, venueId, categoryId, (page - 1) * PAGE_SIZE),
      accept: 'application/json',
      headers: headers(entry, config),
    },
  ];
}

/** The products of an answer (`data`), or undefined when it is not a product listing. */
export function productsIn(body: unknown): unknown[] | undefined {
  const products = Array.isArray(body) ? body : at(body, 'data');
  return Array.isArray(products) ? list(products) : undefined;
}

/**
 * Section 6's query: in-store pickup, grouped by product (sizes arrive as `variants`), only
 * enabled products in stock. `trackSearch` is left out: we are not a shopper to count.
 */
function productsUrl(
  base: string,
  venueId: string,
  categoryId: string | undefined,
  skip: number,
): string {
  const venue = `${base.replace(/\/+$/, '')}/v1/venues/${encodeURIComponent(venueId)}`;
  const path = categoryId
    ? `${venue}/product-categories/${encodeURIComponent(categoryId)}/products`
    : `${venue}/products`;
  const query = new URLSearchParams({
    sort: 'price',
    limit: String(PAGE_SIZE),
    skip: String(skip),
    active: 'true',
    quantityMin: '1',
    group: 'true',
    enable: 'true',
    orderPickUpType: 'IN_STORE',
  });
  return `${path}?${query.toString()}`;
}

/**
 * Section 6: the API wants the public menu key every Dispense storefront ships in its bundle
 * (`api-key`). It is configuration (`dispenseApiKey`); without it the request goes out bare and a
 * refusal is reported.
 */
function headers(entry: RegistryEntry, config: PlatformConfig): Record<string, string> {
  const apiKey = text(config.dispenseApiKey, 100);
  const site = entry.website ?? entry.menuUrl;
  return {
    ...(apiKey ? { 'api-key': apiKey } : {}),
    ...(site ? { origin: originOf(entry, site), referer: site } : {}),
  };
}

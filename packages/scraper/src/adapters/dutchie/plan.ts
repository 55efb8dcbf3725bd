import { SchemaChangedError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import { text } from '../shared/deal-fields';
import type { PlatformConfig, Received, RequestPlan } from '../types';
import {
  assertUsable,
  dispensaryCName,
  dispensaryOf,
  payloadsOf,
  productsLabel,
  productsOf,
  totalPagesOf,
  type Operation,
} from './graphql';

/** The numbered endpoint the live menu used on 2026-06-24 (research 1.1). */
const GRAPHQL_PATH = '/api-3/graphql';
/** Products per page, as the live menu asks (research 1.2). */
const PER_PAGE = 50;

/**
 * Dutchie in two steps (research 1.2): `ConsumerDispensaries` turns the cName into the store's
 * id; then `FilteredProducts` page 0 with the store's special cards and specials, and further
 * product pages one at a time until a short page, the last page or `config.maxPages`.
 */
export function plan(
  entry: RegistryEntry,
  received: readonly Received[],
  config: PlatformConfig,
): RequestPlan[] {
  assertUsable(received);
  const cName = dispensaryCName(entry);
  const store = payloadsOf(received, 'store')[0];
  if (!store) {
    return [
      persistedQuery(config, 'ConsumerDispensaries', 'store', {
        dispensaryFilter: { cNameOrID: cName },
      }),
    ];
  }
  const dispensaryId = text(dispensaryOf(store, cName).id, 100);
  if (!dispensaryId) throw new SchemaChangedError('Dutchie ConsumerDispensaries gave no store id');

  const pages = payloadsOf(received, 'products');
  if (pages.length === 0) {
    return [
      productsPage(config, dispensaryId, 0),
      persistedQuery(config, 'GetSpecialMenuCards', 'special-cards', {
        dispensaryId,
        menuType: 'REC',
        platformType: 'ONLINE_MENU',
      }),
      persistedQuery(config, 'FilteredSpecials', 'specials', {
        includeEnterpriseSpecials: false,
        specialsFilter: {
          dispensaryId,
          current: true,
          platformType: 'ONLINE_MENU',
          preOrderType: null,
        },
      }),
    ];
  }
  const next = nextPage(pages, config.maxPages);
  return next === undefined ? [] : [productsPage(config, dispensaryId, next)];
}

/** The page after the last one received, unless that one ended the menu or the cap is reached. */
function nextPage(pages: readonly Received[], maxPages: number): number | undefined {
  const last = pages[pages.length - 1];
  const next = pages.length;
  if (!last || productsOf(last).length < PER_PAGE) return undefined;
  const totalPages = totalPagesOf(last);
  if (totalPages !== undefined && next >= totalPages) return undefined;
  return next < Math.max(1, maxPages) ? next : undefined;
}

/** The variables of the live menu's request (research 1.2), for the recreational menu. */
function productsPage(config: PlatformConfig, dispensaryId: string, page: number): RequestPlan {
  return persistedQuery(config, 'FilteredProducts', productsLabel(page), {
    includeEnterpriseSpecials: false,
    productsFilter: {
      dispensaryId,
      pricingType: 'rec',
      strainTypes: [],
      subcategories: [],
      Status: 'Active',
      types: [],
      useCache: true,
      isDefaultSort: true,
      sortBy: 'popularSortIdx',
      sortDirection: 1,
      bypassOnlineThresholds: false,
      isKioskMenu: false,
      removeProductsBelowOptionThresholds: true,
      platformType: 'ONLINE_MENU',
      preOrderType: null,
    },
    page,
    perPage: PER_PAGE,
  });
}

/**
 * A persisted-query GET (research 1.2): the operation, its variables and the configured hash as
 * URL-encoded JSON, with the headers Dutchie's own client sends (2026: Apollo's CSRF preflight
 * headers, which a GET needs to be accepted).
 */
function persistedQuery(
  config: PlatformConfig,
  operation: Operation,
  label: string,
  variables: Record<string, unknown>,
): RequestPlan {
  const extensions = {
    persistedQuery: { version: 1, sha256Hash: config.dutchieHashes[operation] },
  };
  const query = [
    `operationName=${encodeURIComponent(operation)}`,
    `variables=${encodeURIComponent(JSON.stringify(variables))}`,
    `extensions=${encodeURIComponent(JSON.stringify(extensions))}`,
  ].join('&');
  return {
    label,
    url: `${config.baseUrls.dutchie.replace(/\/+$/, '')}${GRAPHQL_PATH}?${query}`,
    accept: 'application/json',
    headers: {
      accept: 'application/json',
      'apollographql-client-name': 'Marketplace (production)',
      'apollo-require-preflight': 'true',
      'x-apollo-operation-name': operation,
    },
  };
}

import { describe, expect, it } from 'vitest';
import { BlockedError, NotFoundError, SchemaChangedError } from '../../errors';
import { DEFAULT_PLATFORM_CONFIG } from '../../platform-config';
import type { PlatformConfig, Received, RequestPlan } from '../types';
import { plan } from './plan';
import { ARCH_CITY, received, recorded } from './payloads/recorded';

const STORE_ID = '64f1c2a9e8b7d60012a3b4c5';
const config: PlatformConfig = {
  ...DEFAULT_PLATFORM_CONFIG,
  baseUrls: { ...DEFAULT_PLATFORM_CONFIG.baseUrls, dutchie: 'http://127.0.0.1:4010/' },
  dutchieHashes: {
    FilteredProducts: 'a'.repeat(64),
    GetSpecialMenuCards: 'b'.repeat(64),
    FilteredSpecials: 'c'.repeat(64),
    ConsumerDispensaries: 'd'.repeat(64),
    DispensarySearch: '',
  },
  maxPages: 20,
};

/** The query of a planned GET, its JSON parameters decoded. */
function query(request: RequestPlan) {
  const url = new URL(request.url);
  return {
    origin: url.origin,
    path: url.pathname,
    operationName: url.searchParams.get('operationName'),
    variables: JSON.parse(url.searchParams.get('variables') ?? 'null') as unknown,
    extensions: JSON.parse(url.searchParams.get('extensions') ?? 'null') as unknown,
  };
}

const answer = (request: RequestPlan, body: unknown): Received => ({
  label: request.label,
  url: request.url,
  body,
});

/** A FilteredProducts page with `count` products, optionally saying how many pages there are. */
const productsBody = (count: number, totalPages?: number) => ({
  data: {
    filteredProducts: {
      products: Array.from({ length: count }, (_, index) => ({ id: `p${index}` })),
      ...(totalPages === undefined ? {} : { queryInfo: { totalCount: 0, totalPages } }),
    },
  },
});

/** Runs the plan to its end, answering every product page with `pageBody(page)`. */
function pagesPlanned(pageBody: (page: number) => unknown, maxPages = config.maxPages): number {
  const answered: Received[] = [received('store', 'consumer-dispensaries.json')];
  for (;;) {
    const requests = plan(ARCH_CITY, answered, { ...config, maxPages });
    if (requests.length === 0) break;
    for (const request of requests) {
      const page = (query(request).variables as { page?: number }).page ?? 0;
      answered.push(answer(request, request.label.startsWith('products') ? pageBody(page) : {}));
    }
    if (answered.length > 100) throw new Error('the plan does not end');
  }
  return answered.filter((payload) => payload.label.startsWith('products')).length;
}

describe('plan, step by step on the recorded store', () => {
  const step1 = plan(ARCH_CITY, [], config);
  const store = answer(step1[0]!, recorded('consumer-dispensaries.json'));
  const step2 = plan(ARCH_CITY, [store], config);
  const afterStep2 = step2.map((request) =>
    answer(
      request,
      recorded(
        {
          'products:0': 'filtered-products-page-0.json',
          'special-cards': 'get-special-menu-cards.json',
          specials: 'filtered-specials.json',
        }[request.label] ?? 'missing',
      ),
    ),
  );
  const step3 = plan(ARCH_CITY, [store, ...afterStep2], config);
  const page1 = answer(step3[0]!, recorded('filtered-products-page-1.json'));
  const step4 = plan(ARCH_CITY, [store, ...afterStep2, page1], config);

  it('1: looks the store up by its cName', () => {
    expect(step1.map((request) => request.label)).toEqual(['store']);
    expect(query(step1[0]!)).toEqual({
      origin: 'http://127.0.0.1:4010',
      path: '/api-3/graphql',
      operationName: 'ConsumerDispensaries',
      variables: { dispensaryFilter: { cNameOrID: 'arch-city-cannabis-soulard' } },
      extensions: { persistedQuery: { version: 1, sha256Hash: 'd'.repeat(64) } },
    });
  });

  it("2: asks for products page 0, the special cards and the specials with the store's id", () => {
    expect(step2.map((request) => request.label)).toEqual([
      'products:0',
      'special-cards',
      'specials',
    ]);
    const [products, cards, specials] = step2.map(query);
    expect(products).toMatchObject({
      operationName: 'FilteredProducts',
      variables: {
        includeEnterpriseSpecials: false,
        productsFilter: { dispensaryId: STORE_ID, pricingType: 'rec', Status: 'Active' },
        page: 0,
        perPage: 50,
      },
      extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } },
    });
    expect(cards).toMatchObject({
      operationName: 'GetSpecialMenuCards',
      variables: { dispensaryId: STORE_ID, menuType: 'REC', platformType: 'ONLINE_MENU' },
      extensions: { persistedQuery: { sha256Hash: 'b'.repeat(64) } },
    });
    expect(specials).toMatchObject({
      operationName: 'FilteredSpecials',
      variables: {
        includeEnterpriseSpecials: false,
        specialsFilter: { dispensaryId: STORE_ID, current: true, platformType: 'ONLINE_MENU' },
      },
      extensions: { persistedQuery: { sha256Hash: 'c'.repeat(64) } },
    });
  });

  it('3: asks for page 1 after a full page 0 of 2', () => {
    expect(step3.map((request) => request.label)).toEqual(['products:1']);
    expect(query(step3[0]!).variables).toMatchObject({ page: 1, perPage: 50 });
  });

  it('4: stops after the short last page', () => {
    expect(step4).toEqual([]);
  });

  it("GETs JSON with the Apollo client's headers", () => {
    for (const request of [...step1, ...step2, ...step3]) {
      expect(request.method ?? 'GET').toBe('GET');
      expect(request.accept).toBe('application/json');
      expect(request.headers).toEqual({
        accept: 'application/json',
        'apollographql-client-name': 'Marketplace (production)',
        'apollo-require-preflight': 'true',
        'x-apollo-operation-name': query(request).operationName,
      });
    }
  });
});

describe('plan pagination', () => {
  it('stops at a page shorter than perPage', () => {
    expect(pagesPlanned((page) => productsBody(page < 3 ? 50 : 12))).toBe(4);
  });

  it('stops at the last page the menu counts', () => {
    expect(pagesPlanned(() => productsBody(50, 3))).toBe(3);
  });

  it('stops at config.maxPages, and reads page 0 even at 0', () => {
    expect(pagesPlanned(() => productsBody(50), 5)).toBe(5);
    expect(pagesPlanned(() => productsBody(50), 0)).toBe(1);
  });
});

describe('plan URLs', () => {
  it('URL-encodes the variables, whatever the cName holds', () => {
    const odd = { ...ARCH_CITY, platformId: 'a&b=c d/é"' };
    const [request] = plan(odd, [], config);
    expect(request?.url).not.toMatch(/[ "{}é]/);
    expect(query(request!).variables).toEqual({ dispensaryFilter: { cNameOrID: 'a&b=c d/é"' } });
  });

  it('uses the configured base URL and hashes (defaults: dutchie.com)', () => {
    const [request] = plan(ARCH_CITY, [], DEFAULT_PLATFORM_CONFIG);
    expect(request?.url).toMatch(
      /^https:\/\/dutchie\.com\/api-3\/graphql\?operationName=ConsumerDispensaries&variables=/,
    );
    expect(query(request!).extensions).toEqual({
      persistedQuery: {
        version: 1,
        sha256Hash: DEFAULT_PLATFORM_CONFIG.dutchieHashes.ConsumerDispensaries,
      },
    });
  });
});

describe('plan recognises failures in what it received', () => {
  const store = received('store', 'consumer-dispensaries.json');

  it('PersistedQueryNotFound, naming the operation', () => {
    const gone = received('products:0', 'persisted-query-not-found.json');
    expect(() => plan(ARCH_CITY, [store, gone], config)).toThrow(SchemaChangedError);
    expect(() => plan(ARCH_CITY, [store, gone], config)).toThrow(/FilteredProducts/);
  });

  it('a Cloudflare page', () => {
    const blocked = received('store', 'cloudflare-challenge.html');
    expect(() => plan(ARCH_CITY, [blocked], config)).toThrow(BlockedError);
  });

  it('a store Dutchie does not know, or a registry entry without a cName', () => {
    const none = received('store', 'consumer-dispensaries-not-found.json');
    expect(() => plan(ARCH_CITY, [none], config)).toThrow(NotFoundError);
    expect(() => plan({ ...ARCH_CITY, platformId: undefined }, [], config)).toThrow(NotFoundError);
  });

  it('a store without an id, or a products page without products', () => {
    const noId: Received = {
      label: 'store',
      url: '',
      body: { data: { filteredDispensaries: [{}] } },
    };
    const noProducts: Received = { label: 'products:0', url: '', body: { data: null } };
    expect(() => plan(ARCH_CITY, [noId], config)).toThrow(SchemaChangedError);
    expect(() => plan(ARCH_CITY, [store, noProducts], config)).toThrow(SchemaChangedError);
  });
});

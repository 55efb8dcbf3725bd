import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BlockedError, NotFoundError, SchemaChangedError } from '../../errors';
import { DEFAULT_PLATFORM_CONFIG } from '../../platform-config';
import type { RegistryEntry } from '../../registry';
import { planToEnd } from '../shared/testing';
import type { PlatformConfig, RequestPlan } from '../types';
import { plan } from './plan';

const storePage = readFileSync(new URL('./payloads/store-page.html', import.meta.url), 'utf8');

const entry: RegistryEntry = {
  key: 'gateway-greens-the-grove',
  name: 'Gateway Greens - The Grove',
  platform: 'jane',
  platformId: '4820',
  menuUrl: 'https://www.iheartjane.com/stores/4820/gateway-greens-the-grove/menu',
};

const config = (overrides: Partial<PlatformConfig> = {}): PlatformConfig => ({
  ...DEFAULT_PLATFORM_CONFIG,
  baseUrls: {
    ...DEFAULT_PLATFORM_CONFIG.baseUrls,
    janeAlgolia: 'http://sim.test/algolia',
    jane: 'http://sim.test/jane',
  },
  janeAlgolia: { appId: 'VFM4X0N23A', apiKey: 'configuredkey0123456789abcdef' },
  ...overrides,
});

/** Runs plan to the end, answering each request with `answer(request)`. */
const runPlan = (
  cfg: PlatformConfig,
  answer: (request: RequestPlan) => unknown,
  target: RegistryEntry = entry,
): RequestPlan[] => planToEnd(plan, target, cfg, answer);

const pageOf = (request: RequestPlan) =>
  (JSON.parse(request.body ?? '{}') as { page: number }).page;
const hitsPage = (nbPages: number) => (request: RequestPlan) =>
  request.accept === 'text/html' ? storePage : { hits: [], page: pageOf(request), nbPages };

describe('jane plan', () => {
  it('queries the product index with the configured key, filtered by store id', () => {
    const [request] = runPlan(config(), hitsPage(1));
    expect(request).toEqual({
      label: 'products-page-0',
      url: 'http://sim.test/algolia/1/indexes/menu-products-production/query',
      accept: 'application/json',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-algolia-application-id': 'VFM4X0N23A',
        'x-algolia-api-key': 'configuredkey0123456789abcdef',
        referer: 'http://sim.test/jane/',
      },
      body: JSON.stringify({
        query: '',
        filters: 'store_id = 4820',
        hitsPerPage: 500,
        page: 0,
      }),
    });
  });

  it('pages until nbPages', () => {
    const asked = runPlan(config(), hitsPage(3));
    expect(asked.map((request) => request.label)).toEqual([
      'products-page-0',
      'products-page-1',
      'products-page-2',
      'store-record',
    ]);
    expect(asked.slice(0, 3).map(pageOf)).toEqual([0, 1, 2]);
  });

  it("asks the store's own record once, last, as a request the menu does not need", () => {
    const asked = runPlan(config(), hitsPage(1));
    expect(asked.at(-1)).toEqual({
      label: 'store-record',
      url: 'http://sim.test/jane/api/v1/stores/4820',
      accept: 'application/json',
      optional: true,
    });
    // Not answered (a failed optional request has no body): not asked again.
    const received = [
      { label: 'products-page-0', url: 'x', body: { hits: [], page: 0, nbPages: 1 } },
      { label: 'store-record', url: 'x', body: undefined },
    ];
    expect(plan(entry, received, config())).toEqual([]);
  });

  const menuPages = (asked: RequestPlan[]) =>
    asked.filter((request) => request.label.startsWith('products-page-'));

  it('stops at config.maxPages', () => {
    expect(menuPages(runPlan(config({ maxPages: 1 }), hitsPage(9)))).toHaveLength(1);
  });

  it('stops at 2,000 products (four pages of 500) whatever maxPages says', () => {
    expect(menuPages(runPlan(config({ maxPages: 20 }), hitsPage(9)))).toHaveLength(4);
  });

  it('reads the search key from the store page when none is configured', () => {
    const cfg = config({ janeAlgolia: { appId: 'FALLBACK1', apiKey: '' } });
    const [page, query, ...rest] = runPlan(cfg, hitsPage(1)).filter(
      (request) => request.label !== 'store-record',
    );
    expect(page).toEqual({
      label: 'store-page',
      url: 'http://sim.test/jane/stores/4820/gateway-greens-the-grove/menu',
      accept: 'text/html',
    });
    expect(query?.headers).toMatchObject({
      'x-algolia-application-id': 'VFM4X0N23A',
      'x-algolia-api-key': '6f1c0e5a9b2d4c7e8a3f0b1d2c4e6a8b',
    });
    expect(rest).toEqual([]);
  });

  it('opens the embeddable menu when only the store id is known', () => {
    const cfg = config({ janeAlgolia: { appId: 'VFM4X0N23A', apiKey: '' } });
    const [request] = plan({ ...entry, menuUrl: undefined }, [], cfg);
    expect(request?.url).toBe('http://sim.test/jane/embed/stores/4820/menu');
  });

  it.each([
    ['a page without jane-app-secrets', '<html><body>Menu</body></html>'],
    [
      'a key with characters no key has',
      '<script id="jane-app-secrets" type="application/json">{"algoliaApiKey":"abc\\r\\nx-evil: 1abcdefghijkl"}</script>',
    ],
    ['a page that is not text', { hits: [] }],
  ])('fails as schema-changed on %s', (_, body) => {
    const cfg = config({ janeAlgolia: { appId: 'VFM4X0N23A', apiKey: '' } });
    const received = [{ label: 'store-page', url: 'http://sim.test/jane', body }];
    expect(() => plan(entry, received, cfg)).toThrow(SchemaChangedError);
  });

  it('fails as blocked when Algolia refuses the key', () => {
    const refused = { message: 'Invalid Application-ID or API key', status: 403 };
    expect(() => runPlan(config(), () => refused)).toThrow(BlockedError);
  });

  it('fails as schema-changed on an answer without hits', () => {
    expect(() => runPlan(config(), () => ({ unexpected: true }))).toThrow(SchemaChangedError);
  });

  it.each([
    ['no store id', { ...entry, platformId: undefined, menuUrl: undefined }],
    ['a store id that is not a number', { ...entry, platformId: '4820 OR 1=1' }],
  ])('fails as not-found with %s', (_, target) => {
    expect(() => plan(target, [], config())).toThrow(NotFoundError);
  });

  it('takes the store id from the menu URL when platformId is missing', () => {
    const [request] = plan({ ...entry, platformId: undefined }, [], config());
    expect(request?.body).toContain('store_id = 4820');
  });
});

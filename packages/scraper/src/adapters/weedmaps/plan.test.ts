import { describe, expect, it } from 'vitest';
import { NotFoundError, SchemaChangedError } from '../../errors';
import { DEFAULT_PLATFORM_CONFIG } from '../../platform-config';
import type { RegistryEntry } from '../../registry';
import { planToEnd } from '../shared/testing';
import type { PlatformConfig, RequestPlan } from '../types';
import { plan } from './plan';

const entry: RegistryEntry = {
  key: 'riverfront-remedies-st-charles',
  name: 'Riverfront Remedies - St. Charles',
  platform: 'weedmaps',
  platformId: 'riverfront-remedies-st-charles',
};

const config = (maxPages = 20): PlatformConfig => ({
  ...DEFAULT_PLATFORM_CONFIG,
  baseUrls: { ...DEFAULT_PLATFORM_CONFIG.baseUrls, weedmaps: 'http://sim.test/wm' },
  maxPages,
});

const page = (size: number) => ({
  meta: {},
  data: { menu_items: Array.from({ length: size }, (_, id) => ({ id })) },
});

/** Runs plan to the end, answering page n with `sizes[n - 1]` items. */
const runPlan = (cfg: PlatformConfig, sizes: number[], target = entry): RequestPlan[] =>
  planToEnd(plan, target, cfg, (_, n) => page(sizes[n - 1] ?? 0));

describe('weedmaps plan', () => {
  it('asks the discovery API for the first page of menu items with their specials', () => {
    expect(plan(entry, [], config())).toEqual([
      {
        label: 'menu-items-page-1',
        url: 'http://sim.test/wm/discovery/v1/listings/dispensaries/riverfront-remedies-st-charles/menu_items?sort_by=position&page=1&page_size=100&include[]=applicable_specials',
        accept: 'application/json',
      },
    ]);
  });

  it('pages while pages are full', () => {
    const asked = runPlan(config(), [100, 100, 37]);
    expect(asked.map(({ label }) => label)).toEqual([
      'menu-items-page-1',
      'menu-items-page-2',
      'menu-items-page-3',
      'listing',
    ]);
    expect(asked[2]?.url).toContain('page=3&page_size=100');
  });

  it("asks the listing's own record once, last, as a request the menu does not need", () => {
    expect(runPlan(config(), [3]).at(-1)).toEqual({
      label: 'listing',
      url: 'http://sim.test/wm/discovery/v1/listings/dispensaries/riverfront-remedies-st-charles',
      accept: 'application/json',
      optional: true,
    });
    // Not answered (a failed optional request has no body): not asked again.
    const received = [
      { label: 'menu-items-page-1', url: 'x', body: page(3) },
      { label: 'listing', url: 'x', body: undefined },
    ];
    expect(plan(entry, received, config())).toEqual([]);
  });

  const menuPages = (asked: RequestPlan[]) =>
    asked.filter((request) => request.label.startsWith('menu-items-page-'));

  it('stops at config.maxPages', () => {
    expect(menuPages(runPlan(config(2), [100, 100, 100, 100]))).toHaveLength(2);
  });

  it('stops at 2,000 items (20 pages of 100) whatever maxPages says', () => {
    expect(menuPages(runPlan(config(50), Array(40).fill(100) as number[]))).toHaveLength(20);
  });

  it('takes the slug from a weedmaps.com menu URL', () => {
    const target = {
      ...entry,
      platformId: undefined,
      menuUrl: 'https://weedmaps.com/dispensaries/riverfront-remedies-st-charles/menu',
    };
    expect(plan(target, [], config())[0]?.url).toContain(
      '/dispensaries/riverfront-remedies-st-charles/menu_items?',
    );
  });

  it.each([
    ['no slug', { ...entry, platformId: undefined }],
    ['a slug with path characters', { ...entry, platformId: '../../v2/admin' }],
  ])('fails as not-found with %s', (_, target) => {
    expect(() => plan(target, [], config())).toThrow(NotFoundError);
  });

  it('fails on an answer it cannot read', () => {
    const received = (body: unknown) => [{ label: 'menu-items-page-1', url: 'x', body }];
    expect(() => plan(entry, received({ data: { listing: {} } }), config())).toThrow(
      SchemaChangedError,
    );
    const missing = { errors: [{ status: '404', title: 'Not Found' }] };
    expect(() => plan(entry, received(missing), config())).toThrow(NotFoundError);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NotFoundError, SchemaChangedError } from '../../errors';
import { DEFAULT_PLATFORM_CONFIG } from '../../platform-config';
import type { RegistryEntry } from '../../registry';
import { planToEnd } from '../shared/testing';
import type { PlatformConfig } from '../types';
import { plan } from './plan';

const menuPage = readFileSync(new URL('./payloads/menu-page-1.html', import.meta.url), 'utf8');

const entry: RegistryEntry = {
  key: 'mound-city-dispensary-south-grand',
  name: 'Mound City Dispensary - South Grand',
  platform: 'leafly',
  platformId: 'mound-city-dispensary-south-grand',
};

const config = (maxPages = 20): PlatformConfig => ({
  ...DEFAULT_PLATFORM_CONFIG,
  baseUrls: { ...DEFAULT_PLATFORM_CONFIG.baseUrls, leafly: 'http://sim.test/leafly' },
  maxPages,
});

/** A menu page of `shown` items out of `total`. */
const page = (shown: number, total: number) =>
  `<html><body><script id="__NEXT_DATA__" type="application/json">${JSON.stringify({
    props: {
      pageProps: {
        menuData: {
          menuItems: Array.from({ length: shown }, (_, id) => ({ id })),
          totalItems: total,
        },
      },
    },
  })}</script></body></html>`;

/** Runs plan to the end, answering every page with `answer()`. */
const runPlan = (cfg: PlatformConfig, answer: () => string, target = entry) =>
  planToEnd(plan, target, cfg, answer);

describe('leafly plan', () => {
  it('gets the menu page, as HTML', () => {
    expect(plan(entry, [], config())).toEqual([
      {
        label: 'menu-page-1',
        url: 'http://sim.test/leafly/dispensary-info/mound-city-dispensary-south-grand/menu',
        accept: 'text/html',
      },
    ]);
  });

  it('stops after one page when the first page shows the whole menu', () => {
    expect(runPlan(config(), () => menuPage)).toHaveLength(1);
  });

  it('pages by totalItems over the items a page shows', () => {
    const asked = runPlan(config(), () => page(18, 40));
    expect(asked.map(({ url }) => url.split('/menu')[1])).toEqual(['', '?page=2', '?page=3']);
    expect(asked.map(({ label }) => label)).toEqual(['menu-page-1', 'menu-page-2', 'menu-page-3']);
  });

  it('stops at config.maxPages', () => {
    expect(runPlan(config(2), () => page(18, 400))).toHaveLength(2);
  });

  it('stops at 2,000 items whatever maxPages says', () => {
    expect(runPlan(config(500), () => page(100, 100_000))).toHaveLength(20);
  });

  it('takes the slug from a leafly.com menu URL', () => {
    const target = {
      ...entry,
      platformId: undefined,
      menuUrl: 'https://www.leafly.com/dispensary-info/mound-city-dispensary-south-grand/menu',
    };
    expect(plan(target, [], config())[0]?.url).toContain(
      '/dispensary-info/mound-city-dispensary-south-grand/menu',
    );
  });

  it.each([
    ['no slug', { ...entry, platformId: undefined }],
    ['a slug with path characters', { ...entry, platformId: 'x/../../admin' }],
  ])('fails as not-found with %s', (_, target) => {
    expect(() => plan(target, [], config())).toThrow(NotFoundError);
  });

  it('fails as schema-changed on a page without __NEXT_DATA__', () => {
    const received = [{ label: 'menu-page-1', url: 'x', body: '<html><body>Menu</body></html>' }];
    expect(() => plan(entry, received, config())).toThrow(SchemaChangedError);
  });
});

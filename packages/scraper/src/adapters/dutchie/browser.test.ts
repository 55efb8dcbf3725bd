import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_CONFIG } from '../../platform-config';
import type { Received } from '../types';
import { labelOf, pageUrl } from './browser';
import { plan } from './plan';
import { ARCH_CITY, recorded } from './payloads/recorded';

describe('browser.pageUrl', () => {
  it("is the embedded menu's specials page under the configured base", () => {
    expect(pageUrl(ARCH_CITY, DEFAULT_PLATFORM_CONFIG)).toBe(
      'https://dutchie.com/embedded-menu/arch-city-cannabis-soulard/specials',
    );
    const local = {
      ...DEFAULT_PLATFORM_CONFIG,
      baseUrls: { ...DEFAULT_PLATFORM_CONFIG.baseUrls, dutchie: 'http://127.0.0.1:4010/' },
    };
    expect(pageUrl(ARCH_CITY, local)).toBe(
      'http://127.0.0.1:4010/embedded-menu/arch-city-cannabis-soulard/specials',
    );
  });

  it('is null for an entry without a cName', () => {
    expect(pageUrl({ ...ARCH_CITY, platformId: undefined }, DEFAULT_PLATFORM_CONFIG)).toBeNull();
  });
});

describe('browser.labelOf', () => {
  it("gives the menu's GETs the labels plan gives the same requests", () => {
    const store: Received = {
      label: 'store',
      url: '',
      body: recorded('consumer-dispensaries.json'),
    };
    const requests = [
      ...plan(ARCH_CITY, [], DEFAULT_PLATFORM_CONFIG),
      ...plan(ARCH_CITY, [store], DEFAULT_PLATFORM_CONFIG),
    ];
    for (const request of requests) expect(labelOf(request.url, {})).toBe(request.label);
  });

  it('reads the page of a FilteredProducts GET', () => {
    const variables = encodeURIComponent(JSON.stringify({ page: 3, perPage: 50 }));
    expect(
      labelOf(
        `https://dutchie.com/api-4/graphql?operationName=FilteredProducts&variables=${variables}`,
        {},
      ),
    ).toBe('products:3');
    expect(labelOf('https://dutchie.com/api-4/graphql?operationName=FilteredProducts', {})).toBe(
      'products:0',
    );
  });

  it('labels a POST by the field its data holds', () => {
    const url = 'https://shop.example/api-2/graphql';
    expect(labelOf(url, { data: { filteredDispensaries: [] } })).toBe('store');
    expect(labelOf(url, { data: { filteredProducts: { products: [] } } })).toBe('products:0');
    expect(labelOf(url, { data: { getPersonalizedProducts: { products: [] } } })).toBe(
      'products:personalized',
    );
    expect(labelOf(url, { data: { getSpecialMenuCards: { menuCards: [] } } })).toBe(
      'special-cards',
    );
    expect(labelOf(url, { data: { filteredSpecials: [] } })).toBe('specials');
  });

  it('ignores everything else the page loads', () => {
    expect(
      labelOf('https://dutchie.com/api-3/graphql?operationName=GetMenuBanners', {}),
    ).toBeNull();
    expect(labelOf('https://dutchie.com/api-3/graphql', { data: { other: 1 } })).toBeNull();
    expect(labelOf('https://dutchie.com/api-3/graphql', 'text')).toBeNull();
    expect(
      labelOf('https://dutchie.com/static/config.json?operationName=FilteredProducts', {}),
    ).toBeNull();
    expect(labelOf('not a url', {})).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../errors';
import { DEFAULT_PLATFORM_CONFIG } from '../../platform-config';
import type { Received } from '../types';
import { entryFor } from '../shared/testing';
import { plan } from './plan';

const menuUrl = 'https://shop.archcitycannabis.com/soulard';
const entry = entryFor('sweed', { platformId: '412', menuUrl });
const config = { ...DEFAULT_PLATFORM_CONFIG, maxPages: 3 };
const products = (count: number) => Array.from({ length: count }, (_, id) => ({ id }));
const page = (number: number, body: unknown): Received => ({
  label: `page:${number}`,
  url: `${menuUrl}#${number}`,
  body,
});

describe('sweed plan', () => {
  it('asks GetProductList on the store host with the storefront headers and body', () => {
    const [request] = plan(entry, [], config);
    expect(request).toMatchObject({
      label: 'page:1',
      url: 'https://shop.archcitycannabis.com/_api/proxy/Products/GetProductList',
      method: 'POST',
      accept: 'application/json',
      headers: {
        'content-type': 'application/json',
        storeid: '412',
        ssr: 'false',
        platformos: 'web',
        origin: 'https://shop.archcitycannabis.com',
        referer: menuUrl,
      },
    });
    expect(JSON.parse(request!.body!)).toEqual({
      filters: {},
      page: 1,
      pageSize: 100,
      sortingMethodId: 2,
      searchTerm: '',
      saleType: 'Recreational',
      platformOs: 'web',
    });
  });

  it.each<[string, Received[], number | undefined]>([
    ['a full page asks for the next', [page(1, { list: products(100), total: 250 })], 2],
    ['a short page ends', [page(1, { list: products(40), total: 40 })], undefined],
    [
      'the listing total ends',
      [page(1, { list: products(100) }), page(2, { list: products(100), total: 200 })],
      undefined,
    ],
    ['config.maxPages caps', [1, 2, 3].map((n) => page(n, { list: products(100) })), undefined],
    ['a page that is no listing ends (parse reports it)', [page(1, '<html>')], undefined],
    [
      'pages are read as numbers, not in arrival order',
      [page(2, { list: products(100) }), page(1, { list: products(100) })],
      3,
    ],
  ])('%s', (_, received, next) => {
    const requests = plan(entry, received, config);
    expect(
      requests
        .map((request) => JSON.parse(request.body!) as { page: number })
        .map((body) => body.page),
    ).toEqual(next === undefined ? [] : [next]);
  });

  it('resolves the store id from the menu URL when the registry has none', () => {
    const unresolved = entryFor('sweed', { menuUrl });
    const [route] = plan(unresolved, [], config);
    expect(route).toMatchObject({
      label: 'route',
      url: 'https://shop.archcitycannabis.com/_api/Route/Resolve',
      method: 'POST',
    });
    expect(JSON.parse(route!.body!)).toEqual({ url: menuUrl });

    const resolved: Received = {
      label: 'route',
      url: route!.url,
      body: { storeId: 77, basePath: 'soulard' },
    };
    const [first] = plan(unresolved, [resolved], config);
    expect(first).toMatchObject({ label: 'page:1', headers: { storeid: '77' } });
  });

  it('reports a store Route/Resolve does not know, and an entry with no menu URL', () => {
    const unresolved = entryFor('sweed', { menuUrl });
    const route: Received = { label: 'route', url: menuUrl, body: { storeId: null } };
    expect(() => plan(unresolved, [route], config)).toThrow(NotFoundError);
    expect(() => plan(entryFor('sweed', { platformId: '412' }), [], config)).toThrow(
      /platform 'sweed' but no menuUrl/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../errors';
import { DEFAULT_PLATFORM_CONFIG } from '../../platform-config';
import { entryFor } from '../shared/testing';
import type { Received } from '../types';
import { plan } from './plan';

const entry = entryFor('dispense', {
  platformId: '7c1e52a0d4b93f18',
  menuUrl: 'https://www.gatewayleafstl.com/shop/',
});
const config = { ...DEFAULT_PLATFORM_CONFIG, maxPages: 3 };
const page = (number: number, count: number): Received => ({
  label: `page:${number}`,
  url: 'https://api.dispenseapp.com',
  body: { data: Array.from({ length: count }, (_, id) => ({ id })) },
});
const skipOf = (requests: ReturnType<typeof plan>) =>
  requests.map((request) => new URL(request.url).searchParams.get('skip'));

describe('dispense plan', () => {
  it("asks the venue's products, grouped, in stock, for in-store pickup", () => {
    const [request] = plan(entry, [], config);
    expect(request).toMatchObject({ label: 'page:1', accept: 'application/json' });
    const url = new URL(request!.url);
    expect(url.origin + url.pathname).toBe(
      'https://api.dispenseapp.com/v1/venues/7c1e52a0d4b93f18/products',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sort: 'price',
      limit: '50',
      skip: '0',
      active: 'true',
      quantityMin: '1',
      group: 'true',
      enable: 'true',
      orderPickUpType: 'IN_STORE',
    });
    expect(request!.headers).toEqual({
      origin: 'https://www.gatewayleafstl.com',
      referer: 'https://www.gatewayleafstl.com/shop/',
    });
  });

  it.each<[string, Received[], Array<string | null>]>([
    ['a full page asks for the next 50', [page(1, 50)], ['50']],
    ['a short page ends', [page(1, 50), page(2, 12)], []],
    ['config.maxPages caps', [page(1, 50), page(2, 50), page(3, 50)], []],
    ['a page that is no listing ends', [{ label: 'page:1', url: '', body: 'Forbidden' }], []],
  ])('%s', (_, received, skips) => {
    expect(skipOf(plan(entry, received, config))).toEqual(skips);
  });

  it('reads one category when the platformId names it, and follows the configured host', () => {
    const simulator = {
      ...config,
      baseUrls: { ...config.baseUrls, dispense: 'http://127.0.0.1:4010/' },
    };
    const [request] = plan({ ...entry, platformId: 'venue9/cat7' }, [], simulator);
    expect(request!.url).toMatch(
      /^http:\/\/127\.0\.0\.1:4010\/v1\/venues\/venue9\/product-categories\/cat7\/products\?/,
    );
  });

  it('sends the public menu key when configured', () => {
    const keyed = { ...config, dispenseApiKey: 'public-menu-key' };
    expect(plan(entry, [], keyed)[0]!.headers).toMatchObject({ 'api-key': 'public-menu-key' });
  });

  it('needs the venue id', () => {
    expect(() => plan(entryFor('dispense', {}), [], config)).toThrow(NotFoundError);
  });
});

import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../errors';
import { DEFAULT_PLATFORM_CONFIG } from '../../platform-config';
import { entryFor } from '../shared/testing';
import type { Received } from '../types';
import { plan } from './plan';

const menuUrl = 'https://www.riverbendcannabis.com/menu/';
const entry = entryFor('joint', { platformId: '6120', menuUrl });
const config = { ...DEFAULT_PLATFORM_CONFIG, maxPages: 3 };
const page = (number: number, count: number, total?: number): Received => ({
  label: `page:${number}`,
  url: menuUrl,
  body: {
    hits: {
      total: total === undefined ? undefined : { value: total, relation: 'eq' },
      hits: Array.from({ length: count }, (_, id) => ({ _source: { jointId: String(id) } })),
    },
  },
});
const fromOf = (requests: ReturnType<typeof plan>) =>
  requests.map((request) => (JSON.parse(request.body!) as { from: number }).from);

describe('joint plan', () => {
  it("POSTs an Elasticsearch query to the store site's _search for its business", () => {
    const [request] = plan(entry, [], config);
    expect(request).toMatchObject({
      label: 'page:1',
      url: 'https://www.riverbendcannabis.com/wp-json/joint-ecommerce/v1/products/6120/_search',
      method: 'POST',
      accept: 'application/json',
      headers: {
        'content-type': 'application/json',
        origin: 'https://www.riverbendcannabis.com',
        referer: menuUrl,
      },
    });
    const body = JSON.parse(request!.body!) as Record<string, unknown>;
    expect(body).toMatchObject({
      from: 0,
      size: 100,
      query: {
        bool: {
          filter: [
            { bool: { should: [{ term: { businessId: '6120' } }] } },
            { bool: { should: [{ term: { menuType: 'RECREATIONAL' } }] } },
          ],
        },
      },
    });
    expect((body._source as { includes: string[] }).includes).toEqual(
      expect.arrayContaining(['variants', 'applicableSpecials', 'urlFragment', 'brandName']),
    );
  });

  it.each<[string, Received[], number[]]>([
    ['a full page asks for the next 100', [page(1, 100, 340)], [100]],
    ['a short page ends', [page(1, 100), page(2, 7)], []],
    ['the hit total ends', [page(1, 100), page(2, 100, 200)], []],
    ['config.maxPages caps', [page(1, 100), page(2, 100), page(3, 100)], []],
    ['an answer with no hits ends', [{ label: 'page:1', url: menuUrl, body: { error: 'x' } }], []],
  ])('%s', (_, received, froms) => {
    expect(fromOf(plan(entry, received, config))).toEqual(froms);
  });

  it('needs the menu page and the business id', () => {
    expect(() => plan(entryFor('joint', { menuUrl }), [], config)).toThrow(NotFoundError);
    expect(() => plan(entryFor('joint', { platformId: '6120' }), [], config)).toThrow(/no menuUrl/);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BlockedError, SchemaChangedError } from '../../errors';
import { finalizeDeals } from '../../normalize';
import { DEFAULT_PLATFORM_CONFIG } from '../../platform-config';
import type { RegistryEntry } from '../../registry';
import { janeAdapter } from './index';
import { parse } from './parse';
import { assertParsesSafely, hostileVariants, problemsOf, sharedFixtures } from '../shared/testing';

const products = JSON.parse(
  readFileSync(new URL('./payloads/algolia-products-page-0.json', import.meta.url), 'utf8'),
) as { hits: unknown[] };

const entry: RegistryEntry = {
  key: 'gateway-greens-the-grove',
  name: 'Gateway Greens - The Grove',
  platform: 'jane',
  platformId: '4820',
  menuUrl: 'https://www.iheartjane.com/stores/4820/gateway-greens-the-grove/menu',
};
const parseBody = (body: unknown, target: RegistryEntry = entry) =>
  parse([{ label: 'products-page-0', url: 'http://sim.test/q', body }], target);

const menu = (id: number) =>
  `https://www.iheartjane.com/stores/4820/gateway-greens-the-grove/menu?product_id=${id}`;

describe('jane parse on the project payload', () => {
  const { deals, location } = parseBody(products);

  it.each([
    ['Flora Farms Blue Frost', 33.75, 45, 25, '$33.75 (was $45)', menu(2318841), 'flower'],
    ['Proper Sherbhead', 30, 40, 25, '$30 (was $40)', menu(2318907), 'flower'],
    ['Illicit Gelato 41', 36, 45, 20, '$36 (was $45)', menu(2319012), 'flower'],
    [
      'Good Day Farm Tropicana Cookies Pre-Roll',
      8,
      12,
      33,
      '$8 (was $12)',
      menu(2319150),
      'pre-rolls',
    ],
    [
      'Wana Sour Gummies Tropical Punch 10pk',
      undefined,
      22,
      undefined,
      'BOGO',
      menu(2319201),
      'edibles',
    ],
    ['Cherry Lime Robhots 10pk', 14.4, 18, 20, '$14.40 (was $18)', menu(2319288), 'edibles'],
    [
      'Head Change Papaya Cake Live Rosin',
      48.75,
      65,
      25,
      '$48.75 (was $65)',
      menu(2319340),
      'concentrates',
    ],
    ['Sinse Tangie Live Resin Cart', undefined, 35, undefined, '2 FOR $50', menu(2319399), 'vapes'],
  ])('%s', (title, salePrice, regularPrice, discountPercent, price, sourceUrl, category) => {
    const deal = deals.find((candidate) => candidate.title === title);
    expect(deal).toMatchObject({ price, sourceUrl, category, regularPrice });
    expect(deal?.salePrice).toBe(salePrice);
    expect(deal?.discountPercent).toBe(discountPercent);
    expect(deal?.imageUrl).toMatch(/^https:\/\/product-assets\.iheartjane\.com\//);
  });

  it('keeps only products on sale or under a BOGO/bundle special', () => {
    expect(deals).toHaveLength(8);
    expect(deals.map((deal) => deal.title)).not.toContain('Cloud Cover Lemon Fire MAC');
  });

  it('reads the special, the sizes, the unit price and the weekdays', () => {
    expect(deals.find((deal) => deal.title === 'Flora Farms Blue Frost')).toMatchObject({
      description: 'FLORA FRIDAY 25% OFF · Also 1/4 oz $60 (was $80) · 27.4% THC',
      specialName: 'FLORA FRIDAY 25% OFF',
      brand: 'Flora Farms',
      strainType: 'Hybrid',
      size: '1/8 oz',
      unitPrice: { amount: 9.64, per: 'g' },
      validDays: ['friday'],
    });
    expect(deals.find((deal) => deal.brand === 'Robhots')).toMatchObject({
      size: '100mg',
      unitPrice: { amount: 14.4, per: '100mg' },
      validDays: ['tuesday'],
    });
  });

  it('gives the store location from the records', () => {
    expect(location).toEqual({ lat: 38.626771, lng: -90.257838 });
  });

  it("gives the store's week and place from its own record (the project payload store-record.json)", () => {
    const record = JSON.parse(
      readFileSync(new URL('./payloads/store-record.json', import.meta.url), 'utf8'),
    ) as unknown;
    const result = parse(
      [
        { label: 'products-page-0', url: 'http://sim.test/q', body: products },
        { label: 'store-record', url: 'http://sim.test/jane/api/v1/stores/4820', body: record },
      ],
      entry,
    );
    const day = [{ opens: '09:00', closes: '21:00' }];
    expect(result.hours).toEqual({
      sunday: [{ opens: '09:00', closes: '18:00' }],
      monday: [],
      tuesday: day,
      wednesday: day,
      thursday: day,
      friday: day,
      saturday: day,
    });
    expect(result.location).toEqual({ lat: 38.6268, lng: -90.2577 });
    expect(result.deals).toEqual(deals);
    expect(parseBody(products).hours).toBeUndefined();
  });

  it('passes the spec cleaning rules', () => {
    expect(finalizeDeals(deals, 'jane', entry.key)).toHaveLength(8);
  });
});

describe('jane parse, other cases', () => {
  it("links to Jane's product page when the store slug is unknown", () => {
    const { deals } = parseBody(products, { ...entry, menuUrl: undefined });
    expect(deals[0]?.sourceUrl).toBe(
      'https://www.iheartjane.com/products/2318841/flora-farms-blue-frost',
    );
  });

  it('reads multi-query and dmerch answers as the same records', () => {
    const expected = parseBody(products).deals;
    const multi = { results: [{ index: 'menu-products-production', hits: products.hits }] };
    const dmerch = {
      placements: [{ products: products.hits.map((hit) => ({ search_attributes: hit })) }],
    };
    expect(parseBody(multi).deals).toEqual(expected);
    expect(parseBody(dmerch).deals).toEqual(expected);
  });

  it('ignores other indexes of a multi-query answer', () => {
    const multi = { results: [{ index: 'stores-production', hits: products.hits }] };
    expect(parseBody(multi).deals).toEqual([]);
  });

  it('counts a product once when a page and a captured answer both carry it', () => {
    const received = [
      { label: 'products-page-0', url: 'http://sim.test/q', body: products },
      { label: 'products', url: 'http://sim.test/q', body: products },
    ];
    expect(parse(received, entry).deals).toHaveLength(8);
  });

  it('fails as blocked on a refused key and as schema-changed on other answers', () => {
    expect(() => parseBody({ message: 'Invalid Application-ID or API key' })).toThrow(BlockedError);
    expect(() => parseBody({ message: 'Index does not exist' })).toThrow(SchemaChangedError);
    expect(() => parseBody('<html>Attention Required!</html>')).toThrow(SchemaChangedError);
    expect(() => parse([], entry)).toThrow(SchemaChangedError);
  });
});

describe('jane browser hooks', () => {
  const { browser } = janeAdapter;

  it('opens the store page', () => {
    expect(browser?.pageUrl(entry, DEFAULT_PLATFORM_CONFIG)).toBe(
      'https://www.iheartjane.com/stores/4820/gateway-greens-the-grove/menu',
    );
    expect(
      browser?.pageUrl(
        { ...entry, platformId: undefined, menuUrl: undefined },
        DEFAULT_PLATFORM_CONFIG,
      ),
    ).toBeNull();
  });

  it.each([
    [
      'https://search.iheartjane.com/1/indexes/menu-products-production/query',
      { hits: [] },
      'products',
    ],
    [
      'https://search.iheartjane.com/1/indexes/*/queries?x-algolia-agent=x',
      { results: [{ index: 'menu-products-production', hits: [] }] },
      'products',
    ],
    [
      'https://search.iheartjane.com/1/indexes/%2A/queries',
      { results: [{ index: 'stores-production', hits: [] }] },
      null,
    ],
    ['https://dmerch.iheartjane.com/v2/multi?jdm_source=monolith', { placements: [] }, 'products'],
    ['https://api.iheartjane.com/v1/stores/4820', { store: {} }, null],
  ])('labels %s', (url, body, label) => {
    expect(browser?.labelOf(url, body)).toBe(label);
  });
});

/** Real captures (platforms.md 2.5), counted by hand: every hit in them has a special price. */
const FIXTURES: Record<string, { deals: number; body: (file: unknown) => unknown }> = {
  'jane-algolia-store1517-flower-specials-4hits.json': { deals: 4, body: (file) => file },
  // A capture record: the dmerch answer is its response.body (one product, on sale).
  'jane-dmerch-v2-multi-store1517-excerpt.json': {
    deals: 1,
    body: (file) => (file as { response: { body: unknown } }).response.body,
  },
};

const fixtures = sharedFixtures(import.meta.url, 'jane');

describe.skipIf(fixtures.absent)('jane parse on the shared fixtures', () => {
  const store1517: RegistryEntry = { ...entry, platformId: '1517', menuUrl: undefined };

  it.each(Object.entries(FIXTURES))('%s', (file, { deals: count, body }) => {
    const json = JSON.parse(readFileSync(join(fixtures.dir, file), 'utf8')) as unknown;
    const result = parseBody(body(json), store1517);
    expect(result.deals).toHaveLength(count);
    expect(problemsOf(result)).toEqual([]);
    for (const deal of result.deals) {
      expect(deal.sourceUrl).toMatch(/^https:\/\/www\.iheartjane\.com\/products\/\d+\/[a-z0-9-]+$/);
      expect(deal.imageUrl === '' || deal.imageUrl.startsWith('https://')).toBe(true);
    }
  });

  it('knows every capture in the folder', () => {
    expect(fixtures.files.filter((file) => !(file in FIXTURES))).toEqual([]);
  });
});

describe('jane parse on hostile input', () => {
  it('throws only named errors and keeps every deal within bounds', () => {
    assertParsesSafely(hostileVariants(products), (body) => parseBody(body));
  });
});

describe('jane parse: the weight a product states, dmerch answers, special names', () => {
  const hit = {
    product_id: 9001,
    name: 'Motorbreath Live Sugar',
    brand: 'Vivid',
    kind: 'extract',
    price_two_gram: 60,
    discounted_price_two_gram: 45,
    net_weight_grams: 4.2,
    special_title: 'TUESDAY -  25%-OFF  EXTRACTS',
  };

  it('takes the product’s own weight over the price slot it is sold in', () => {
    expect(parseBody({ hits: [hit] }).deals[0]).toMatchObject({
      size: '4.2g',
      unitPrice: { amount: 10.71, per: 'g' },
      category: 'concentrates',
    });
  });

  it('reads a ratio’s doses as its total, not the THC share its amount states', () => {
    const gummies = {
      ...hit,
      name: 'WYLD Peach 2:1 CBD:THC Gummies 100:50mg',
      brand: 'WYLD',
      kind: 'edible',
      amount: '50mg',
      net_weight_grams: undefined,
      price_two_gram: undefined,
      discounted_price_two_gram: undefined,
      price_each: 22,
      discounted_price_each: 16.5,
    };
    expect(parseBody({ hits: [gummies] }).deals[0]).toMatchObject({
      size: '150mg',
      unitPrice: { amount: 11, per: '100mg' },
    });
  });

  it('keeps the slot when the product is sold in several sizes', () => {
    const flower = { ...hit, kind: 'flower', price_gram: 12, discounted_price_gram: 9 };
    expect(parseBody({ hits: [flower] }).deals[0]?.size).toBe('1g');
  });

  it('reads special names with single spaces', () => {
    expect(parseBody({ hits: [hit] }).deals[0]?.specialName).toBe('TUESDAY 25% OFF EXTRACTS');
  });

  it('reads the /v2/smart answer of embedded menus and the /v2/multi one alike', () => {
    const row = { product_id: 9001, object_id: 'x', search_attributes: hit };
    const smart = parseBody({ products: [row] }).deals;
    const multi = parseBody({ placements: [{ products: [row] }] }).deals;
    expect(smart).toHaveLength(1);
    expect(smart).toEqual(multi);
    expect(janeAdapter.recognize?.({ products: [row] })).toBe('products');
    expect(
      janeAdapter.browser?.labelOf('https://dmerch.iheartjane.com/v2/smart?x=1', {
        products: [row],
      }),
    ).toBe('products');
  });

  it('maps tinctures and gear from Jane’s kinds', () => {
    const kinds = ['tincture', 'gear', 'pre-roll', 'vape', 'edible', 'topical', 'grow'].map(
      (kind) => parseBody({ hits: [{ ...hit, kind }] }).deals[0]?.category,
    );
    expect(kinds).toEqual([
      'edibles',
      'accessories',
      'pre-rolls',
      'vapes',
      'edibles',
      'topicals',
      'other',
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SchemaChangedError } from '../../errors';
import { finalizeDeals } from '../../normalize';
import { DEFAULT_PLATFORM_CONFIG } from '../../platform-config';
import type { RegistryEntry } from '../../registry';
import { assertParsesSafely, hostileVariants, problemsOf, sharedFixtures } from '../shared/testing';
import { weedmapsAdapter } from './index';
import { parse } from './parse';

const menuItems = JSON.parse(
  readFileSync(new URL('./payloads/menu-items-page-1.json', import.meta.url), 'utf8'),
) as unknown;

const entry: RegistryEntry = {
  key: 'riverfront-remedies-st-charles',
  name: 'Riverfront Remedies - St. Charles',
  platform: 'weedmaps',
  platformId: 'riverfront-remedies-st-charles',
};
const parseBody = (body: unknown, target: RegistryEntry = entry) =>
  parse([{ label: 'menu-items-page-1', url: 'http://sim.test/wm', body }], target);

const link = (item: string) =>
  `https://weedmaps.com/dispensaries/riverfront-remedies-st-charles/menu/${item}`;

describe('weedmaps parse on the project payload', () => {
  const { deals, location } = parseBody(menuItems);

  it.each([
    ['Proper | Jealousy | 3.5g', 30, 40, 25, '$30 (was $40)', 'proper-jealousy-3-5g', 'flower'],
    ['Illicit | Grape Gas | 3.5g', 36, 45, 20, '$36 (was $45)', 'illicit-grape-gas-3-5g', 'flower'],
    [
      'Flora Farms | Sour Banana Sherbet | 7g',
      60,
      75,
      20,
      '$60 (was $75)',
      'flora-farms-sour-banana-sherbet-7g',
      'flower',
    ],
    [
      'Good Day Farm | Lemon Cherry Gelato | 1g Pre-Roll',
      9,
      12,
      25,
      '$9 (was $12)',
      'good-day-farm-lemon-cherry-gelato-1g-pre-roll',
      'pre-rolls',
    ],
    [
      'Wana | Quick Strawberry Daiquiri Gummies | 100mg',
      undefined,
      20,
      undefined,
      'BOGO',
      'wana-quick-strawberry-daiquiri-gummies-100mg',
      'edibles',
    ],
    [
      'Robhots | Sour Apple | 100mg',
      15,
      18,
      17,
      '$15 (was $18)',
      'robhots-sour-apple-100mg',
      'edibles',
    ],
    [
      'Head Change | Papaya Cake Live Rosin | 1g',
      50,
      65,
      23,
      '$50 (was $65)',
      'head-change-papaya-cake-live-rosin-1g',
      'concentrates',
    ],
    [
      'Sinse | Tangie Live Resin Cart | 0.5g',
      undefined,
      35,
      undefined,
      '2 for $50',
      'sinse-tangie-live-resin-cart-0-5g',
      'vapes',
    ],
  ])('%s', (title, salePrice, regularPrice, discountPercent, price, item, category) => {
    const deal = deals.find((candidate) => candidate.title === title);
    expect(deal).toMatchObject({ price, sourceUrl: link(item), category, regularPrice });
    expect(deal?.salePrice).toBe(salePrice);
    expect(deal?.discountPercent).toBe(discountPercent);
    expect(deal?.imageUrl).toMatch(/^https:\/\/images\.weedmaps\.com\/products\//);
  });

  it('keeps only items on sale (original above price) or under a BOGO/bundle special', () => {
    expect(deals).toHaveLength(8);
    const titles = deals.map((deal) => deal.title);
    expect(titles).not.toContain('Cloud Cover | Lemon Fire MAC | 3.5g');
    // on_sale without a higher original price is a stale flag, not a deal
    expect(titles).not.toContain('Good Day Farm | Dosi Punch | 3.5g');
  });

  it('reads brand, strain type, size, unit price and the special', () => {
    expect(deals[0]).toMatchObject({
      brand: 'Proper',
      strainType: 'Hybrid',
      size: '1/8 oz',
      unitPrice: { amount: 8.57, per: 'g' },
      specialName: 'Flower Friday: 25% off Proper eighths',
      description: 'Flower Friday: 25% off Proper eighths · 28.4% THC',
      validDays: ['friday'],
      endsAt: '2027-01-01T05:59:00.000Z',
    });
    expect(deals.find((deal) => deal.brand === 'Wana')).toMatchObject({
      size: '100mg',
      unitPrice: { amount: 20, per: '100mg' },
      validDays: ['monday'],
    });
    expect(deals.find((deal) => deal.brand === 'Sinse')?.size).toBe('1/2 g');
  });

  it('has no location or hours: menu items carry none', () => {
    expect(location).toBeUndefined();
    expect(parseBody(menuItems).hours).toBeUndefined();
  });

  it("gives the store's week and coordinates from its listing record (the project payload listing.json)", () => {
    const record = JSON.parse(
      readFileSync(new URL('./payloads/listing.json', import.meta.url), 'utf8'),
    ) as unknown;
    const result = parse(
      [
        { label: 'menu-items-page-1', url: 'http://sim.test/wm', body: menuItems },
        { label: 'listing', url: 'http://sim.test/wm/listing', body: record },
      ],
      entry,
    );
    const weekday = [{ opens: '08:00', closes: '22:00' }];
    expect(result.hours).toEqual({
      sunday: [{ opens: '11:00', closes: '17:00' }],
      monday: weekday,
      tuesday: weekday,
      wednesday: weekday,
      thursday: weekday,
      friday: [{ opens: '08:00', closes: '01:00' }],
      saturday: [{ opens: '08:00', closes: '01:00' }],
    });
    expect(result.location).toEqual({ lat: 38.7837, lng: -90.4812 });
    expect(result.deals).toEqual(deals);
    // The listing asked but not answered: the menu as ever, nothing of the hours.
    const unanswered = parse(
      [
        { label: 'menu-items-page-1', url: 'http://sim.test/wm', body: menuItems },
        { label: 'listing', url: 'http://sim.test/wm/listing', body: undefined },
      ],
      entry,
    );
    expect(unanswered.hours).toBeUndefined();
    expect(unanswered.deals).toEqual(deals);
  });

  it('passes the spec cleaning rules', () => {
    expect(finalizeDeals(deals, 'weedmaps', entry.key)).toHaveLength(8);
  });
});

describe('weedmaps parse, other cases', () => {
  it('links to the menu page when an item has no slug', () => {
    const [item] = (menuItems as { data: { menu_items: Array<Record<string, unknown>> } }).data
      .menu_items;
    const { deals } = parseBody({ data: { menu_items: [{ ...item, slug: null }] } });
    expect(deals[0]?.sourceUrl).toBe(
      'https://weedmaps.com/dispensaries/riverfront-remedies-st-charles/menu',
    );
  });

  it('counts an item once across pages and captured answers', () => {
    const received = [
      { label: 'menu-items-page-1', url: 'x', body: menuItems },
      { label: 'menu-items', url: 'x', body: menuItems },
    ];
    expect(parse(received, entry).deals).toHaveLength(8);
  });

  it('fails as schema-changed on answers it cannot read', () => {
    expect(() => parseBody({ data: {} })).toThrow(SchemaChangedError);
    expect(() => parseBody('<html>Not Acceptable</html>')).toThrow(SchemaChangedError);
    expect(() => parse([], entry)).toThrow(SchemaChangedError);
  });
});

describe('weedmaps browser hooks', () => {
  const { browser } = weedmapsAdapter;

  it("opens the listing's menu page on the site of the configured API", () => {
    expect(browser?.pageUrl(entry, DEFAULT_PLATFORM_CONFIG)).toBe(
      'https://weedmaps.com/dispensaries/riverfront-remedies-st-charles/menu',
    );
    const simulated = {
      ...DEFAULT_PLATFORM_CONFIG,
      baseUrls: { ...DEFAULT_PLATFORM_CONFIG.baseUrls, weedmaps: 'http://127.0.0.1:4010' },
    };
    expect(browser?.pageUrl(entry, simulated)).toBe(
      'http://127.0.0.1:4010/dispensaries/riverfront-remedies-st-charles/menu',
    );
  });

  it.each([
    [
      'https://api-g.weedmaps.com/discovery/v1/listings/dispensaries/x/menu_items?page=1',
      { data: { menu_items: [] } },
      'menu-items',
    ],
    [
      'https://api-g.weedmaps.com/discovery/v1/listings/dispensaries/x',
      { data: { listing: {} } },
      'listing',
    ],
    ['https://api-g.weedmaps.com/discovery/v1/listings/dispensaries/x', { data: {} }, null],
    [
      'https://api-g.weedmaps.com/discovery/v1/listings/dispensaries/x/menu_items',
      { errors: [] },
      null,
    ],
  ])('labels %s', (url, body, label) => {
    expect(browser?.labelOf(url, body)).toBe(label);
  });
});

/** Real captures (platforms.md 3.4), counted by hand. */
const FIXTURES: Record<string, { deals: number; listing: string }> = {
  // Three items, one with price.on_sale and original_price 45 above price 30.
  'wm-discovery-v1-menu_items-trimmed.json': { deals: 1, listing: 'sol-flower' },
  // 100 items, every one with sale {amount: 25, type: 'percentage'} and a price_unit above 0.
  'wm-jsonapi-menu_items-off-the-charts-las-cruces.json': {
    deals: 100,
    listing: 'off-the-charts-las-cruces',
  },
};

const fixtures = sharedFixtures(import.meta.url, 'weedmaps');

describe.skipIf(fixtures.absent)('weedmaps parse on the shared fixtures', () => {
  it.each(Object.entries(FIXTURES))('%s', (file, { deals: count, listing }) => {
    const body = JSON.parse(readFileSync(join(fixtures.dir, file), 'utf8')) as unknown;
    const result = parseBody(body, { ...entry, platformId: listing });
    expect(result.deals).toHaveLength(count);
    expect(problemsOf(result)).toEqual([]);
    for (const deal of result.deals) {
      expect(deal.sourceUrl).toMatch(`https://weedmaps.com/dispensaries/${listing}/menu`);
      expect(deal.imageUrl).toMatch(/^https:\/\/images\.weedmaps\.com\//);
    }
  });

  it('knows every capture in the folder', () => {
    expect(fixtures.files.filter((file) => !(file in FIXTURES))).toEqual([]);
  });
});

/** A JSON:API item in the shape of platforms.md 3.2, to vary in the property test. */
const jsonApiPage = {
  meta: { page: 1, per_page: 100, total: 1 },
  data: [
    {
      id: 188203311,
      type: 'menu_item',
      attributes: {
        name: 'Cloud Cover | Lemon Fire MAC | 3.5g',
        slug: 'cloud-cover-lemon-fire-mac-3-5g',
        category_name: 'Flower',
        brand_name: 'Cloud Cover',
        genetics: 'hybrid',
        prices: { price_unit: 0, price_gram: 0, price_eighth: 40, price_quarter: 75 },
        sale: { amount: 25, type: 'percentage' },
        avatar_image_url:
          'https://images.weedmaps.com/pictures/listings/188/203/311/lemon-fire-mac.png',
        parent_category: { id: 1, name: 'Flower', slug: 'flower' },
        compliance_net_mg: 3500,
      },
      links: {
        order:
          'https://weedmaps.com/dispensaries/riverfront-remedies-st-charles/menu/cloud-cover-lemon-fire-mac-3-5g',
      },
    },
  ],
};

describe('weedmaps parse on hostile input', () => {
  it('throws only named errors and keeps every deal within bounds (discovery)', () => {
    assertParsesSafely(hostileVariants(menuItems), (body) => parseBody(body));
  });

  it('does the same for the JSON:API envelope', () => {
    expect(parseBody(jsonApiPage).deals[0]).toMatchObject({
      price: '$30 (was $40)',
      size: '1/8 oz',
    });
    assertParsesSafely(hostileVariants(jsonApiPage), (body) => parseBody(body));
  });
});

describe('weedmaps parse: prices only in variants', () => {
  // As real New Mexico menus (2024) send it: every `prices.*` is 0, the price is in `variants[]`.
  const item = {
    id: 1,
    type: 'menu_item',
    attributes: {
      name: 'OMC - Chernobyl - 5g - Shake',
      slug: 'omc-chernobyl-5g-shake',
      brand_name: 'OMC',
      prices: { price_unit: 0, price_gram: 0, price_eighth: 0, prices_other: {} },
      parent_category: { id: 2, name: 'Flower', slug: 'flower' },
      sub_category: { id: 184, name: 'Shake', slug: 'shake' },
      variants: [
        {
          name: '5 grams',
          label: '5 g',
          price: { amount: '25.00', currency: 'USD' },
          weight: { value: 5, unit: 'g' },
        },
      ],
      sale: { amount: 20, type: 'percentage' },
    },
  };

  it('reads the price, size and unit price from the variant', () => {
    expect(parseBody({ data: [item] }).deals[0]).toMatchObject({
      regularPrice: 25,
      salePrice: 20,
      discountPercent: 20,
      size: '5 g',
      unitPrice: { amount: 4, per: 'g' },
      category: 'flower',
    });
  });

  it('reads a pre-roll under Flower as a pre-roll, from the sub-category', () => {
    const preRoll = {
      ...item,
      attributes: { ...item.attributes, sub_category: { id: 9, name: 'Pre Roll' } },
    };
    expect(parseBody({ data: [preRoll] }).deals[0]?.category).toBe('pre-rolls');
  });

  it('takes the weight the item states over its one price slot', () => {
    const disposable = {
      ...jsonApiPage.data[0]!,
      attributes: {
        ...jsonApiPage.data[0]!.attributes,
        name: 'Pharmicated |Blackberry Kush|2g Disposable',
        prices: { price_unit: 55 },
        compliance_net_mg: 2000,
        parent_category: { id: 3, name: 'Concentrates', slug: 'concentrates' },
      },
    };
    expect(parseBody({ data: [disposable] }).deals[0]).toMatchObject({
      size: '2g',
      unitPrice: { amount: 20.63, per: 'g' },
    });
  });
});

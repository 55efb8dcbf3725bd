import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SchemaChangedError } from '../../errors';
import {
  assertParsesSafely,
  entryFor,
  expectSafeDeals,
  hostileList,
  hostileString,
  hostileValue,
  payloadsDir,
  readJson,
  sharedFixtures,
} from '../shared/testing';
import { parse } from './parse';

const menuUrl = 'https://shop.archcitycannabis.com/soulard';
const entry = entryFor('sweed', { platformId: '412', menuUrl });
const payloads = payloadsDir(import.meta.url);
const page = (body: unknown, label = 'page:1') => ({ label, url: menuUrl, body });
const discounts = `${menuUrl}/discounts`;

describe('sweed parse: the project payload get-product-list-page-1.json', () => {
  const { deals } = parse(
    [
      page(readJson(payloads, 'route-resolve.json'), 'route'),
      page(readJson(payloads, 'get-product-list-page-1.json')),
    ],
    entry,
  );

  it.each([
    ['Proper Lemon Fire MAC', '3.5g', 33.75, 45, 25, '$33.75 (was $45)', discounts, 'flower'],
    ['Proper Lemon Fire MAC', '7g', 60, 80, 25, '$60 (was $80)', discounts, 'flower'],
    [
      'Cloud Cover Sour Tangie Live Resin Cartridge',
      '1g',
      40,
      50,
      20,
      '$40 (was $50)',
      discounts,
      'vapes',
    ],
    [
      'Robhots Blackberry Lemonade Gummies',
      '10mg ea | 10-Pack',
      undefined,
      22,
      undefined,
      '$22 · BOGO',
      discounts,
      'edibles',
    ],
    [
      'Wana Sour Gummies Mango',
      '10mg ea | 10-Pack',
      16,
      20,
      20,
      '$16 (was $20)',
      discounts,
      'edibles',
    ],
    [
      'Illicit Gelato 41 Pre-Roll 5-Pack',
      '0.5g ea | 5-Pack',
      28,
      35,
      20,
      '$28 (was $35)',
      discounts,
      'pre-rolls',
    ],
    [
      'Good Day Farm Garlic Cookies Live Badder',
      '1g',
      undefined,
      55,
      undefined,
      '$55 · 2 for $80',
      discounts,
      'concentrates',
    ],
  ])(
    '%s %s',
    (title, size, salePrice, regularPrice, discountPercent, price, sourceUrl, category) => {
      const deal = deals.find((candidate) => candidate.title === title && candidate.size === size);
      expect(deal).toMatchObject({
        salePrice,
        regularPrice,
        discountPercent,
        price,
        // Sweed's product page address is undocumented: every deal links to the store's promos.
        sourceUrl,
        linkKind: 'menu',
        category,
      });
    },
  );

  it('keeps only sizes on promo: no full-price flower, accessory or unchanged promo price', () => {
    expect(deals).toHaveLength(7);
    expect(deals.map((deal) => deal.title)).not.toContain('Flora Farms Blue Dream');
  });

  it('reads why, when, how much per unit and the pictures', () => {
    const proper = deals[0]!;
    expect(proper).toMatchObject({
      id: '90211:120401',
      brand: 'Proper',
      strainType: 'Hybrid',
      specialName: '25% Off Proper Eighths & Quarters',
      endsAt: '2026-03-31T05:00:00.000Z',
      unitPrice: { amount: 9.64, per: 'g' },
      imageUrl: 'https://media.sweedpos.com/store/arch-city/1740000001_lemon-fire-mac-35.jpg',
    });
    expect(proper.description).toBe('25% Off Proper Eighths & Quarters · 3.5g · Hybrid');
    const byTitle = (title: string) => deals.find((deal) => deal.title.startsWith(title));
    expect(byTitle('Cloud Cover')?.validDays).toEqual(['tuesday']);
    expect(byTitle('Wana')).toMatchObject({
      validDays: ['monday'],
      unitPrice: { amount: 16, per: '100mg' },
    });
    expect(byTitle('Illicit')?.unitPrice).toEqual({ amount: 11.2, per: 'g' });
    expectSafeDeals(deals);
  });

  it('reports a page that is not a product list', () => {
    expect(() => parse([page({ error: 'Unauthorized' })], entry)).toThrow(SchemaChangedError);
    expect(parse([], entry).deals).toEqual([]);
  });
});

const fixtures = sharedFixtures(import.meta.url, 'sweed', '.json');
describe.skipIf(fixtures.files.length === 0)('sweed parse: ../shared/fixtures/sweed', () => {
  // Counted by hand from the capture: variants with promoPrice below price or any promo.
  const expected: Record<string, number> = { 'sweed-curaleaf-GetProductList-products.json': 185 };

  it.each(fixtures.files)('%s', (file) => {
    const { deals } = parse([page(readJson(fixtures.dir, file))], entry);
    expect(deals).toHaveLength(expected[file] ?? deals.length);
    expect(deals.filter((deal) => deal.imageUrl !== '')).not.toHaveLength(0);
    expectSafeDeals(deals);
  });
});

const promo = fc.record(
  {
    name: hostileString,
    shortName: hostileString,
    isBogo: hostileValue,
    endDate: hostileValue,
    discountPercent: hostileValue,
    discountAmount: hostileValue,
    scheduleDisplayText: fc.record({ days: hostileValue }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);
const variant = fc.record(
  {
    id: hostileValue,
    name: hostileString,
    price: hostileValue,
    promoPrice: hostileValue,
    images: hostileList(hostileString),
    promos: hostileList(promo),
  },
  { requiredKeys: [] },
);
const product = fc.record(
  {
    id: hostileValue,
    name: hostileString,
    canonicalName: hostileString,
    brand: fc.record({ name: hostileValue }),
    category: fc.record({ id: hostileValue, name: hostileValue, canonicalName: hostileValue }),
    strain: hostileValue,
    images: hostileList(hostileString),
    variants: hostileList(variant),
  },
  { requiredKeys: [] },
);

describe('sweed parse: hostile input', () => {
  it('never throws but a named error, never emits an unsafe URL, price or string', () => {
    assertParsesSafely(
      fc.oneof(hostileValue, fc.record({ list: hostileList(product, 6), total: hostileValue })),
      (body) => parse([page(body)], entry),
    );
  });
});

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

const menuUrl = 'https://www.riverbendcannabis.com/menu/';
const entry = entryFor('joint', { platformId: '6120', menuUrl });
const page = (body: unknown) => ({ label: 'page:1', url: menuUrl, body });

describe('joint parse: the project payload search-from-0.json', () => {
  const { deals } = parse(
    [page(readJson(payloadsDir(import.meta.url), 'search-from-0.json'))],
    entry,
  );

  it.each([
    ['Illicit | Gelato 41 | Flower', 31.5, 45, 30, '$31.50 (was $45)', 'flower'],
    [
      'Flora Farms | Sunset Sherbet | Pre-Roll',
      undefined,
      10,
      undefined,
      '$10 · 2 for $18 Pre-Rolls',
      'pre-rolls',
    ],
    ['Wana | Sour Gummies | Strawberry Lemonade | 100mg', 15, 20, 25, '$15 (was $20)', 'edibles'],
    [
      'Good Day Farm | Papaya Live Resin Cart | 1g',
      undefined,
      50,
      undefined,
      '$50 · Buy 2 Vapes Get 20% Off',
      'vapes',
    ],
    ['Robhots | Peach Ring Gummies | 100mg', 9, 18, 50, '$9 (was $18)', 'edibles'],
  ])('%s', (title, salePrice, regularPrice, discountPercent, price, category) => {
    const deal = deals.find((candidate) => candidate.title === title);
    expect(deal).toMatchObject({
      salePrice,
      regularPrice,
      discountPercent,
      price,
      // A product's page on the store's site is not documented: the menu page it is on.
      sourceUrl: menuUrl,
      linkKind: 'menu',
      category,
    });
  });

  it('keeps recreational sizes only, and products with no special are no deal', () => {
    expect(deals).toHaveLength(5);
    expect(deals.map((deal) => deal.title)).not.toContain('Proper | Jack Herer | Flower');
  });

  it('reads the special, its weekday, the strain and the unit price', () => {
    expect(deals[0]).toMatchObject({
      brand: 'Illicit',
      specialName: 'Flower Friday: 30% Off Illicit',
      validDays: ['friday'],
      strainType: 'Indica',
      size: '1/8oz',
      unitPrice: { amount: 9, per: 'g' },
      imageUrl: 'https://images.dutchie.com/b41c0a7e9f2d3c5b6a7e8f9d0c1b2a3e',
    });
    expect(deals.find((deal) => deal.brand === 'Wana')?.validDays).toEqual(['monday']);
    expectSafeDeals(deals);
  });

  it('reports an answer with no hits', () => {
    expect(() => parse([page({ code: 'rest_no_route' })], entry)).toThrow(SchemaChangedError);
  });
});

describe('joint parse: bundles limited to sizes', () => {
  const variant = (option: string, price: string) => ({
    jointId: option,
    option,
    price,
    specialPrice: null,
    menuType: 'RECREATIONAL',
    appliedSpecials: [],
  });
  const special = (specialName: string, specialDescription = '') => ({
    specialName,
    specialDescription,
    discountType: 'TARGET_PRICE',
    discountAmount: 0,
  });
  const hit = (jointId: string, variants: unknown[], specials: unknown[]) => ({
    _source: {
      jointId,
      name: `Proper | ${jointId}`,
      brandName: 'Proper',
      category: 'FLOWER',
      urlFragment: jointId,
      variants,
      applicableSpecials: specials,
    },
  });
  const sizesOfDeals = (...hits: unknown[]) =>
    parse([page({ hits: { hits } })], entry).deals.map((deal) => [
      deal.title,
      deal.size,
      deal.price,
    ]);
  const flower = [variant('1/8oz', '45.00'), variant('1/4oz', '80.00'), variant('1/2oz', '140.00')];

  it('applies a bundle that names a size to that size only', () => {
    expect(sizesOfDeals(hit('jealousy', flower, [special('4 for $110 Proper Eighths')]))).toEqual([
      ['Proper | jealousy', '1/8oz', '$45 · 4 for $110 Proper Eighths'],
    ]);
  });

  it('reads the sizes from the description when the name names none', () => {
    const carts = [variant('0.5g', '35.00'), variant('1g', '55.00')];
    const thursday = special(
      'Thursday: 2 for $60 Carts',
      'Mix and match any two half-gram cartridges on Thursdays.',
    );
    expect(sizesOfDeals(hit('mimosa-cart', carts, [thursday]))).toEqual([
      ['Proper | mimosa-cart', '0.5g', '$35 · Thursday: 2 for $60 Carts'],
    ]);
  });

  it('applies a bundle that names no size to every size', () => {
    expect(sizesOfDeals(hit('runtz', flower, [special('BOGO Proper Flower')]))).toHaveLength(3);
  });
});

const fixtures = sharedFixtures(import.meta.url, 'jointcommerce', '.json');
describe.skipIf(fixtures.files.length === 0)(
  'joint parse: ../shared/fixtures/jointcommerce',
  () => {
    // Counted by hand: recreational sizes with specialPrice below price or applied specials.
    const expected: Record<string, number> = {
      'joint-_search-envelope-trimmed.json': 2,
      'joint-shopcuzzies-_search-hits-source.json': 226,
    };

    it.each(fixtures.files)('%s', (file) => {
      const { deals } = parse([page(readJson(fixtures.dir, file))], entry);
      expect(deals).toHaveLength(expected[file] ?? deals.length);
      expectSafeDeals(deals);
    });
  },
);

const special = fc.record(
  { specialName: hostileString, discountType: hostileString, discountAmount: hostileValue },
  { requiredKeys: [] },
);
const variant = fc.record(
  {
    jointId: hostileValue,
    option: hostileValue,
    price: hostileValue,
    specialPrice: hostileValue,
    menuType: fc.oneof(hostileValue, fc.constantFrom('RECREATIONAL', 'MEDICAL')),
    appliedSpecials: hostileList(special),
  },
  { requiredKeys: [] },
);
const source = fc.record(
  {
    jointId: hostileValue,
    name: hostileString,
    brandName: hostileValue,
    category: hostileValue,
    strainType: hostileValue,
    urlFragment: hostileString,
    primaryImage: hostileString,
    variants: hostileList(variant),
    applicableSpecials: hostileList(special),
  },
  { requiredKeys: [] },
);

describe('joint parse: hostile input', () => {
  it('never throws but a named error, never emits an unsafe URL, price or string', () => {
    assertParsesSafely(
      fc.oneof(
        hostileValue,
        fc.record({ hits: fc.record({ hits: hostileList(fc.record({ _source: source }), 6) }) }),
      ),
      (body) => parse([page(body)], entry),
    );
  });
});

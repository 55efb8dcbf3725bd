import { safeHttpUrl, type Deal } from '@stl-deals/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BlockedError, NotFoundError, SchemaChangedError } from '../../errors';
import type { Received } from '../types';
import { parse } from './parse';
import { ARCH_CITY, recordedScrape } from './payloads/recorded';

/** Any JSON value, including long and non-ASCII strings, as hostile payloads carry them. */
const hostile = fc.oneof(
  fc.jsonValue(),
  fc.anything(),
  fc.string({ unit: 'binary', minLength: 900, maxLength: 3_000 }),
  fc.constantFrom(
    'javascript:alert(1)',
    'data:text/html,x',
    '//evil.example',
    ' https://x ',
    NaN,
    -1,
    1e308,
  ),
);

const GOOD = recordedScrape();
const LABELS = ['store', 'products:0', 'products:1', 'special-cards', 'specials'];

const PRODUCT_FIELDS = [
  'id',
  'Name',
  'brandName',
  'cName',
  'type',
  'strainType',
  'Status',
  'Options',
  'Prices',
  'recPrices',
  'recSpecialPrices',
  'specialData',
  'Image',
  'images',
];
const CARD_FIELDS = [
  '_id',
  'menuDisplayName',
  'menuDisplayDescription',
  'name',
  'description',
  'endStamp',
];

/** A good product with some of its fields replaced by hostile values. */
const hostileProduct = fc.record(Object.fromEntries(PRODUCT_FIELDS.map((key) => [key, hostile])), {
  requiredKeys: [],
});
const hostileCard = fc.record(Object.fromEntries(CARD_FIELDS.map((key) => [key, hostile])), {
  requiredKeys: [],
});
const sale = {
  id: 'p1',
  Name: 'Sour Diesel',
  cName: 'sour-diesel',
  Options: ['1/8oz'],
  recPrices: [40],
  recSpecialPrices: [30],
  specialData: {
    saleSpecials: [{ specialName: '25% Off' }],
    bogoSpecials: [{ specialName: 'BOGO' }],
  },
};

const page = (label: string, products: unknown): Received => ({
  label,
  url: '',
  body: { data: { filteredProducts: { products } } },
});

/** Hostile values placed where Dutchie's payloads have their parts. */
const scrapes: fc.Arbitrary<Received[]> = fc.oneof(
  // A whole payload under any label, alongside the good ones.
  fc
    .tuple(fc.constantFrom(...LABELS), hostile)
    .map(([label, body]) => [...GOOD, { label, url: '', body }]),
  // Products that are anything, and good products with hostile fields.
  fc
    .array(
      fc.oneof(
        hostile,
        hostileProduct.map((fields) => ({ ...sale, ...fields })),
      ),
      { maxLength: 8 },
    )
    .map((products) => [page('products:0', products)]),
  // Special cards and specials with hostile fields, or hostile lists.
  fc.tuple(fc.array(hostileCard, { maxLength: 5 }), hostile).map(([cards, specials]) => [
    {
      label: 'special-cards',
      url: '',
      body: { data: { getSpecialMenuCards: { menuCards: cards } } },
    },
    { label: 'specials', url: '', body: { data: { filteredSpecials: specials } } },
  ]),
  // A store whose dispensary list or coordinates are anything.
  fc.tuple(hostile, hostile).map(([dispensary, coordinates]) => [
    {
      label: 'store',
      url: '',
      body: {
        data: {
          filteredDispensaries: [{ id: 'x', location: { geometry: { coordinates } } }, dispensary],
        },
      },
    },
  ]),
);

const NAMED_ERRORS = [BlockedError, SchemaChangedError, NotFoundError];

/** Every string a deal holds, nested ones too. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(stringsOf)
      : [];

function expectSafe(deal: Deal): void {
  expect(safeHttpUrl(deal.sourceUrl)).toBe(deal.sourceUrl);
  expect(deal.imageUrl === '' || safeHttpUrl(deal.imageUrl) === deal.imageUrl).toBe(true);
  for (const amount of [
    deal.regularPrice,
    deal.salePrice,
    deal.unitPrice?.amount,
    deal.discountPercent,
  ]) {
    if (amount !== undefined) expect(Number.isFinite(amount) && amount >= 0).toBe(true);
  }
  for (const string of stringsOf(deal))
    expect(Array.from(string).length).toBeLessThanOrEqual(1_000);
}

describe('parse on hostile payloads', () => {
  it('throws only the named errors, and emits only safe deals', () => {
    fc.assert(
      fc.property(scrapes, (received) => {
        let deals: Deal[];
        try {
          deals = parse(received, ARCH_CITY).deals;
        } catch (error) {
          expect(NAMED_ERRORS.some((named) => error instanceof named)).toBe(true);
          return;
        }
        deals.forEach(expectSafe);
      }),
      { numRuns: 300 },
    );
  });
});

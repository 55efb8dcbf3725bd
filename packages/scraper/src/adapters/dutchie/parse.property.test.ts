import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertParsesSafely, hostileValue } from '../shared/testing';
import type { Received } from '../types';
import { parse } from './parse';
import { ARCH_CITY, recordedScrape } from './payloads/recorded';

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
const hostileProduct = fc.record(
  Object.fromEntries(PRODUCT_FIELDS.map((key) => [key, hostileValue])),
  {
    requiredKeys: [],
  },
);
const hostileCard = fc.record(Object.fromEntries(CARD_FIELDS.map((key) => [key, hostileValue])), {
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
    .tuple(fc.constantFrom(...LABELS), hostileValue)
    .map(([label, body]) => [...GOOD, { label, url: '', body }]),
  // Products that are anything, and good products with hostile fields.
  fc
    .array(
      fc.oneof(
        hostileValue,
        hostileProduct.map((fields) => ({ ...sale, ...fields })),
      ),
      { maxLength: 8 },
    )
    .map((products) => [page('products:0', products)]),
  // Special cards and specials with hostile fields, or hostile lists.
  fc.tuple(fc.array(hostileCard, { maxLength: 5 }), hostileValue).map(([cards, specials]) => [
    {
      label: 'special-cards',
      url: '',
      body: { data: { getSpecialMenuCards: { menuCards: cards } } },
    },
    { label: 'specials', url: '', body: { data: { filteredSpecials: specials } } },
  ]),
  // A store whose dispensary list or coordinates are anything.
  fc.tuple(hostileValue, hostileValue).map(([dispensary, coordinates]) => [
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

describe('parse on hostile payloads', () => {
  it('throws only the named errors, and emits only safe deals', () => {
    assertParsesSafely(scrapes, (received) => {
      const result = parse(received, ARCH_CITY);
      // Every Dutchie deal links to the store's product or specials page.
      for (const deal of result.deals) expect(deal.sourceUrl).not.toBe('');
      return result;
    });
  });
});

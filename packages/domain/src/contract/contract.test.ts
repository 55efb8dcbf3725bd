import { describe, expect, it } from 'vitest';
import { CacheStatusSchema } from './cache-status';
import { DealSchema } from './deal';
import { DispensarySchema } from './dispensary';
import { readDeals, stampDeals } from './read';

const spec = {
  title: '20% off Wyld gummies',
  description: 'All flavours',
  price: '$16 (was $20)',
  imageUrl: '',
  sourceUrl: 'https://example.com/deal',
};

describe('DealSchema', () => {
  it('accepts the spec fields alone', () => {
    expect(DealSchema.parse(spec)).toEqual(spec);
  });

  it('accepts every extension field', () => {
    const full = {
      ...spec,
      dispensary: 'Swade - The Grove',
      dispensaryKey: 'swade-grove',
      id: 'dutchie:swade-grove:abc',
      category: 'edibles',
      brand: 'Wyld',
      strainType: 'hybrid',
      size: '100mg',
      regularPrice: 20,
      salePrice: 16,
      discountPercent: 20,
      unitPrice: { amount: 16, per: '100mg' },
      specialName: 'Gummy Week',
      validDays: ['friday'],
      endsAt: '2026-11-30T05:59:59Z',
      firstSeenAt: '2026-11-20T12:00:00-06:00',
      platform: 'dutchie',
      thc: { min: 100, max: 100, unit: 'mg' },
      cbd: { min: 2, max: 5, unit: 'mg' },
    };
    expect(DealSchema.parse(full)).toEqual(full);
  });

  it('strips unknown fields instead of failing', () => {
    expect(DealSchema.parse({ ...spec, somethingNew: 1 })).toEqual(spec);
  });

  it.each<[string, Record<string, unknown>]>([
    ['title missing', { title: undefined }],
    ['price not text', { price: 16 }],
    ['sourceUrl missing', { sourceUrl: undefined }],
    ['a title over 1000 characters', { title: 'x'.repeat(1001) }],
    ['a negative sale price', { salePrice: -1 }],
    ['an infinite regular price', { regularPrice: Infinity }],
    ['a discount over 100%', { discountPercent: 120 }],
    ['an unknown category', { category: 'snacks' }],
    ['a bad unit', { unitPrice: { amount: 1, per: 'lb' } }],
    ['a bad weekday', { validDays: ['funday'] }],
    ['a date that is not ISO 8601', { endsAt: 'next friday' }],
    ['a potency of 0', { thc: { min: 0, max: 0, unit: '%' } }],
    ['a potency over 100%', { thc: { min: 90, max: 101, unit: '%' } }],
    ['a potency over the most mg a package holds', { thc: { min: 1, max: 10_001, unit: 'mg' } }],
    ['a range whose min is above its max', { cbd: { min: 2, max: 1, unit: '%' } }],
    ['a potency in another unit', { thc: { min: 5, max: 5, unit: 'mg/g' } }],
    ['an infinite potency', { thc: { min: 1, max: Infinity, unit: 'mg' } }],
    ['a potency as text', { thc: '24%' }],
  ])('rejects %s', (_name, change) => {
    expect(DealSchema.safeParse({ ...spec, ...change }).success).toBe(false);
  });
});

describe('DispensarySchema', () => {
  it.each<[string, unknown, boolean]>([
    ['known location', { key: 'a', name: 'A', lat: 38.6, lng: -90.2 }, true],
    ['unknown location as null', { key: 'a', name: 'A', lat: null, lng: null }, true],
    ['no location fields', { key: 'a', name: '🌿 A' }, true],
    [
      'extensions',
      { key: 'a', name: 'A', address: '1 Main St', website: 'https://a.example', platform: 'jane' },
      true,
    ],
    ['latitude out of range', { key: 'a', name: 'A', lat: 123, lng: 0 }, false],
    ['empty key', { key: '', name: 'A' }, false],
    ['no name', { key: 'a' }, false],
  ])('%s -> valid %s', (_name, input, valid) => {
    expect(DispensarySchema.safeParse(input).success).toBe(valid);
  });
});

describe('CacheStatusSchema', () => {
  it.each<[string, unknown, boolean]>([
    ['the documented fields', { ready: true, totalDeals: 10 }, true],
    [
      'lastUpdate never',
      { ready: false, totalDeals: 0, lastUpdate: 'never', dispensaryCount: 39 },
      true,
    ],
    [
      'lastUpdate ISO',
      { ready: true, totalDeals: 3, lastUpdate: '2026-11-21T14:00:00.000Z' },
      true,
    ],
    [
      'extensions',
      {
        ready: false,
        totalDeals: 5,
        progress: { done: 3, total: 39 },
        etaSeconds: 120,
        sources: [
          {
            key: 'a',
            name: 'A',
            state: 'ok',
            dealCount: 5,
            lastSuccessAt: '2026-11-21T14:00:00Z',
            lastAttemptAt: '2026-11-21T14:00:00Z',
            error: null,
          },
          {
            key: 'b',
            name: 'B',
            state: 'stale',
            dealCount: 2,
            lastSuccessAt: null,
            lastAttemptAt: null,
            error: 'blocked',
          },
        ],
      },
      true,
    ],
    ['demo data', { ready: true, totalDeals: 2, demo: true }, true],
    ['real data said outright', { ready: true, totalDeals: 2, demo: false }, true],
    ['demo not a boolean', { ready: true, totalDeals: 2, demo: 'yes' }, false],
    ['storage sound', { ready: true, totalDeals: 2, storage: { ok: true } }, true],
    [
      'storage failing, with a reason',
      { ready: true, totalDeals: 2, storage: { ok: false, reason: 'The storage is damaged.' } },
      true,
    ],
    ['storage without ok', { ready: true, totalDeals: 2, storage: { reason: 'x' } }, false],
    ['ready missing', { totalDeals: 1 }, false],
    ['lastUpdate garbage', { ready: true, totalDeals: 1, lastUpdate: 'yesterday' }, false],
    ['negative totalDeals', { ready: true, totalDeals: -1 }, false],
    [
      'unknown source state',
      {
        ready: true,
        totalDeals: 0,
        sources: [
          {
            key: 'a',
            name: 'A',
            state: 'meh',
            dealCount: 0,
            lastSuccessAt: null,
            lastAttemptAt: null,
            error: null,
          },
        ],
      },
      false,
    ],
  ])('%s -> valid %s', (_name, input, valid) => {
    expect(CacheStatusSchema.safeParse(input).success).toBe(valid);
  });
});

describe('readDeals', () => {
  it('keeps good deals and reports the bad ones by index', () => {
    const { deals, rejected } = readDeals([spec, { title: 1 }, spec]);
    expect(deals).toHaveLength(2);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatch(/^deal 1: /);
  });

  it('names a rejected deal by its place in the whole answer when read a slice at a time', () => {
    const { rejected } = readDeals([spec, { title: 1 }], 400);
    expect(rejected).toEqual([expect.stringMatching(/^deal 401: /)]);
  });

  it('drops a bad optional field and keeps the deal', () => {
    const { deals, rejected } = readDeals([
      { ...spec, category: 'Flower', salePrice: 'cheap', brand: 'Wyld' },
    ]);
    expect(rejected).toEqual([]);
    expect(deals).toEqual([{ ...spec, brand: 'Wyld' }]);
  });

  it.each<[unknown]>([[null], [{ deals: [] }], ['[]'], [42]])(
    'throws a clear error for %j',
    (input) => {
      expect(() => readDeals(input)).toThrow(/Expected an array of deals/);
    },
  );
});

describe('stampDeals', () => {
  it('adds the dispensary name and key the answer left out', () => {
    expect(stampDeals([spec], { key: 'kg-soulard', name: 'Kind Goods - Soulard' })).toEqual([
      { ...spec, dispensary: 'Kind Goods - Soulard', dispensaryKey: 'kg-soulard' },
    ]);
  });

  it('keeps what the service sent', () => {
    const sent = { ...spec, dispensary: 'Sent', dispensaryKey: 'sent' };
    expect(stampDeals([sent], { key: 'other', name: 'Other' })).toEqual([sent]);
  });
});

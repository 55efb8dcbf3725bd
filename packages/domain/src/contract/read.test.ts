import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CacheStatusSchema } from './cache-status';
import { DealSchema } from './deal';
import { DispensaryListSchema } from './dispensary';
import { parseCacheStatus, parseDispensaryList, readDeals } from './read';

// The lean readers (no zod, for the page's bundle) must accept exactly what the contract's zod
// schemas accept and give what they give. Values are drawn from pools holding, per field, valid
// values, near misses and wrong types, so generated objects hit every branch.

const anyWrong = [null, true, 0, -1, 1.5, Infinity, Number.NaN, '', 'x', [], {}, 2 ** 53];
const texts = (max: number) => ['', 'a', 'x'.repeat(max), 'x'.repeat(max + 1), '🌿 Deal'];
const isoTimes = [
  '2026-11-30T05:59:59Z',
  '2026-11-20T12:00:00-06:00',
  '2026-11-20T12:00:00.123+05:30',
  '2024-02-29T00:00:00Z',
  '2025-02-29T00:00:00Z',
  '1900-02-29T00:00:00Z',
  '2000-02-29T23:59:59.5-12:00',
  '2026-04-31T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '2026-11-20T12:00:00+0600',
  '2026-11-20T12:00:00z',
  '2026-11-20T12:00Z',
  '2026-11-20 12:00:00Z',
  '2026-11-20T24:00:00Z',
  '2026-11-20T12:00:00',
  'next friday',
];
const numbers = [0, -0, 1, 16.5, 100, 100.5, -1, 90, -90, 91, 180, -181, 2 ** 53 - 1, 2 ** 53];

const pool = (...values: unknown[]) => fc.constantFrom(...values, ...anyWrong, undefined);

function record(fields: Record<string, fc.Arbitrary<unknown>>) {
  return fc
    .record({ ...fields, extra: fc.constantFrom(undefined, 1, 'x') }, { requiredKeys: [] })
    .map((value) =>
      Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)),
    );
}

const deal = record({
  title: pool(...texts(1000)),
  description: pool(...texts(1000)),
  price: pool(...texts(200)),
  imageUrl: pool(...texts(2048)),
  sourceUrl: pool(...texts(2048)),
  dispensary: pool(...texts(200)),
  dispensaryKey: pool(...texts(100)),
  category: pool('flower', 'edibles', 'other', 'Flower', 'snacks'),
  salePrice: pool(...numbers),
  discountPercent: pool(...numbers),
  unitPrice: pool(
    { amount: 8.5, per: 'g' },
    { amount: 2, per: '100mg', extra: 1 },
    { amount: -1, per: 'g' },
    { amount: 1, per: 'lb' },
    { per: 'each' },
  ),
  validDays: pool(['friday'], ['funday'], [], Array(8).fill('monday'), ['monday', 'sunday']),
  endsAt: pool(...isoTimes),
  platform: pool('dutchie', 'feed', 'myspace'),
  effectivePrice: pool(32.5, ...numbers),
  multiBuy: pool('2 for $65', 'B2G1', ...texts(200)),
  productKey: pool('flower|proper pineapple express smalls|7g', ...texts(200)),
  storeProductKey: pool('id:abc-3.5g', ...texts(200)),
  grams: pool(3.5, 28, 0, -1, 10_000, 10_001, Number.NaN, '3.5'),
  logoUrls: pool(
    ['/logos/brands/wyld.svg', '/logos/dispensaries/swade.svg'],
    ['https://cdn.example/logo.png'],
    ['//evil.example/a.svg'],
    ['javascript:alert(1)'],
    ['/logos/a.svg', 1],
    Array(5).fill('/logos/a.svg'),
    [`/${'a'.repeat(2048)}`],
    '/logos/a.svg',
  ),
  lowest30d: pool(...numbers),
  usualPrice: pool(...numbers),
  previousPrice: pool(...numbers),
  priceChangedAt: pool('2026-11-20', '2026-02-30', '2026-1-2', 20261120, '2026-11-20T00:00:00Z'),
  discountCheck: pool('real', 'inflated', 'none', 'unknown', 'fake', 1),
  linkKind: pool('product', 'menu', 'Product', 'page'),
});

const source = record({
  key: pool(...texts(100)),
  name: pool(...texts(200)),
  state: pool('ok', 'stale', 'unconfigured', 'broken'),
  dealCount: pool(...numbers),
  lastSuccessAt: pool(...isoTimes),
  lastAttemptAt: pool(...isoTimes),
  error: pool(...texts(200)),
  dealsFound: pool(...numbers),
});

const status = record({
  ready: pool(false),
  totalDeals: pool(...numbers),
  lastUpdate: pool('never', 'Never', ...isoTimes),
  dispensaryCount: pool(...numbers),
  progress: pool({ done: 1, total: 2 }, { done: 1.5, total: 2 }, { done: 1 }),
  etaSeconds: pool(...numbers),
  sources: fc.oneof(fc.array(source, { maxLength: 2 }), pool()),
  storage: pool({ ok: true }, { ok: false, reason: 'disk full' }, { ok: 'yes' }, { reason: 'x' }),
  sourcesOk: pool(...numbers),
  demo: pool(),
});

const dispensary = record({
  key: pool(...texts(100)),
  name: pool(...texts(200)),
  lat: pool(...numbers),
  lng: pool(...numbers),
  locationSource: pool('registry', 'zip-centroid', 'guess'),
  approximate: pool(),
  address: pool(...texts(200)),
  website: pool(...texts(2048)),
  platform: pool('jane', 'myspace'),
  tax: pool(
    {
      localMarijuana: { rate: 3, status: 'verified' },
      sales: { rate: 9.679, status: 'inferred' },
    },
    { localMarijuana: { rate: 0, status: 'inferred' }, sales: { rate: null, status: 'unknown' } },
    { localMarijuana: { rate: 3.5, status: 'inferred' }, sales: { rate: 9, status: 'verified' } },
    { localMarijuana: { rate: 3, status: 'unknown' }, sales: { rate: 9, status: 'verified' } },
    { localMarijuana: { rate: null, status: 'verified' }, sales: { rate: 9, status: 'verified' } },
    { localMarijuana: { rate: 3, status: 'likely' }, sales: { rate: 9, status: 'verified' } },
    { localMarijuana: { rate: -1, status: 'inferred' }, sales: { rate: 21, status: 'inferred' } },
    { localMarijuana: { rate: 3, status: 'verified', source: 'x' }, extra: 1 },
    { sales: { rate: 9, status: 'verified' } },
  ),
});

/** The zod reading: the parsed value, or 'invalid'. */
function viaZod(schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } }) {
  return (input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? result.data : 'invalid';
  };
}

function viaLean(read: (v: unknown) => unknown) {
  return (input: unknown) => {
    try {
      return read(input);
    } catch {
      return 'invalid';
    }
  };
}

describe('the lean readers agree with the zod schemas', () => {
  it('the cache status', () => {
    fc.assert(
      fc.property(status, (input) => {
        expect(viaLean(parseCacheStatus)(input)).toEqual(viaZod(CacheStatusSchema)(input));
      }),
      { numRuns: 2000 },
    );
  });

  it('the dispensary list', () => {
    fc.assert(
      fc.property(fc.array(dispensary, { maxLength: 3 }), (input) => {
        expect(viaLean(parseDispensaryList)(input)).toEqual(viaZod(DispensaryListSchema)(input));
      }),
      { numRuns: 2000 },
    );
  });

  it('a deal: kept with the same fields, or rejected, as zod reads it', () => {
    const required = ['title', 'description', 'price', 'imageUrl', 'sourceUrl'];
    fc.assert(
      fc.property(deal, (input) => {
        const { deals } = readDeals([input]);
        const whole = DealSchema.safeParse(input);
        if (whole.success) {
          expect(deals).toEqual([whole.data]);
          return;
        }
        const bad = new Set(whole.error.issues.map((issue) => String(issue.path[0])));
        if (required.some((field) => bad.has(field))) {
          expect(deals).toEqual([]);
          return;
        }
        const kept = Object.fromEntries(Object.entries(input).filter(([key]) => !bad.has(key)));
        expect(deals).toEqual([DealSchema.parse(kept)]);
      }),
      { numRuns: 3000 },
    );
  });

  it("reads a deal's thc and cbd as the schema does", () => {
    const input = {
      title: 'Blue Dream',
      description: '',
      price: '$30',
      imageUrl: '',
      sourceUrl: '',
      thc: { min: 24.1, max: 24.1, unit: '%' },
      cbd: { min: 0.1, max: 0.1, unit: '%' },
    };
    expect(DealSchema.parse(input)).toMatchObject({ thc: input.thc, cbd: input.cbd });
    const [read] = readDeals([input]).deals;
    expect(read).toMatchObject({ thc: input.thc, cbd: input.cbd });
  });

  it.each([
    ['a potency of 0', { min: 0, max: 0, unit: '%' }],
    ['a potency over 100%', { min: 90, max: 101, unit: '%' }],
    ['a potency over the most mg a package holds', { min: 1, max: 10_001, unit: 'mg' }],
    ['a range whose min is above its max', { min: 2, max: 1, unit: '%' }],
    ['a potency in another unit', { min: 5, max: 5, unit: 'mg/g' }],
    ['a potency as text', '24%'],
  ])('drops %s and keeps the deal, as the schema refuses it', (_case, thc) => {
    const input = { title: 'A', description: '', price: '$1', imageUrl: '', sourceUrl: '', thc };
    expect(DealSchema.safeParse(input).success).toBe(false);
    const [read] = readDeals([input]).deals;
    expect(read).toMatchObject({ title: 'A' });
    expect(read).not.toHaveProperty('thc');
  });

  // The tax rates' own rules, each reader alone, so that a rule both readers lacked would show.
  it.each([
    ['a null rate with a status', { rate: null, status: 'verified' }],
    ['a rate called unknown', { rate: 3, status: 'unknown' }],
    ['a local marijuana tax above the 3% cap', { rate: 3.5, status: 'inferred' }],
    ['a negative rate', { rate: -1, status: 'inferred' }],
  ])('refuses a dispensary list whose local marijuana tax has %s', (_case, localMarijuana) => {
    const list = [
      { key: 'a', name: 'A', tax: { localMarijuana, sales: { rate: 9, status: 'verified' } } },
    ];
    expect(() => parseDispensaryList(list)).toThrow(TypeError);
    expect(DispensaryListSchema.safeParse(list).success).toBe(false);
  });

  it('keeps a dispensary tax with an unknown part, dropping fields the contract does not name', () => {
    const tax = {
      localMarijuana: { rate: 3, status: 'verified', source: 'kmov' },
      sales: { rate: null, status: 'unknown' },
    };
    expect(parseDispensaryList([{ key: 'a', name: 'A', tax }])).toEqual([
      {
        key: 'a',
        name: 'A',
        tax: {
          localMarijuana: { rate: 3, status: 'verified' },
          sales: { rate: null, status: 'unknown' },
        },
      },
    ]);
  });

  // The logos a card loads come from the service: only http(s) URLs and same-origin paths, few
  // of them, are kept; anything else drops the field and keeps the deal (its own image and the
  // category image still show).
  it.each<[string, unknown]>([
    ['another host by a protocol-relative path', ['//evil.example/a.svg']],
    ['another host by a backslash', ['/\\evil.example/a.svg']],
    ['a script URL', ['/logos/brands/wyld.svg', 'javascript:alert(1)']],
    ['a data URL', ['data:image/svg+xml,<svg onload=alert(1)>']],
    ['a quote that could end an attribute', ['/logos/"onerror="x.svg']],
    ['a relative path', ['logos/a.svg']],
    ['more than four', Array(5).fill('/logos/a.svg')],
    ['an address over 2048 characters', [`/${'a'.repeat(2048)}`]],
    ['a string, not a list', '/logos/a.svg'],
  ])('drops logoUrls with %s and keeps the deal', (_case, logoUrls) => {
    const input = {
      title: 'T',
      description: '',
      price: '$1',
      imageUrl: '',
      sourceUrl: '',
      logoUrls,
    };
    const { deals, rejected } = readDeals([input]);
    expect(deals).toEqual([
      { title: 'T', description: '', price: '$1', imageUrl: '', sourceUrl: '' },
    ]);
    expect(rejected).toEqual([]);
    expect(DealSchema.safeParse(input).success).toBe(false);
  });

  it('keeps logoUrls of http(s) URLs and same-origin paths, in order', () => {
    const logoUrls = ['/logos/brands/wyld.svg', 'https://cdn.example/swade.png'];
    const input = {
      title: 'T',
      description: '',
      price: '$1',
      imageUrl: '',
      sourceUrl: '',
      logoUrls,
    };
    expect(readDeals([input]).deals[0]?.logoUrls).toEqual(logoUrls);
    expect(DealSchema.parse(input).logoUrls).toEqual(logoUrls);
  });

  it.each([[null], [1], ['x'], [[1]]])('rejects a deal that is no object: %j', (item) => {
    const { deals, rejected } = readDeals([item]);
    expect(deals).toEqual([]);
    expect(rejected).toHaveLength(1);
  });
});

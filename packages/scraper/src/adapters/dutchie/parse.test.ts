import { DealSchema, type Deal } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { BlockedError, NotFoundError, SchemaChangedError } from '../../errors';
import { finalizeDeals } from '../../normalize';
import type { Received } from '../types';
import { parse } from './parse';
import { ARCH_CITY, received, recordedScrape } from './payloads/recorded';

const STORE = 'https://dutchie.com/dispensary/arch-city-cannabis-soulard';
const deals = parse(recordedScrape(), ARCH_CITY).deals;
const byTitle = (title: string) => deals.find((deal) => deal.title === title);

describe('parse on the recorded Arch City payloads', () => {
  it('finds 16 products on special and 11 store specials', () => {
    expect(deals.filter((deal) => deal.id?.startsWith('product:'))).toHaveLength(16);
    expect(deals.filter((deal) => deal.id?.startsWith('special:'))).toHaveLength(11);
  });

  // prettier-ignore
  it.each<[string, string, number | undefined, number, number | undefined, string, string, string]>([
    //title                                                    price                sale        regular  %           category         unit price     product cName
    ['Flora Farms Sour Diesel',                               '$30 (was $40)',     30,         40,      25,         'flower',        '8.57/g',      'flora-farms-sour-diesel'],
    ['Cloud Cover Blue Dream',                                '$25 (was $30)',     25,         30,      17,         'flower',        '7.14/g',      'cloud-cover-blue-dream'],
    ['Illicit Gelonade',                                      '$25 (was $40)',     25,         40,      38,         'flower',        '7.14/g',      'illicit-gelonade'],
    ['Good Day Farm Triangle Kush',                           '$28 (was $35)',     28,         35,      20,         'flower',        '8/g',         'good-day-farm-triangle-kush'],
    ['Wana Sour Gummies Strawberry Lemonade 100mg',           '$14 (was $20)',     14,         20,      30,         'edibles',       '14/100mg',    'wana-sour-gummies-strawberry-lemonade-100mg'],
    ['Robhots Watermelon Sour Gummies 100mg',                 '$18',               undefined,  18,      undefined,  'edibles',       '18/100mg',    'robhots-watermelon-sour-gummies-100mg'],
    ['Proper Pineapple Express Live Resin Cart',              '$40',               undefined,  40,      undefined,  'vapes',         '40/g',        'proper-pineapple-express-live-resin-cart'],
    ['Vivid Papaya Sugar Wax',                                '$24 (was $30)',     24,         30,      20,         'concentrates',  '24/g',        'vivid-papaya-sugar-wax'],
    ['Flora Farms Kush Mints Live Resin Badder',              '$37.50 (was $50)',  37.5,       50,      25,         'concentrates',  '37.5/g',      'flora-farms-kush-mints-live-resin-badder'],
    ['Flora Farms Grapefruit Sunset Pre-Roll',                '$7.50 (was $10)',   7.5,        10,      25,         'pre-rolls',     '7.5/g',       'flora-farms-grapefruit-sunset-pre-roll'],
    ['Cloud Cover Gelato Cake',                               '$30 (was $35)',     30,         35,      14,         'flower',        '8.57/g',      'cloud-cover-gelato-cake'],
    ['Illicit Zour Apples',                                   '$25 (was $45)',     25,         45,      44,         'flower',        '7.14/g',      'illicit-zour-apples'],
    ['Wana Quick Sour Gummies Pineapple Passionfruit 100mg',  '$15.40 (was $22)',  15.4,       22,      30,         'edibles',       '15.4/100mg',  'wana-quick-sour-gummies-pineapple-passionfruit-100mg'],
    ['Robhots Cherry Limeade Gummies 100mg',                  '$18',               undefined,  18,      undefined,  'edibles',       '18/100mg',    'robhots-cherry-limeade-gummies-100mg'],
    ['Good Day Farm Pineapple Chunk',                         '$28 (was $35)',     28,         35,      20,         'flower',        '8/g',         'good-day-farm-pineapple-chunk'],
    ['Cloud Cover Strawberry Cough',                          '$25 (was $30)',     25,         30,      17,         'flower',        '7.14/g',      'cloud-cover-strawberry-cough'],
  ])('%s', (title, price, salePrice, regularPrice, percent, category, unit, productCName) => {
    const [amount, per] = unit.split('/');
    expect(byTitle(title)).toMatchObject({
      price,
      salePrice,
      regularPrice,
      discountPercent: percent,
      category,
      unitPrice: { amount: Number(amount), per },
      sourceUrl: `${STORE}/product/${productCName}`,
    });
  });

  it('tells why a product is on special, from the special that applies to the chosen size', () => {
    expect(byTitle('Good Day Farm Triangle Kush')).toMatchObject({
      description: '20% Off Good Day Farm Flower · Mix & Match: 4 Good Day Farm Eighths for $110',
      specialName: '20% Off Good Day Farm Flower',
      size: '1/8oz',
      brand: 'Good Day Farm',
      strainType: 'Indica',
    });
    expect(byTitle('Illicit Gelonade')).toMatchObject({
      specialName: '$25 Illicit Eighths',
      endsAt: '2026-08-01T04:59:59.000Z',
    });
    // The 25% brand special wins over Wax Wednesday, so the deal is not Wednesday-only.
    expect(byTitle('Flora Farms Kush Mints Live Resin Badder')).toMatchObject({
      specialName: '25% Off Flora Farms',
      validDays: undefined,
    });
    expect(byTitle('Vivid Papaya Sugar Wax')?.validDays).toEqual(['wednesday']);
    expect(byTitle('Robhots Watermelon Sour Gummies 100mg')).toMatchObject({
      description: 'BOGO Robhots Gummies',
      endsAt: '2026-09-01T04:59:59.000Z',
    });
  });

  it('leaves out a special of $0, one equal to the price, and a product repeated on page 1', () => {
    expect(byTitle('Proper Apple Tartz')).toBeUndefined();
    expect(byTitle('Sinse Grape Gas')).toBeUndefined();
    expect(deals.filter((deal) => deal.title === 'Illicit Gelonade')).toHaveLength(1);
  });

  it("uses the product's images[] when Image is blank", () => {
    expect(byTitle('Cloud Cover Gelato Cake')?.imageUrl).toMatch(
      /^https:\/\/s3-us-west-2\.amazonaws\.com\/dutchie-images\/[0-9a-f]{32}$/,
    );
  });

  // prettier-ignore
  it.each<[string, string, number | undefined, Deal['validDays'], string | undefined]>([
    //title                                             price          %           validDays       endsAt
    ['25% Off Flora Farms',                            '25% off',     25,         undefined,      undefined],
    ['Wax Wednesday: 20% Off Concentrates',            '20% off',     20,         ['wednesday'],  undefined],
    ['$25 Illicit Eighths',                            '$25',         undefined,  undefined,      '2026-08-01T04:59:59.000Z'],
    ['BOGO Robhots Gummies',                           'BOGO',        undefined,  undefined,      '2026-09-01T04:59:59.000Z'],
    ['2 for $60 Proper Carts',                         '2 for $60',   undefined,  undefined,      '2026-09-01T04:59:59.000Z'],
    ['Munchie Monday: 30% Off Edibles',                '30% off',     30,         ['monday'],     undefined],
    ['$5 Off Cloud Cover Eighths',                     '$5 off',      undefined,  undefined,      undefined],
    ['20% Off Good Day Farm Flower',                   '20% off',     20,         undefined,      undefined],
    ['30% Off Wana Gummies',                           '30% off',     30,         undefined,      undefined],
    ['Mix & Match: 4 Good Day Farm Eighths for $110',  '4 for $110',  undefined,  undefined,      '2026-08-01T04:59:59.000Z'],
    ['Veterans Save 10% Every Day',                    '10% off',     10,         undefined,      undefined],
  ])('store special %s', (title, price, percent, validDays, endsAt) => {
    expect(byTitle(title)).toMatchObject({
      price,
      discountPercent: percent,
      validDays,
      endsAt,
      imageUrl: '',
      sourceUrl: `${STORE}/specials`,
    });
  });

  it("gives the store's coordinates in lat/lng order", () => {
    expect(parse(recordedScrape(), ARCH_CITY).location).toEqual({ lat: 38.6072, lng: -90.2031 });
  });

  it("gives the store's week from its pickup hours", () => {
    const daily = [{ opens: '09:00', closes: '21:00' }];
    expect(parse(recordedScrape(), ARCH_CITY).hours).toEqual({
      sunday: [{ opens: '10:00', closes: '18:00' }],
      monday: daily,
      tuesday: daily,
      wednesday: daily,
      thursday: daily,
      friday: daily,
      saturday: daily,
    });
  });

  it('keeps to the contract, and every deal survives the cleaning rules', () => {
    for (const deal of deals) expect(DealSchema.safeParse(deal).success).toBe(true);
    expect(finalizeDeals(deals, 'dutchie', ARCH_CITY.key)).toHaveLength(deals.length);
  });
});

describe('store specials named by their terms', () => {
  /** The price text of a special card named `name` (and described `description`). */
  const priceOf = (name: string, description: string | null = null) => {
    const card = { _id: 'c1', menuDisplayName: name, menuDisplayDescription: description };
    const body = { data: { getSpecialMenuCards: { menuCards: [card] } } };
    return parse([{ label: 'special-cards', url: '', body }], ARCH_CITY).deals[0]?.price;
  };

  it.each([
    ['B2G1 Proper Pre-Rolls', null, 'B2G1'],
    ['Proper Pre-Rolls', 'B2G1 all week', 'B2G1'],
    ['Buy 2 Get 1 Proper Pre-Rolls', null, 'Buy 2 Get 1'],
    ['Proper pre-rolls: buy two get one free', null, 'buy two get one free'],
    ['B3G2 Vivid Pre-Rolls', null, 'B3G2'],
    // One for one reads 'BOGO', however it is written.
    ['Buy 1 Get 1 Wana', null, 'BOGO'],
    ['B1G1 Keef', null, 'BOGO'],
    ['Buy one, get one free Robhots', null, 'BOGO'],
  ])('%s (%s) -> %s', (name, description, price) => {
    expect(priceOf(name, description)).toBe(price);
  });
});

/** A products page of the given products, as FilteredProducts answers it. */
const page = (...products: unknown[]): Received => ({
  label: 'products:0',
  url: '',
  body: { data: { filteredProducts: { products } } },
});
const product = (fields: Record<string, unknown>) => ({
  id: 'p1',
  cName: 'p-one',
  Name: 'Test Product',
  brandName: 'Test Brand',
  type: 'Flower',
  Options: ['1/8oz', '1/4oz', '1/2oz'],
  recPrices: [40, 70, 120],
  recSpecialPrices: [],
  ...fields,
});

describe('parse picks one deal per product', () => {
  it('the cheapest discounted size, not the first', () => {
    const [deal] = parse([page(product({ recSpecialPrices: [40, 56, 84] }))], ARCH_CITY).deals;
    expect(deal).toMatchObject({
      size: '1/4oz',
      salePrice: 56,
      regularPrice: 70,
      discountPercent: 20,
    });
  });

  it('falls back to Prices, and says how much is off when no special is named', () => {
    const [deal] = parse(
      [
        page(
          product({
            recPrices: undefined,
            Prices: [40],
            Options: ['1/8oz'],
            recSpecialPrices: [30],
          }),
        ),
      ],
      ARCH_CITY,
    ).deals;
    expect(deal).toMatchObject({ price: '$30 (was $40)', description: '25% off' });
  });

  it('does not repeat a brand the name starts with', () => {
    const [deal] = parse(
      [page(product({ Name: 'Test Brand: Kush 2pk', recSpecialPrices: [30] }))],
      ARCH_CITY,
    ).deals;
    expect(deal?.title).toBe('Test Brand: Kush 2pk');
  });

  it('skips inactive products, unnamed ones and ones with no price cut or special', () => {
    const deals = parse(
      [
        page(
          product({ Status: 'Inactive', recSpecialPrices: [30] }),
          product({ id: 'p2', Name: '', recSpecialPrices: [30] }),
          product({ id: 'p3', recSpecialPrices: [45, 80, 130] }),
        ),
      ],
      ARCH_CITY,
    ).deals;
    expect(deals).toEqual([]);
  });

  it('reads at most 2,000 products', () => {
    const many = Array.from({ length: 5_000 }, (_, index) =>
      product({ id: `p${index}`, recSpecialPrices: [30] }),
    );
    expect(parse([page(...many)], ARCH_CITY).deals).toHaveLength(2_000);
  });

  it('links to the store page when a product has no cName, and drops unsafe images', () => {
    const [deal] = parse(
      [page(product({ cName: null, Image: 'javascript:alert(1)', recSpecialPrices: [30] }))],
      ARCH_CITY,
    ).deals;
    expect(deal).toMatchObject({ sourceUrl: STORE, imageUrl: '' });
  });
});

describe('parse recognises what is not a menu', () => {
  it('a rotated persisted-query hash, naming the operation', () => {
    const gone = received('special-cards', 'persisted-query-not-found.json');
    expect(() => parse([...recordedScrape(), gone], ARCH_CITY)).toThrow(SchemaChangedError);
    expect(() => parse([gone], ARCH_CITY)).toThrow(/GetSpecialMenuCards.*PersistedQueryNotFound/);
  });

  it('a Cloudflare page', () => {
    const page = received('products:0', 'cloudflare-challenge.html');
    expect(() => parse([page], ARCH_CITY)).toThrow(BlockedError);
  });

  it('a store Dutchie does not know', () => {
    const store = received('store', 'consumer-dispensaries-not-found.json');
    expect(() => parse([store], ARCH_CITY)).toThrow(NotFoundError);
  });

  it('an entry without a platformId', () => {
    expect(() => parse(recordedScrape(), { ...ARCH_CITY, platformId: undefined })).toThrow(
      NotFoundError,
    );
  });

  it('a products page without a products list, or errors without data', () => {
    const empty: Received = { label: 'products:0', url: '', body: { data: {} } };
    const failed: Received = { label: 'store', url: '', body: { errors: [{ message: 'boom' }] } };
    expect(() => parse([empty], ARCH_CITY)).toThrow(SchemaChangedError);
    expect(() => parse([failed], ARCH_CITY)).toThrow(/ConsumerDispensaries with an error: boom/);
  });

  it('no location for a store at 0,0 or without coordinates', () => {
    const store = (coordinates: unknown): Received => ({
      label: 'store',
      url: '',
      body: {
        data: { filteredDispensaries: [{ id: 'x', location: { geometry: { coordinates } } }] },
      },
    });
    expect(parse([store([0, 0])], ARCH_CITY).location).toBeUndefined();
    expect(parse([store(null)], ARCH_CITY).location).toBeUndefined();
    expect(parse([store([-200, 38])], ARCH_CITY).location).toBeUndefined();
  });

  it('no hours from a store that states none, or states them in another time zone', () => {
    const store = (fields: Record<string, unknown>): Received => ({
      label: 'store',
      url: '',
      body: { data: { filteredDispensaries: [{ id: 'x', ...fields }] } },
    });
    const week = (start: string) =>
      Object.fromEntries(
        ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
          (day) => [day, { active: true, start, end: '9:00 PM' }],
        ),
      );
    expect(parse([store({})], ARCH_CITY).hours).toBeNull();
    expect(
      parse([store({ pickupHours: week('9:00 AM'), timezone: 'America/Denver' })], ARCH_CITY).hours,
    ).toBeNull();
    expect(parse([store({ pickupHours: week('nine') })], ARCH_CITY).hours).toBeNull();
    // Without a store lookup nothing is known either way.
    expect(parse([], ARCH_CITY).hours).toBeUndefined();
    expect(parse([store({ pickupHours: week('9:00 AM') })], ARCH_CITY).hours?.monday).toEqual([
      { opens: '09:00', closes: '21:00' },
    ]);
  });
});

describe('parse: which special, which category, which size', () => {
  const product = (fields: Record<string, unknown>) => ({
    id: '683a26e78d1f98b36757bbf6',
    cName: 'some-product',
    Name: 'Some Product',
    Status: 'Active',
    type: 'Flower',
    Options: ['1/8oz'],
    recPrices: [40],
    recSpecialPrices: [30],
    ...fields,
  });
  const parseProducts = (...products: unknown[]) =>
    parse(
      [
        {
          label: 'products:0',
          url: 'https://dutchie.com/graphql',
          body: { data: { filteredProducts: { products } } },
        },
      ],
      ARCH_CITY,
    ).deals;
  const sale = (specialName: string, fields: Record<string, unknown>) => ({
    specialName,
    specialType: 'sale',
    percentDiscount: false,
    dollarDiscount: false,
    targetPrice: false,
    ...fields,
  });

  it('names the special whose discount makes the sale price, not the first one listed', () => {
    const specials = [
      sale('10% Off Flower', { discount: 10, percentDiscount: true }),
      sale('$10 Off Eighths', { discount: 10, dollarDiscount: true }),
      sale('25% Off Everything', { discount: 25, percentDiscount: true }),
    ];
    const [deal] = parseProducts(product({ specialData: { saleSpecials: specials } }));
    expect(deal?.specialName).toBe('$10 Off Eighths');
    const target = [
      sale('5% Off', { discount: 5, percentDiscount: true }),
      sale('$30 Eighths', { discount: 30, targetPrice: true }),
    ];
    expect(parseProducts(product({ specialData: { saleSpecials: target } }))[0]?.specialName).toBe(
      '$30 Eighths',
    );
  });

  it('falls back to the first special that applies when none states the price', () => {
    const specials = [sale('Staff Picks', {}), sale('Weekend Sale', {})];
    const [deal] = parseProducts(product({ specialData: { saleSpecials: specials } }));
    expect(deal?.specialName).toBe('Staff Picks');
  });

  it.each([
    ['Oral', 'capsules', 'edibles'],
    ['Oral', 'troches', 'edibles'],
    ['Tincture', undefined, 'edibles'],
    ['CBD', 'tablets', 'edibles'],
    ['Vaporizers', 'cartridges', 'vapes'],
    ['Apparel', undefined, 'accessories'],
    ['Clones', undefined, 'other'],
  ])('reads type %s / %s as %s', (type, subcategory, category) => {
    const [deal] = parseProducts(product({ type, subcategory, Options: ['100mg'] }));
    expect(deal?.category).toBe(category);
  });

  it('passes no raw option through as a size: the name says it, or there is none', () => {
    const [cart, gear] = parseProducts(
      product({ Name: 'Rove Live Resin Cart 1g', type: 'Vaporizers', Options: ['1gC'] }),
      product({ id: '2', cName: 'x', Name: 'Glass Pipe', type: 'Accessories', Options: ['N/A'] }),
    );
    expect(cart).toMatchObject({ size: '1g', unitPrice: { amount: 30, per: 'g' } });
    expect(gear?.size).toBeUndefined();
  });

  it('reads the product total, not one piece, from an edible’s name', () => {
    const [deal] = parseProducts(
      product({
        Name: 'RSO Tincture 1000mg (60mg each)',
        type: 'Tincture',
        Options: ['N/A'],
        recPrices: [60],
        recSpecialPrices: [45],
      }),
    );
    expect(deal).toMatchObject({ size: '1000mg', unitPrice: { amount: 4.5, per: '100mg' } });
  });

  it('reads an option that is one piece’s dose as a serving: the name’s pack total is the size', () => {
    const [deal] = parseProducts(
      product({
        Name: 'Camino Gummies 100mg (10 x 10mg)',
        type: 'Edible',
        Options: ['.01g'],
        recPrices: [20],
        recSpecialPrices: [15],
      }),
    );
    expect(deal).toMatchObject({ size: '100mg', unitPrice: { amount: 15, per: '100mg' } });
  });
});

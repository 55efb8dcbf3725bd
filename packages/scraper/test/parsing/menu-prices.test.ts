import { readFileSync } from 'node:fs';
import { marketClassById, marketClassOf, type Platform } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../src/adapters';
import { ARCH_CITY, recordedScrape } from '../../src/adapters/dutchie/payloads/recorded';
import { entryFor, expectSafeDeals } from '../../src/adapters/shared/testing';
import type { Received } from '../../src/adapters/types';
import { parsedMenu } from '../../src/parsing/parse-job';
import type { RegistryEntry } from '../../src/registry';

/**
 * Menu prices (the store's price memory) as each menu platform's adapter reads them from the
 * project's recorded payloads, through the same steps as the service's parse job.
 */

const adapters = new URL('../../src/adapters/', import.meta.url);
const text = (file: string) => readFileSync(new URL(file, adapters), 'utf8');
const json = (file: string) => JSON.parse(text(file)) as unknown;

interface RecordedMenu {
  platform: Platform;
  entry: RegistryEntry;
  /** A fresh copy of everything one scrape of the recorded store receives. */
  received(): Received[];
  /** Two sizes of one product, as keyed in the recorded menu. */
  sizes: [string, string];
}

const page = (label: string, body: unknown): Received => ({ label, url: 'https://x.test', body });
const SPECIALS = 'https://www.archcitycannabis.com/weekly-specials/';

const MENUS: RecordedMenu[] = [
  {
    platform: 'dutchie',
    entry: ARCH_CITY,
    received: recordedScrape,
    sizes: ['id:9e0efbf29fe0f05f0cc28ac3:1/8oz', 'id:9e0efbf29fe0f05f0cc28ac3:1/4oz'],
  },
  {
    platform: 'jane',
    entry: entryFor('jane', { platformId: '4820' }),
    received: () => [page('products-page-0', json('jane/payloads/algolia-products-page-0.json'))],
    sizes: ['id:2318841:eighth_ounce', 'id:2318841:quarter_ounce'],
  },
  {
    platform: 'weedmaps',
    entry: entryFor('weedmaps', { platformId: 'riverfront-remedies-st-charles' }),
    received: () => [page('menu-items-page-1', json('weedmaps/payloads/menu-items-page-1.json'))],
    // One size per discovery item; the JSON:API envelope's sizes are keyed in their own test.
    sizes: ['id:231104417:1/8 oz', 'id:231104639:1/2 g'],
  },
  {
    platform: 'leafly',
    entry: entryFor('leafly', { platformId: 'mound-city-dispensary-south-grand' }),
    received: () => [page('menu-page-1', text('leafly/payloads/menu-page-1.html'))],
    sizes: ['id:4412870664:4412870664', 'id:4412870664:4412870665'],
  },
  {
    platform: 'sweed',
    entry: entryFor('sweed', { platformId: '412', menuUrl: 'https://shop.example/soulard' }),
    received: () => [page('page:1', json('sweed/payloads/get-product-list-page-1.json'))],
    sizes: ['id:90211:120401', 'id:90211:120402'],
  },
  {
    platform: 'dispense',
    entry: entryFor('dispense', { platformId: '7c1e52a0d4b93f18' }),
    received: () => [page('page:1', json('dispense/payloads/venue-products-skip-0.json'))],
    sizes: ['id:e3a91c07b2d45f10', 'id:e3a91c07b2d45f11'],
  },
  {
    platform: 'joint',
    entry: entryFor('joint', { platformId: '6120', menuUrl: 'https://shop.example/menu/' }),
    received: () => [page('page:1', json('joint/payloads/search-from-0.json'))],
    // One recreational size per recorded product; a second one is keyed in its own test.
    sizes: [
      'id:7d2c0e1a-5b3f-4e6a-9c8d-1f2e3a4b5c61:8e3d1f2b-6c4a-4f7b-0d9e-2a3b4c5d6e72',
      'id:9f4e2a3c-7d5b-4a8c-1e0f-3b4c5d6e7f83:0a5f3b4d-8e6c-4b9d-2f1a-4c5d6e7f8a94',
    ],
  },
];

const read = (menu: Pick<RecordedMenu, 'platform' | 'entry'>, received: Received[]) =>
  parsedMenu(ADAPTERS[menu.platform]!, received, menu.entry, {
    maxDeals: 2_000,
    maxDealBytes: 4 * 1024 * 1024,
  });

const keysOf = (menu: RecordedMenu, received = menu.received()) =>
  read(menu, received)
    .menuPrices.map((price) => price.storeProductKey)
    .sort();

// ---------------------------------------------------------------------------------------------
// Payload changes: every price field, wherever a platform keeps it.

/** A field that holds a price, or prices: 'price', 'recSpecialPrices', 'discounted_price_gram'. */
const PRICE_FIELD = /price/i;

type Change = (value: number | string) => unknown;

/** The payload with every number and string under a price field (at any depth) changed. */
function withPrices(value: unknown, change: Change, inPrice = false): unknown {
  if (Array.isArray(value)) return value.map((each) => withPrices(each, change, inPrice));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        withPrices(inner, change, inPrice || PRICE_FIELD.test(key)),
      ]),
    );
  }
  return inPrice && (typeof value === 'number' || typeof value === 'string')
    ? change(value)
    : value;
}

/** The payload with every list of records in reverse order (products, sizes, specials). */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(reordered);
    const records = items.length > 1 && items.every((each) => typeof each === 'object');
    return records ? items.reverse() : items;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, reordered(inner)]));
  }
  return value;
}

const NEXT_DATA = /(<script id="__NEXT_DATA__" type="application\/json">)([\s\S]*?)(<\/script>)/;

/** Every payload changed by `change`; Leafly's page through the JSON state it embeds. */
function changed(received: Received[], change: (body: unknown) => unknown): Received[] {
  return received.map((payload) => {
    if (typeof payload.body !== 'string') return { ...payload, body: change(payload.body) };
    const body = payload.body.replace(
      NEXT_DATA,
      (_, open: string, state: string, close: string) => {
        return `${open}${JSON.stringify(change(JSON.parse(state)))}${close}`;
      },
    );
    expect(body).not.toBe(payload.body);
    return { ...payload, body };
  });
}

/** A price a day later: a dollar more, written as the platform wrote it. */
const aDollarMore: Change = (value) => {
  if (typeof value === 'number') return value + 1;
  return /^\d+(\.\d+)?$/.test(value) ? (Number(value) + 1).toFixed(2) : value;
};

// ---------------------------------------------------------------------------------------------

describe.each(MENUS)('$platform: menu prices of the recorded menu', (menu) => {
  const { deals, menuPrices } = read(menu, menu.received());

  it('prices products that are on no deal as well as those on one', () => {
    const onDeal = menuPrices.filter((price) => price.onDeal);
    const offDeal = menuPrices.filter((price) => !price.onDeal);
    expect(onDeal.length).toBeGreaterThan(0);
    // Products at their regular price: no deal, yet the days they were not on one are the
    // history a deal is judged against.
    expect(offDeal.some((price) => price.salePrice === price.regularPrice)).toBe(true);
    for (const price of menuPrices) {
      expect(price.salePrice).toBeLessThanOrEqual(price.regularPrice ?? price.salePrice);
    }
  });

  it("gives every product's deal its product's key, under which its shown price is kept", () => {
    const productDeals = deals.filter((deal) => deal.storeProductKey?.startsWith('id:'));
    expect(productDeals.length).toBeGreaterThan(0);
    for (const deal of productDeals) {
      const price = menuPrices.find((each) => each.storeProductKey === deal.storeProductKey);
      expect(price, deal.title).toMatchObject({
        onDeal: true,
        salePrice: deal.salePrice ?? deal.regularPrice,
      });
    }
    const dealKeys = new Set(deals.map((deal) => deal.storeProductKey));
    for (const price of menuPrices.filter((each) => each.onDeal)) {
      expect(dealKeys.has(price.storeProductKey)).toBe(true);
    }
  });

  it('keys two sizes of one product apart', () => {
    const keys = menuPrices.map((price) => price.storeProductKey);
    expect(keys).toEqual(expect.arrayContaining(menu.sizes));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives the same keys on every read, whatever the prices and the order of the products', () => {
    const keys = keysOf(menu);
    expect(keysOf(menu)).toEqual(keys);
    expect(
      keysOf(
        menu,
        changed(menu.received(), (body) => withPrices(body, aDollarMore)),
      ),
    ).toEqual(keys);
    expect(keysOf(menu, changed(menu.received(), reordered))).toEqual(keys);
  });

  it.each([
    ['NaN', NaN],
    ['-1', -1],
    ['1e308', 1e308],
    ['Infinity', Number.POSITIVE_INFINITY],
    ["'NaN'", 'NaN'],
    ["'-1'", '-1'],
    ["'1e308'", '1e308'],
    ["'thirty'", 'thirty'],
  ])('gives no price where every price field holds %s', (_, hostile) => {
    const poisoned = changed(menu.received(), (body) => withPrices(body, () => hostile));
    const result = read(menu, poisoned);
    expect(result.menuPrices).toEqual([]);
    expectSafeDeals(result.deals);
  });
});

describe('sizes the recorded menus do not show', () => {
  it('Weedmaps: each price slot of a JSON:API menu item has a key of its own', () => {
    const item = {
      id: '77001',
      type: 'menu_item',
      attributes: {
        name: 'Jealousy',
        brand_name: 'Proper',
        category_name: 'Flower',
        prices: { price_eighth: 40, price_quarter: 75, price_ounce: 0 },
      },
    };
    const weedmaps = MENUS.find((each) => each.platform === 'weedmaps')!;
    const { menuPrices } = read(weedmaps, [page('menu-items-page-1', { data: [item] })]);
    expect(menuPrices).toEqual([
      {
        storeProductKey: 'id:77001:price_eighth',
        salePrice: 40,
        regularPrice: 40,
        onDeal: false,
        market: { classId: 'flower-3.5g', units: 1 },
      },
      {
        storeProductKey: 'id:77001:price_quarter',
        salePrice: 75,
        regularPrice: 75,
        onDeal: false,
        market: { classId: 'flower-7g', units: 1 },
      },
    ]);
  });

  it("Joint: a product's second recreational size has a key of its own", () => {
    const joint = MENUS.find((each) => each.platform === 'joint')!;
    const [payload] = joint.received();
    const hit = (payload!.body as { hits: { hits: Array<{ _source: { variants: unknown[] } }> } })
      .hits.hits[0]!;
    const [eighth] = hit._source.variants as Array<Record<string, unknown>>;
    hit._source.variants.push({
      ...eighth,
      jointId: 'a0000000-0000-4000-8000-000000000001',
      option: '1/4oz',
      price: '80.00',
      specialPrice: null,
      appliedSpecials: [],
    });
    const keys = read(joint, [payload!]).menuPrices.map((price) => price.storeProductKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        joint.sizes[0],
        'id:7d2c0e1a-5b3f-4e6a-9c8d-1f2e3a4b5c61:a0000000-0000-4000-8000-000000000001',
      ]),
    );
  });
});

describe('menu prices and the per-store bound on deals', () => {
  it('keeps every price when the bound cuts the deals', () => {
    const dutchie = MENUS[0]!;
    const all = read(dutchie, dutchie.received());
    const cut = parsedMenu(ADAPTERS.dutchie!, dutchie.received(), dutchie.entry, {
      maxDeals: 2,
      maxDealBytes: 4 * 1024 * 1024,
    });
    expect(cut.deals).toHaveLength(2);
    expect(cut.menuPrices).toEqual(all.menuPrices);
  });
});

describe('specials pages: their priced deals only', () => {
  it('html: every priced deal is a menu price on a deal, under the key its deal carries', () => {
    const html = { platform: 'html' as const, entry: entryFor('html', { specialsUrl: SPECIALS }) };
    const body = text('html/payloads/json-ld-featured-products.html');
    const { deals, menuPrices } = read(html, [page('specials-page', body)]);
    const priced = deals.filter((deal) => (deal.salePrice ?? deal.regularPrice) !== undefined);
    expect(priced.length).toBeGreaterThan(0);
    expect(menuPrices).toEqual(
      priced.map((deal) => ({
        storeProductKey: deal.storeProductKey,
        salePrice: deal.salePrice ?? deal.regularPrice,
        regularPrice: deal.regularPrice ?? null,
        onDeal: true,
        // A deal's class from its own facts, where they name one.
        ...(marketClassOf(deal) ? { market: marketClassOf(deal) } : {}),
      })),
    );
    expect(deals.every((deal) => /^(name|title):/.test(deal.storeProductKey ?? ''))).toBe(true);
  });

  it('feed: keys its deals by their words, never by a key the feed sends', () => {
    const feed = { platform: 'feed' as const, entry: entryFor('feed', { menuUrl: SPECIALS }) };
    const sent = {
      title: 'Proper Jealousy 3.5g',
      brand: 'Proper',
      category: 'flower',
      description: '25% off',
      price: '$30 (was $40)',
      regularPrice: 40,
      salePrice: 30,
      imageUrl: '',
      sourceUrl: 'https://feed.example/jealousy',
      storeProductKey: 'id:someone-elses',
    };
    const unpriced = {
      ...sent,
      title: 'BOGO gummies',
      regularPrice: undefined,
      salePrice: undefined,
    };
    const { deals, menuPrices } = read(feed, [page('feed', [sent, unpriced])]);
    const key = deals[0]?.storeProductKey;
    expect(key).toMatch(/^name:/);
    expect(menuPrices).toEqual([
      { storeProductKey: key, salePrice: 30, regularPrice: 40, onDeal: true },
    ]);
  });
});

describe('menu prices: market classes', () => {
  it.each(MENUS.map((menu) => [menu.platform, menu] as const))(
    "%s: names each price's comparable class where its category and size say one",
    (_platform, menu) => {
      const prices = read(menu, menu.received()).menuPrices;
      const classed = prices.filter((price) => price.market);
      expect(classed.length, 'prices with a class').toBeGreaterThan(0);
      for (const { market } of classed) {
        expect(marketClassById(market!.classId), market!.classId).toBeDefined();
        expect(market!.units).toBeGreaterThan(0);
      }
    },
  );
});

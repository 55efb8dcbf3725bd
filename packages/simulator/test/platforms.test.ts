import { normalizedWeek, type Deal, type Platform, type WeeklyHours } from '@stl-deals/domain';
import { NotFoundError, type Scraper } from '@stl-deals/scraper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateMenu,
  SIMULATED_PLATFORM_NAMES,
  type Menu,
  type Product,
  type Simulator,
} from '../src';
import { oneSpanADay } from '../src/platforms/hours-forms';
import { StoreDirectory } from '../src/stores';
import {
  NOW,
  SEED,
  scrape,
  simulatorScraper,
  startTestSimulator,
  storeKey,
  testRegistry,
} from './support';

let simulator: Simulator;
let scraper: Scraper;
beforeAll(async () => {
  simulator = await startTestSimulator();
  scraper = simulatorScraper(simulator);
});
afterAll(async () => {
  await scraper.close();
  await simulator.stop();
});

function menuOf(platform: Platform): Menu {
  const entry = testRegistry().dispensaries.find((each) => each.key === storeKey(platform));
  return generateMenu({
    seed: SEED,
    store: { key: storeKey(platform), name: entry?.name ?? '' },
    now: NOW,
  });
}

/** The product a deal is about: the one whose brand and (longest) name its title holds. */
function productIn(menu: Menu, deal: Deal): Product | undefined {
  return menu.products
    .filter((product) => deal.title.includes(product.brand) && deal.title.includes(product.name))
    .sort((a, b) => b.name.length - a.name.length)[0];
}

/**
 * What each platform can show of a menu: every product on special and the store's special cards
 * on Dutchie and a specials page, the store-wide specials in a feed, only price cuts on Leafly
 * (it shows deal prices, no special names). Sweed, Dispense and Joint list a deal per size, so a
 * product may come more than once; each product counts once here.
 */
function expected(platform: Platform, menu: Menu) {
  const onSpecial = menu.products.filter((product) => product.specialId !== undefined);
  const cut = onSpecial.filter((product) => product.sizes.some((size) => size.sale !== undefined));
  const products = platform === 'leafly' ? cut : onSpecial;
  const specials =
    platform === 'dutchie' || platform === 'html'
      ? menu.specials
      : platform === 'feed'
        ? menu.specials.filter((special) => special.scope === 'store')
        : [];
  return {
    products: products.map((product) => product.id).sort(),
    specials: specials.map((special) => special.name).sort(),
  };
}

describe('each simulated platform, read by its real adapter over http', () => {
  it.each(SIMULATED_PLATFORM_NAMES)(
    '%s: the products on special and the specials, and no ordinary product',
    async (platform) => {
      const menu = menuOf(platform);
      const result = await scrape(scraper, simulator, storeKey(platform));
      expect(result.transport).toBe('http');
      const specialNames = new Set(menu.specials.map((special) => special.name));
      const storeSpecials = result.deals.filter((deal) => specialNames.has(deal.title));
      const productDeals = result.deals.filter((deal) => !specialNames.has(deal.title));
      const found = productDeals.map((deal) => productIn(menu, deal));
      expect(found).not.toContain(undefined);
      expect({
        products: [...new Set(found.map((product) => product?.id))].sort(),
        specials: storeSpecials.map((deal) => deal.title).sort(),
      }).toEqual(expected(platform, menu));
      for (const deal of result.deals) expect(deal.sourceUrl).toMatch(/^https?:\/\//);
      for (const deal of productDeals) expect(deal.price).not.toBe('');
    },
  );

  it("states each store's week as its platform does, read back by its real adapter", async () => {
    const stores = new StoreDirectory(simulator.registry);
    const oneSpan = (week: WeeklyHours) =>
      normalizedWeek(
        Object.fromEntries(
          Object.entries(oneSpanADay(week)).map(([day, span]) => [day, span ? [span] : []]),
        ),
      );
    for (const platform of ['dutchie', 'jane', 'weedmaps', 'leafly', 'html'] as const) {
      const week = stores.byKey(storeKey(platform))!.hours;
      const result = await scrape(scraper, simulator, storeKey(platform));
      // Dutchie, Jane and Weedmaps keep one pair of times a day; schema.org keeps every opening.
      expect(result.hours, platform).toEqual(
        platform === 'leafly' || platform === 'html' ? week : oneSpan(week),
      );
      const entry = simulator.registry.dispensaries.find((each) => each.key === storeKey(platform));
      expect(entry?.hours, platform).toBeUndefined();
    }
    // The others state none: the simulated registry entry carries the week.
    for (const platform of ['sweed', 'dispense', 'joint', 'feed'] as const) {
      const entry = simulator.registry.dispensaries.find((each) => each.key === storeKey(platform));
      expect(entry?.hours, platform).toEqual(stores.byKey(storeKey(platform))!.hours);
      expect(
        (await scrape(scraper, simulator, storeKey(platform))).hours,
        platform,
      ).toBeUndefined();
    }
  });

  it("states each store's phone number in its platform's form, read back by its real adapter", async () => {
    const stores = new StoreDirectory(simulator.registry);
    const e164 = (digits: string) => `+1${digits}`;
    for (const platform of ['dutchie', 'jane', 'weedmaps', 'leafly', 'html'] as const) {
      const result = await scrape(scraper, simulator, storeKey(platform));
      expect(result.phone, platform).toBe(e164(stores.byKey(storeKey(platform))!.phone));
      const entry = simulator.registry.dispensaries.find((each) => each.key === storeKey(platform));
      expect(entry?.phone, platform).toBeUndefined();
    }
    // The others state none: the simulated registry entry carries the number.
    for (const platform of ['sweed', 'dispense', 'joint', 'feed'] as const) {
      const entry = simulator.registry.dispensaries.find((each) => each.key === storeKey(platform));
      const digits = stores.byKey(storeKey(platform))!.phone;
      expect(entry?.phone, platform).toBe(
        `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
      );
      expect(
        (await scrape(scraper, simulator, storeKey(platform))).phone,
        platform,
      ).toBeUndefined();
    }
  });

  it('serves the page every deal links to, and no page for a product it does not have', async () => {
    for (const platform of SIMULATED_PLATFORM_NAMES) {
      const result = await scrape(scraper, simulator, storeKey(platform));
      const links = [...new Set(result.deals.map((deal) => deal.sourceUrl))];
      expect(links.length, platform).toBeGreaterThan(0);
      for (const link of links) {
        expect(link.startsWith(simulator.url), link).toBe(true);
        expect((await fetch(link)).status, link).toBe(200);
      }
      const kinds = new Set(result.deals.map((deal) => deal.linkKind));
      expect(kinds, platform).toEqual(
        new Set(
          ['dutchie', 'jane', 'weedmaps', 'leafly', 'dispense', 'html'].includes(platform)
            ? platform === 'html'
              ? ['menu']
              : platform === 'dutchie'
                ? ['product', 'menu']
                : ['product']
            : platform === 'feed'
              ? [undefined]
              : ['menu'],
        ),
      );
    }
    const dutchie = simulator.registry.dispensaries.find((entry) => entry.platform === 'dutchie');
    const made = [
      `/dispensary/${dutchie?.platformId}/product/no-such-product`,
      '/dispensaries/no-such-listing/menu/no-such-item',
      `/dispensary-info/${storeKey('leafly')}/p/1`,
      `/order/${storeKey('dispense')}/no-such-product`,
    ];
    for (const path of made)
      expect((await fetch(`${simulator.url}${path}`)).status, path).toBe(404);
  });

  it('gives the coordinates the registry has through the platforms that carry them', async () => {
    for (const platform of ['dutchie', 'jane', 'leafly'] as const) {
      const result = await scrape(scraper, simulator, storeKey(platform));
      expect(result.location).toEqual({ lat: 38.6127, lng: -90.2424 });
    }
  });

  it('pages through menus as the platforms do', async () => {
    const pages = (platform: Platform, perPage: number) =>
      Math.ceil(menuOf(platform).products.length / perPage);
    /** The requests to `path` one scrape of the platform's store makes. */
    const requests = async (platform: Platform, path: string) => {
      const before = simulator.requestCount({ dispensary: storeKey(platform), path });
      await scrape(scraper, simulator, storeKey(platform));
      return simulator.requestCount({ dispensary: storeKey(platform), path }) - before;
    };
    // Dutchie: the store lookup, the two specials queries and every 50-product page.
    expect(await requests('dutchie', '/api-3/graphql')).toBe(3 + pages('dutchie', 50));
    expect(await requests('leafly', '/dispensary-info/*')).toBe(pages('leafly', 18));
    // Weedmaps: every 100-item page, then the listing's record (its hours).
    expect(await requests('weedmaps', '/discovery/*')).toBe(pages('weedmaps', 100) + 1);
  });

  it("refuses a Jane query without the store page's search key, as Algolia does", async () => {
    const answer = await fetch(`${simulator.url}/1/indexes/menu-products-production/query`, {
      method: 'POST',
      headers: { 'x-algolia-api-key': 'not-the-key' },
      body: JSON.stringify({ filters: 'store_id = 4101' }),
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({
      message: 'Invalid Application-ID or API key',
      status: 403,
    });
  });

  it('answers a store it does not know as the platform does', async () => {
    const unknown = (platform: Platform) => ({
      ...simulator.registry.dispensaries.find((entry) => entry.platform === platform)!,
      key: 'nowhere',
      platformId: 'no-such-store',
      menuUrl: undefined,
    });
    await expect(scraper.scrape(unknown('dutchie'), AbortSignal.timeout(5_000))).rejects.toThrow(
      NotFoundError,
    );
    await expect(scraper.scrape(unknown('weedmaps'), AbortSignal.timeout(5_000))).rejects.toThrow(
      NotFoundError,
    );
  });
});

describe('the simulated registry', () => {
  it('addresses every dispensary at the simulator', () => {
    for (const entry of simulator.registry.dispensaries) {
      const urls = [entry.menuUrl, entry.specialsUrl].filter((url) => url !== undefined);
      expect(urls.length + (entry.platformId ? 1 : 0)).toBeGreaterThan(0);
      for (const url of urls) expect(url.startsWith(simulator.url)).toBe(true);
    }
  });

  it('allows every path in robots.txt', async () => {
    const answer = await fetch(`${simulator.url}/robots.txt`);
    expect(await answer.text()).toBe('User-agent: *\nAllow: /\n');
  });
});

describe('determinism over http', () => {
  const bodies = async (seed: string) => {
    const other = await startTestSimulator({ seed });
    try {
      const leafly = other.registry.dispensaries.find((entry) => entry.platform === 'leafly')!;
      const feed = other.registry.dispensaries.find((entry) => entry.platform === 'feed')!;
      return await Promise.all(
        [leafly.menuUrl!, feed.menuUrl!].map(async (url) =>
          (await (await fetch(url)).text()).replaceAll(other.url, 'SIMULATOR'),
        ),
      );
    } finally {
      await other.stop();
    }
  };

  it('answers the same bodies for the same seed, and others for another seed', async () => {
    const [first, again, other] = await Promise.all([bodies(SEED), bodies(SEED), bodies('other')]);
    expect(again).toEqual(first);
    expect(other[0]).not.toEqual(first[0]);
    expect(other[1]).not.toEqual(first[1]);
  });
});

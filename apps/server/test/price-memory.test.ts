/**
 * The service's price memory on a real SQLite store: what a scrape records, the facts the deals
 * lists carry, the history call, and the pruning. The scraper is a stand-in whose results the
 * tests write by hand (deals with their store product keys, and the menu's prices).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, type Deal } from '@stl-deals/domain';
import type { MenuPrice, Registry, RegistryEntry, Scraper, ScrapeResult } from '@stl-deals/scraper';
import { openSqliteRepository, type DealsRepository } from '@stl-deals/store';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { HISTORY_CACHE_CONTROL, UNKNOWN_DEAL } from '../src/routes/deal-history';
import { silentLogger, tempDir, testConfig, TestClock } from './support/harness';

const DAY_MS = 24 * 60 * 60 * 1000;
/** TestClock's start, 2026-11-21 18:00 UTC, is noon in St. Louis. */
const TODAY = '2026-11-21';

/** A scraper that answers what the test set for each dispensary, or throws it. */
class MenuScraper implements Scraper {
  readonly results = new Map<string, ScrapeResult | Error>();

  scrape(entry: RegistryEntry): Promise<ScrapeResult> {
    const result = this.results.get(entry.key);
    if (result === undefined) return Promise.reject(new Error(`no result for ${entry.key}`));
    return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
  }
  hasMenuSource(): boolean {
    return true;
  }
  resolveSource(): Promise<null> {
    return Promise.resolve(null);
  }
  fetchJsonInBrowser(): Promise<unknown> {
    return Promise.reject(new Error('no browser here'));
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

const registry: Registry = {
  dispensaries: ['alpha', 'beta'].map((key) => ({
    key,
    name: `Store ${key}`,
    platform: 'feed' as const,
    menuUrl: `http://127.0.0.1:9/feed/${key}`,
  })),
};

function deal(n: number, salePrice: number, fields: Partial<Deal> = {}): Deal {
  return {
    id: `feed:alpha:${n}`,
    title: `Proper Jealousy Smalls ${n} 3.5g`,
    description: 'While supplies last.',
    price: `$${salePrice}`,
    imageUrl: '',
    sourceUrl: link(n),
    brand: 'Proper',
    size: '3.5g',
    salePrice,
    regularPrice: 40,
    storeProductKey: `id:p${n}`,
    ...fields,
  };
}

const link = (n: number) => `https://menus.example.com/alpha/${n}`;

const menuPrice = (key: string, salePrice: number, onDeal = true): MenuPrice => ({
  storeProductKey: key,
  salePrice,
  regularPrice: 40,
  onDeal,
});

/** `count` days of `key` at alpha, the last one yesterday, each at `price`. */
async function seedDays(
  repository: DealsRepository,
  key: string,
  count: number,
  price: number,
): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const day = addDays(TODAY, index - count);
    await repository.replaceSnapshot('alpha', [], new Date(`${day}T18:00:00Z`), [
      { productKey: key, day, salePrice: price, regularPrice: 40, onDeal: false },
    ]);
  }
}

let dataDir: string;
let scraper: MenuScraper;
let repository: DealsRepository;
const apps: FastifyInstance[] = [];

beforeEach(async () => {
  dataDir = tempDir();
  scraper = new MenuScraper();
  repository = await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') });
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** The app on `repository` (which it then owns), scraping with `scraper`. */
async function app(clock = new TestClock(), env: Record<string, string> = {}) {
  const started = await buildApp({
    config: testConfig({ DATA_DIR: dataDir, REFRESH_COOLDOWN_S: '0', ...env }),
    repository,
    scraper,
    registry,
    clock,
    logger: silentLogger,
  });
  apps.push(started);
  return started;
}

/** Every observation alpha has from `sinceDay` on, by product key. */
async function observations(keys: string[], sinceDay = addDays(TODAY, -1000)) {
  return Object.fromEntries(await repository.priceHistory('alpha', keys, sinceDay));
}

describe('recording', () => {
  it("writes a scrape's menu prices as the market day's observations, with its snapshot", async () => {
    // 9:30 pm in St. Louis: already the next day in UTC, still TODAY here.
    const clock = new TestClock(Date.parse(`${addDays(TODAY, 1)}T03:30:00Z`));
    const server = await app(clock);
    scraper.results.set('alpha', {
      deals: [deal(1, 30)],
      transport: 'http',
      menuPrices: [menuPrice('id:p1', 30), menuPrice('id:p2', 12, false)],
    });
    expect(await server.collection.refresh('alpha')).toBe('refreshed');
    expect(await observations(['id:p1', 'id:p2'])).toEqual({
      'id:p1': [{ productKey: 'id:p1', day: TODAY, salePrice: 30, regularPrice: 40, onDeal: true }],
      'id:p2': [
        { productKey: 'id:p2', day: TODAY, salePrice: 12, regularPrice: 40, onDeal: false },
      ],
    });
  });

  it('writes nothing for a failed scrape, nor for one whose snapshot is not kept', async () => {
    const clock = new TestClock();
    const server = await app(clock);
    scraper.results.set('alpha', {
      deals: [deal(1, 30)],
      transport: 'http',
      menuPrices: [menuPrice('id:p1', 30)],
    });
    await server.collection.refresh('alpha');

    clock.advance(DAY_MS);
    scraper.results.set('alpha', new Error('the platform answered 500'));
    expect(await server.collection.refresh('alpha')).toBe('failed');
    // Deals were stored, so an empty answer keeps them: its menu prices are not recorded either.
    scraper.results.set('alpha', {
      deals: [],
      transport: 'http',
      menuPrices: [menuPrice('id:p1', 25)],
    });
    expect(await server.collection.refresh('alpha')).toBe('failed');
    expect((await observations(['id:p1']))['id:p1']?.map(({ day }) => day)).toEqual([TODAY]);
  });

  it('keeps the snapshot and the good prices when some menu prices are bad', async () => {
    const server = await app();
    scraper.results.set('alpha', {
      deals: [deal(1, 30)],
      transport: 'http',
      menuPrices: [menuPrice('id:p1', 30), menuPrice('id:p2', Number.NaN), menuPrice('', 5)],
    });
    expect(await server.collection.refresh('alpha')).toBe('refreshed');
    expect(Object.keys(await observations(['id:p1', 'id:p2']))).toEqual(['id:p1']);
  });
});

describe('facts on the deals lists', () => {
  async function seeded() {
    await seedDays(repository, 'id:p1', 10, 40); // ten days at $40, today $30: a real discount
    await seedDays(repository, 'id:p3', 3, 30); // three days: too few to judge
    await seedDays(repository, 'id:p4', 10, 20); // always $20, claims $40 off: inflated
    const server = await app();
    scraper.results.set('alpha', {
      deals: [
        deal(1, 30),
        deal(2, 30), // a product never seen before today
        deal(3, 30),
        deal(4, 20),
        deal(5, 30, { storeProductKey: undefined }),
      ],
      transport: 'http',
      menuPrices: [1, 2, 3, 4].map((n) => menuPrice(`id:p${n}`, n === 4 ? 20 : 30)),
    });
    expect(await server.collection.refresh('alpha')).toBe('refreshed');
    await server.collection.deals.published();
    return server;
  }

  async function listed(server: FastifyInstance, view: 'page' | 'full') {
    const response = await server.inject(`/api/reactive/deals?view=${view}`);
    expect(response.statusCode).toBe(200);
    // The page's view sends no id: each deal is told by its own link.
    const deals = response.json<Deal[]>();
    return new Map(deals.map((listedDeal) => [listedDeal.sourceUrl, listedDeal]));
  }

  it("sends each deal's facts and product key in the page's view and the full one", async () => {
    const server = await seeded();
    for (const view of ['page', 'full'] as const) {
      const deals = await listed(server, view);
      expect(deals.get(link(1))).toMatchObject({
        lowest30d: 40,
        usualPrice: 40,
        previousPrice: 40,
        priceChangedAt: TODAY,
        discountCheck: 'real',
      });
      expect(deals.get(link(1))?.productKey).toMatch(/jealousy/);
      expect(deals.get(link(3))).toMatchObject({ lowest30d: 30, discountCheck: 'unknown' });
      expect(deals.get(link(4))).toMatchObject({
        usualPrice: 20,
        discountCheck: 'inflated',
      });
      for (const unknown of [link(2), link(5)]) {
        expect(deals.get(unknown)).toBeDefined();
        expect(deals.get(unknown)).not.toHaveProperty('discountCheck');
        expect(deals.get(unknown)).not.toHaveProperty('lowest30d');
      }
    }
    expect((await listed(server, 'full')).get(link(1))?.storeProductKey).toBe('id:p1');
    expect((await listed(server, 'page')).get(link(1))).not.toHaveProperty('storeProductKey');
  });

  it('puts the facts on the stored deals read back at start', async () => {
    const first = await seeded();
    await first.close();
    apps.splice(0);
    repository = await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') });
    const restarted = await app();
    expect((await listed(restarted, 'full')).get(link(1))).toMatchObject({
      discountCheck: 'real',
      usualPrice: 40,
    });
  });
});

describe('GET /api/deals/:id/history', () => {
  async function withHistory() {
    await seedDays(repository, 'id:p1', 100, 40);
    const server = await app();
    scraper.results.set('alpha', {
      deals: [deal(1, 30), deal(5, 30, { storeProductKey: undefined })],
      transport: 'http',
      menuPrices: [menuPrice('id:p1', 30)],
    });
    await server.collection.refresh('alpha');
    return server;
  }

  it("answers the deal's days, oldest first, the last 90 unless asked", async () => {
    const server = await withHistory();
    const response = await server.inject('/api/deals/feed:alpha:1/history');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ id: string; dispensaryKey: string; points: unknown[] }>();
    expect(body.id).toBe('feed:alpha:1');
    expect(body.dispensaryKey).toBe('alpha');
    expect(body.points).toHaveLength(90);
    expect(body.points[0]).toEqual({
      day: addDays(TODAY, -89),
      salePrice: 40,
      regularPrice: 40,
      onDeal: false,
    });
    expect(body.points.at(-1)).toEqual({
      day: TODAY,
      salePrice: 30,
      regularPrice: 40,
      onDeal: true,
    });

    const three = await server.inject('/api/deals/feed:alpha:1/history?days=3');
    expect(three.json<{ points: Array<{ day: string }> }>().points.map(({ day }) => day)).toEqual([
      addDays(TODAY, -2),
      addDays(TODAY, -1),
      TODAY,
    ]);
    const year = await server.inject('/api/deals/feed:alpha:1/history?days=365');
    expect(year.json<{ points: unknown[] }>().points).toHaveLength(101);
  });

  it('is cached briefly and revalidated by its ETag', async () => {
    const server = await withHistory();
    const response = await server.inject('/api/deals/feed:alpha:1/history');
    expect(response.headers['cache-control']).toBe(HISTORY_CACHE_CONTROL);
    const etag = response.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    const again = await server.inject({
      url: '/api/deals/feed:alpha:1/history',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 with a message for an id no current deal has', async () => {
    const server = await withHistory();
    // One longer than any id is answered without a lookup.
    for (const id of ['feed:alpha:999', 'x'.repeat(1_000)]) {
      const response = await server.inject(`/api/deals/${id}/history`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'NotFound', message: UNKNOWN_DEAL });
    }
  });

  it("forgets a deal gone from its store's menu", async () => {
    const server = await withHistory();
    scraper.results.set('alpha', {
      deals: [deal(5, 30, { storeProductKey: undefined })],
      transport: 'http',
      menuPrices: [menuPrice('id:p1', 30)],
    });
    expect(await server.collection.refresh('alpha')).toBe('refreshed');
    expect((await server.inject('/api/deals/feed:alpha:1/history')).statusCode).toBe(404);
  });

  it('answers no days for a deal keyed to no product', async () => {
    const server = await withHistory();
    const response = await server.inject('/api/deals/feed:alpha:5/history');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'feed:alpha:5', dispensaryKey: 'alpha', points: [] });
  });

  it.each(['0', '366', '-1', '1.5', 'ninety'])('refuses days=%s with a 400', async (days) => {
    const server = await withHistory();
    const response = await server.inject(`/api/deals/feed:alpha:1/history?days=${days}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'BadRequest' });
  });
});

describe('pruning', () => {
  it('deletes the days before PRICE_HISTORY_DAYS at start, and keeps the rest', async () => {
    // Yesterday's day kept: a clock the history bears out (see 'a bad clock').
    for (const back of [500, 401, 400, 1]) {
      const day = addDays(TODAY, -back);
      await repository.replaceSnapshot('alpha', [], new Date(`${day}T18:00:00Z`), [
        { productKey: 'id:p1', day, salePrice: 30, regularPrice: 40, onDeal: false },
      ]);
    }
    const server = await app(new TestClock(), { PRICE_HISTORY_DAYS: '400' });
    server.maintenance.start();
    await server.maintenance.settled();
    expect((await observations(['id:p1']))['id:p1']?.map(({ day }) => day)).toEqual([
      addDays(TODAY, -400),
      addDays(TODAY, -1),
    ]);
  });
});

describe('one bad day', () => {
  const METRICS_TOKEN = 'metrics-token-for-the-bad-day-12345';

  /** alpha's scrape at the clock's moment: product 1 at `price` (claiming $40 regular). */
  async function scrapeAt(server: FastifyInstance, price: number) {
    scraper.results.set('alpha', {
      deals: [deal(1, price), deal(2, 20)],
      transport: 'http',
      menuPrices: [menuPrice('id:p1', price), menuPrice('id:p2', 20)],
    });
    expect(await server.collection.refresh('alpha')).toBe('refreshed');
    await server.collection.deals.published();
    const listed = (await server.inject('/api/reactive/deals?view=full')).json<Deal[]>();
    const status = (await server.inject('/api/monitoring/scraper/status')).json<{
      sources: Array<{ key: string; pricesHeldBack?: number }>;
    }>();
    return {
      first: listed.find((each) => each.storeProductKey === 'id:p1'),
      heldBack: status.sources.find((source) => source.key === 'alpha')?.pricesHeldBack,
    };
  }

  it('holds a 100x day back from the deals and the facts, says so, and keeps it in the history', async () => {
    await seedDays(repository, 'id:p1', 20, 40);
    await seedDays(repository, 'id:p2', 20, 20);
    const clock = new TestClock();
    const server = await app(clock, { METRICS_TOKEN });

    // A broken feed: $3000 for a $40 product. Not published, counted in status and the metric.
    const broken = await scrapeAt(server, 3000);
    expect(broken.first).toBeUndefined();
    expect(broken.heldBack).toBe(1);
    const { body } = await server.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(body).toContain('stl_deals_price_problems_total{problem="held-back",platform="feed"} 1');

    // The next day at $30: a real discount on the usual $40; the $3000 day counts for nothing.
    clock.advance(DAY_MS);
    const next = await scrapeAt(server, 30);
    expect(next.heldBack).toBeUndefined();
    expect(next.first).toMatchObject({
      lowest30d: 40,
      usualPrice: 40,
      previousPrice: 40,
      discountCheck: 'real',
    });

    // The history is intact: the bad day is kept as it was scraped.
    const kept = (await observations(['id:p1']))['id:p1']!;
    expect(kept).toHaveLength(22);
    expect(kept.at(-2)).toMatchObject({ day: TODAY, salePrice: 3000 });
    expect(kept.at(-1)).toMatchObject({ day: addDays(TODAY, 1), salePrice: 30 });
  });

  it("holds back a day on which most of the store's products jump 1.5x, and keeps it in the history", async () => {
    const products = [1, 2, 3, 4, 5, 6];
    for (const n of products) await seedDays(repository, `id:p${n}`, 20, 20);
    const clock = new TestClock();
    const server = await app(clock);
    /** alpha's menu with products 2-6 at `price` and product 1 at its $20. */
    const scrapeMenu = async (price: number) => {
      const priceOf = (n: number) => (n === 1 ? 20 : price);
      scraper.results.set('alpha', {
        deals: products.map((n) => deal(n, priceOf(n))),
        transport: 'http',
        menuPrices: products.map((n) => menuPrice(`id:p${n}`, priceOf(n))),
      });
      expect(await server.collection.refresh('alpha')).toBe('refreshed');
      await server.collection.deals.published();
      const listed = (await server.inject('/api/reactive/deals?view=full')).json<Deal[]>();
      const status = (await server.inject('/api/monitoring/scraper/status')).json<{
        sources: Array<{ key: string; pricesHeldBack?: number }>;
      }>();
      const held = status.sources.find((source) => source.key === 'alpha')?.pricesHeldBack;
      return { listed, held };
    };

    // A feed adding half to every price: no product alone is 3x off, the store as a whole is.
    const jump = await scrapeMenu(30);
    expect(jump.listed.map((each) => each.storeProductKey)).toEqual(['id:p1']);
    expect(jump.held).toBe(5);

    // The next day at $20 again: the $30 day was no price charged, and nothing dropped.
    clock.advance(DAY_MS);
    const next = await scrapeMenu(20);
    expect(next.held).toBeUndefined();
    expect(next.listed).toHaveLength(6);
    for (const served of next.listed) {
      expect(served).toMatchObject({ usualPrice: 20, lowest30d: 20 });
      expect(served).not.toHaveProperty('previousPrice');
    }
    expect((await observations(['id:p2']))['id:p2']!.at(-2)).toMatchObject({
      day: TODAY,
      salePrice: 30,
    });
  });

  it('releases a far price the next days confirm', async () => {
    await seedDays(repository, 'id:p1', 20, 10);
    await seedDays(repository, 'id:p2', 20, 20);
    const clock = new TestClock();
    const server = await app(clock);
    expect((await scrapeAt(server, 45)).first).toBeUndefined();
    clock.advance(DAY_MS);
    expect((await scrapeAt(server, 45)).first).toBeUndefined();
    clock.advance(DAY_MS);
    // The third day in a row at $45: the product's price now, published with its facts.
    const third = await scrapeAt(server, 45);
    expect(third.heldBack).toBeUndefined();
    expect(third.first).toMatchObject({ previousPrice: 10, priceChangedAt: TODAY });
  });
});

describe('a bad clock', () => {
  const YEAR_AHEAD_MS = 500 * DAY_MS;

  async function seededHistory() {
    await seedDays(repository, 'id:p1', 30, 40);
    // A day older than PRICE_HISTORY_DAYS would ever keep: pruned only on a clock it can trust.
    const old = addDays(TODAY, -450);
    await repository.recordObservations('alpha', [
      { productKey: 'id:p1', day: old, salePrice: 40, regularPrice: 40, onDeal: false },
    ]);
    return (await observations(['id:p1']))['id:p1']!;
  }

  it('starting 500 days ahead, neither prunes nor records a day past the one it can confirm', async () => {
    const before = await seededHistory();
    const clock = new TestClock(Date.parse(`${TODAY}T18:00:00Z`) + YEAR_AHEAD_MS);
    const server = await app(clock, { PRICE_HISTORY_DAYS: '400' });
    server.maintenance.start();
    await server.maintenance.settled();
    expect((await observations(['id:p1']))['id:p1']).toEqual(before);

    // The platform says nothing of its clock: the prices go under the newest day kept.
    scraper.results.set('alpha', {
      deals: [deal(1, 30)],
      transport: 'http',
      menuPrices: [menuPrice('id:p1', 30)],
    });
    expect(await server.collection.refresh('alpha')).toBe('refreshed');
    const yesterday = addDays(TODAY, -1);
    expect(await repository.newestObservationDay()).toBe(yesterday);
    // The platform's clock says today: the prices go under today, never the clock's day.
    scraper.results.set('alpha', {
      deals: [deal(1, 30)],
      transport: 'http',
      menuPrices: [menuPrice('id:p1', 30)],
      answeredAt: new Date(`${TODAY}T17:59:00Z`),
    });
    expect(await server.collection.refresh('alpha')).toBe('refreshed');
    expect(await repository.newestObservationDay()).toBe(TODAY);
    await server.collection.deals.published();
    const listed = (await server.inject('/api/reactive/deals?view=full')).json<Deal[]>();
    // Its facts are those of the confirmed day: thirty days at $40 before it.
    expect(listed.find((each) => each.storeProductKey === 'id:p1')).toMatchObject({
      usualPrice: 40,
      discountCheck: 'real',
    });

    // Nothing before was lost: every day kept, one changed (the day the scrape wrote under), one
    // added.
    const after = (await observations(['id:p1']))['id:p1']!;
    expect(after.map(({ day }) => day)).toEqual([...before.map(({ day }) => day), TODAY]);
    expect(after.filter(({ day }) => day > TODAY)).toEqual([]);
    // The chart shows the days kept up to the confirmed day, not 90 empty days past the clock's.
    const chart = await server.inject('/api/deals/feed:alpha:1/history?days=3');
    expect(chart.json<{ points: Array<{ day: string }> }>().points.map(({ day }) => day)).toEqual([
      addDays(TODAY, -2),
      addDays(TODAY, -1),
      TODAY,
    ]);
    server.maintenance.stop();
  });

  it('prunes once the clock is back, by the days it can trust', async () => {
    await seededHistory();
    const server = await app(new TestClock(), { PRICE_HISTORY_DAYS: '400' });
    server.maintenance.start();
    await server.maintenance.settled();
    const days = (await observations(['id:p1']))['id:p1']!.map(({ day }) => day);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe(addDays(TODAY, -30));
  });

  it('a clock stepped back records under the newest day kept and goes on serving facts', async () => {
    await seededHistory();
    const clock = new TestClock();
    const server = await app(clock);
    scraper.results.set('alpha', {
      deals: [deal(1, 30)],
      transport: 'http',
      menuPrices: [menuPrice('id:p1', 30)],
    });
    expect(await server.collection.refresh('alpha')).toBe('refreshed');
    const before = await observations(['id:p1']);

    // Three days back: the scrape still runs, the day written is today's, nothing older changes.
    clock.advance(-3 * DAY_MS);
    scraper.results.set('alpha', {
      deals: [deal(1, 25)],
      transport: 'http',
      menuPrices: [menuPrice('id:p1', 25)],
    });
    expect(await server.collection.refresh('alpha')).toBe('refreshed');
    const after = (await observations(['id:p1']))['id:p1']!;
    expect(after.slice(0, -1)).toEqual(before['id:p1']!.slice(0, -1));
    expect(after.at(-1)).toMatchObject({ day: TODAY, salePrice: 25 });
    // The chart still ends on the newest day kept.
    const chart = await server.inject('/api/deals/feed:alpha:1/history?days=1');
    expect(chart.json<{ points: unknown[] }>().points).toEqual([
      { day: TODAY, salePrice: 25, regularPrice: 40, onDeal: true },
    ]);
    await server.collection.deals.published();
    const listed = (await server.inject('/api/reactive/deals?view=full')).json<Deal[]>();
    expect(listed.find((each) => each.storeProductKey === 'id:p1')).toMatchObject({
      usualPrice: 40,
      lowest30d: 40,
      discountCheck: 'real',
    });
  });
});

import { resolve } from 'node:path';
import {
  hoursStatus,
  MARKET_MIN_STORES,
  MARKET_TIME_ZONE,
  MarketSchema,
  type Deal,
  type Dispensary,
} from '@stl-deals/domain';
import { SIMULATED_PLATFORM_NAMES, type Simulator } from '@stl-deals/simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config';
import { buildDemo } from '../src/demo/build-demo';
import { loadDemoConfig } from '../src/demo/demo-config';
import { silentLogger, tempDir } from './support/harness';

let app: FastifyInstance;
let simulator: Simulator;

beforeAll(async () => {
  // The demo's own configuration, as `npm run demo` reads it, with a fresh data folder.
  const { service, demo } = loadDemoConfig({
    DATA_DIR: tempDir('stl-deals-demo-'),
    WEB_DIST: tempDir('no-web-dist-'),
    DEMO_SEED: 'demo-test',
    DEMO_SIMULATOR_PORT: '0',
  });
  ({ app, simulator } = await buildDemo({ config: service, settings: demo, logger: silentLogger }));
});
afterAll(async () => {
  await app?.close();
});

describe('demo mode', () => {
  it('collects deals from all 39 dispensaries through the simulated platforms', async () => {
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/scraper/refresh/all',
      headers: { 'content-type': 'application/json' },
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json()).toMatchObject({ refreshed: 39, failed: 0, skipped: 0 });

    const deals = (await app.inject({ url: '/api/reactive/deals' })).json<Deal[]>();
    const perDispensary = new Map<string, number>();
    for (const deal of deals) {
      const key = deal.dispensaryKey ?? '';
      perDispensary.set(key, (perDispensary.get(key) ?? 0) + 1);
    }
    expect(perDispensary.size).toBe(39);
    for (const count of perDispensary.values()) expect(count).toBeGreaterThan(0);
    // Every simulated platform served at least one dispensary.
    const platforms = new Set(deals.map((deal) => deal.platform));
    expect([...platforms].sort()).toEqual([...SIMULATED_PLATFORM_NAMES].sort());
  }, 50_000);

  it('links every deal to a page the simulator serves, and says which kind', async () => {
    const deals = (await app.inject({ url: '/api/reactive/deals' })).json<Deal[]>();
    const links = [...new Set(deals.map((deal) => deal.sourceUrl))];
    const failed: string[] = [];
    for (const link of links) {
      if (!link.startsWith(`${simulator.url}/`)) {
        failed.push(`not the simulator's: ${link}`);
        continue;
      }
      const answer = await fetch(link);
      // A store behind the challenge (DEMO_CHALLENGED) shows it first, as Cloudflare does; a
      // visitor's browser passes it to the same page.
      const served =
        answer.status === 200 ||
        (answer.headers.get('cf-mitigated') === 'challenge' &&
          simulator.answerAt({ url: link }, new Date()).status === 200);
      if (!served) failed.push(`${answer.status} ${link}`);
    }
    expect(failed).toEqual([]);
    const kinds = new Map<string | undefined, number>();
    for (const deal of deals) kinds.set(deal.linkKind, (kinds.get(deal.linkKind) ?? 0) + 1);
    expect(kinds.get('product')).toBeGreaterThan(deals.length / 2);
    expect(kinds.get('menu')).toBeGreaterThan(0);
    // Only the feed's deals say nothing of their links.
    const unsaid = deals.filter((deal) => deal.linkKind === undefined);
    expect(new Set(unsaid.map((deal) => deal.platform))).toEqual(new Set(['feed']));
  }, 50_000);

  it('gives every dispensary its hours, from its platform or its registry entry', async () => {
    const dispensaries = (await app.inject({ url: '/api/scraper/dispensaries' })).json<
      Dispensary[]
    >();
    expect(dispensaries).toHaveLength(39);
    const missing = dispensaries.filter((dispensary) => !dispensary.hours).map(({ key }) => key);
    expect(missing).toEqual([]);
    const sources = new Set(dispensaries.map((dispensary) => dispensary.hours?.source));
    expect(sources).toEqual(new Set(['platform', 'registry']));
    const weeks = dispensaries.map((dispensary) => dispensary.hours!.week);
    const days = weeks.flatMap((week) => Object.values(week));
    // Some stores stay open past midnight, some close a day a week.
    expect(days.some((day) => day.some(({ opens, closes }) => closes < opens))).toBe(true);
    expect(days.some((day) => day.length === 0)).toBe(true);
    // 'Open now' has an answer for each of them at any moment.
    const now = Date.now();
    for (const week of weeks) {
      expect(typeof hoursStatus(week, now, MARKET_TIME_ZONE).open).toBe('boolean');
    }
  });

  it('gives every dispensary its phone number, from its platform or its registry entry', async () => {
    const dispensaries = (await app.inject({ url: '/api/scraper/dispensaries' })).json<
      Dispensary[]
    >();
    const missing = dispensaries.filter((dispensary) => !dispensary.phone).map(({ key }) => key);
    expect(missing).toEqual([]);
    expect(new Set(dispensaries.map((dispensary) => dispensary.phone?.source))).toEqual(
      new Set(['platform', 'registry']),
    );
    for (const { phone } of dispensaries) {
      expect(phone?.display).toMatch(/^\((314|636)\) 555-01\d\d$/);
      expect(phone?.href).toBe(`tel:+1${phone!.display.replace(/\D/g, '')}`);
    }
  });

  it('says it is ready, and that its data is demo data', async () => {
    const status = (await app.inject({ url: '/api/monitoring/scraper/status' })).json<{
      ready: boolean;
      demo?: boolean;
      dispensaryCount: number;
      sources: Array<{ state: string }>;
    }>();
    expect(status).toMatchObject({ ready: true, demo: true, dispensaryCount: 39 });
    expect(new Set(status.sources.map((source) => source.state))).toEqual(new Set(['ok']));
  });

  it("holds back none of the demo's deals: its simulated history is a market's, not a broken feed", async () => {
    const status = (await app.inject({ url: '/api/monitoring/scraper/status' })).json<{
      sources: Array<{ key: string; pricesHeldBack?: number }>;
    }>();
    const heldBack = status.sources.filter((source) => source.pricesHeldBack !== undefined);
    expect(heldBack).toEqual([]);
  });

  it('answers the St. Louis market from the simulated menus: classes with enough stores and a line', async () => {
    const response = await app.inject({ url: '/api/market' });
    expect(response.statusCode).toBe(200);
    const market = MarketSchema.parse(response.json());
    const enough = market.classes.filter((each) => each.today?.enough);
    // The simulated stores sell the everyday sizes: eighths of flower, carts, edibles at least.
    expect(enough.map((each) => each.id)).toEqual(
      expect.arrayContaining(['flower-3.5g', 'vapes-0.5g', 'edibles-100mg']),
    );
    for (const each of enough) {
      expect(each.today!.stores).toBeGreaterThanOrEqual(MARKET_MIN_STORES);
      expect(each.today!.low).toBeLessThanOrEqual(each.today!.median);
      expect(each.today!.median).toBeLessThanOrEqual(each.today!.high);
    }
  });

  it('passed the challenged stores, and only those, in the browser', () => {
    // DEMO_CHALLENGED=auto puts the first Dutchie and the first html dispensary behind the
    // challenge; only a browser that ran it carries the clearance cookie.
    const challenged = (['dutchie', 'html'] as const).map(
      (platform) =>
        simulator.registry.dispensaries.find((entry) => entry.platform === platform)?.key,
    );
    const cleared = challenged.map((key) =>
      simulator.requestCount({ dispensary: key, cleared: true }),
    );
    for (const count of cleared) expect(count).toBeGreaterThan(0);
    // The product images (the simulator serves them) belong to no dispensary; the
    // browser asks for them with the cookie it holds for the simulator's host.
    const images = simulator.requestCount({ cleared: true, path: '/images/*' });
    expect(simulator.requestCount({ cleared: true }) - images).toBe(
      cleared.reduce((a, b) => a + b, 0),
    );
  });
});

describe('demo configuration', () => {
  it('keeps demo data apart by default, and reads its own settings', () => {
    const { service, demo } = loadDemoConfig({});
    expect(service.DATA_DIR).toBe(resolve('data/demo'));
    expect(demo).toEqual({
      DEMO_SEED: 'stl-deals-demo',
      DEMO_SIMULATOR_PORT: 3100,
      DEMO_SMTP_PORT: 2525,
      DEMO_CHALLENGED: 'auto',
    });
    expect(service.SMTP_URL).toBeUndefined();
    // With the demo's own mail server: its URL, and the demo's sender and postal address.
    const mailing = loadDemoConfig({ DEMO_SMTP_PORT: 'off' }, 'smtp://127.0.0.1:2525');
    expect(mailing.demo.DEMO_SMTP_PORT).toBeNull();
    expect(mailing.service).toMatchObject({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      EMAIL_FROM: 'STL Deals demo <demo@stl-deals.localhost>',
    });
    expect(
      loadDemoConfig(
        {
          SMTP_URL: 'smtp://mail.example:587',
          EMAIL_FROM: 'a@b.example',
          EMAIL_POSTAL_ADDRESS: 'x',
        },
        'smtp://127.0.0.1:2525',
      ).service.SMTP_URL,
    ).toBe('smtp://mail.example:587');
    const set = loadDemoConfig({
      DATA_DIR: '/tmp/x',
      DEMO_CHALLENGED: 'a, b',
      DEMO_SIMULATOR_PORT: '0',
    });
    expect(set.service.DATA_DIR).toBe('/tmp/x');
    expect(set.demo).toMatchObject({ DEMO_CHALLENGED: ['a', 'b'], DEMO_SIMULATOR_PORT: 0 });
    expect(loadDemoConfig({ DEMO_CHALLENGED: 'none' }).demo.DEMO_CHALLENGED).toEqual([]);
  });

  it('stops the start with the variable named', () => {
    expect(() => loadDemoConfig({ DEMO_SIMULATOR_PORT: '70000' })).toThrow(/DEMO_SIMULATOR_PORT/);
    expect(() => loadDemoConfig({ DEMO_SIMULATOR_PORT: 'x' })).toThrow(ConfigError);
  });
});

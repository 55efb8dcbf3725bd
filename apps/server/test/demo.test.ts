import { resolve } from 'node:path';
import type { Deal } from '@stl-deals/domain';
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

import {
  ADAPTERS,
  createJsonClient,
  createScraper,
  discover,
  loadRegistry,
  mergePlatformConfig,
  type JsonClient,
  type Registry,
} from '@stl-deals/scraper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignPlatforms, SIMULATED_PLATFORM_NAMES, startSimulator, type Simulator } from '../src';

let simulator: Simulator;
let client: JsonClient;
let found: Registry;
let report: string[];

// The bundled St. Louis registry on simulated platforms, as demo mode serves it.
beforeAll(async () => {
  const scraped = SIMULATED_PLATFORM_NAMES.filter((platform) => ADAPTERS[platform]);
  simulator = await startSimulator({
    registry: assignPlatforms(await loadRegistry(), scraped),
    seed: 'directories-test',
  });
  client = createJsonClient({
    userAgent: 'stl-deals-test/1.0',
    allowPrivateHosts: ['127.0.0.1'],
    minHostDelayMs: 0,
    maxBytes: 8 * 1024 * 1024,
  });
  ({ registry: found, report } = await discover({
    query: { near: { lat: 38.627, lng: -90.199 }, radiusMiles: 30 },
    config: mergePlatformConfig(simulator.platformOverride),
    client,
    signal: AbortSignal.timeout(30_000),
    now: new Date('2026-11-24T12:00:00Z'),
  }));
}, 60_000);
afterAll(async () => {
  client.close();
  await simulator.stop();
});

describe('discovery over the simulated directories', () => {
  it('asks every directory, Jane with the key its home page publishes', () => {
    expect(report).toEqual([
      expect.stringMatching(/^weedmaps directory .*: \d+ stores$/),
      expect.stringMatching(/^jane directory .*: \d+ stores$/),
      expect.stringMatching(/^dutchie directory .*: \d+ stores$/),
      expect.stringMatching(/^leafly directory .*: \d+ stores$/),
      expect.stringMatching(/^store websites: \d+ menu sources found$/),
    ]);
  });

  it('finds every store once, located, with where each fact came from', () => {
    expect(found.dispensaries).toHaveLength(simulator.registry.dispensaries.length);
    for (const entry of found.dispensaries) {
      expect(Number.isFinite(entry.lat) && Number.isFinite(entry.lng), entry.key).toBe(true);
      expect(entry.sources?.coordinates?.seenAt).toBe('2026-11-24T12:00:00.000Z');
      expect(entry.website).toMatch(/\/sites\/[a-z0-9-]+\/$/);
    }
  });

  it('gives each store the platform and id its menu is read by', () => {
    const byWebsite = new Map(found.dispensaries.map((entry) => [entry.website, entry]));
    const checked = simulator.registry.dispensaries.filter((entry) =>
      ['dutchie', 'jane', 'weedmaps', 'leafly', 'dispense', 'joint'].includes(entry.platform),
    );
    expect(checked.length).toBeGreaterThan(20);
    for (const entry of checked) {
      const discovered = byWebsite.get(entry.website);
      expect({
        key: entry.key,
        platform: discovered?.platform,
        id: discovered?.platformId,
      }).toEqual({
        key: entry.key,
        platform: entry.platform,
        id: entry.platformId,
      });
    }
  });
});

describe('a store with neither website nor platform id, looked up at run time', () => {
  it('is found in the directories by its address, or through the website they list', async () => {
    const scraper = createScraper({
      userAgent: 'stl-deals-test/1.0',
      platforms: mergePlatformConfig(simulator.platformOverride),
      allowPrivateHosts: ['127.0.0.1'],
      minHostDelayMs: 0,
      storeTimeoutMs: 30_000,
    });
    try {
      // Dutchie's directory lists the first with its menu; the second only through its website.
      for (const platform of ['dutchie', 'dispense'] as const) {
        const registered = simulator.registry.dispensaries.find(
          (entry) => entry.platform === platform && entry.address,
        );
        if (!registered) throw new Error(`no ${platform} store with an address`);
        const { platformId, menuUrl: _menu, website, ...bare } = registered;
        const found = await scraper.resolveSource(
          { ...bare, platform: 'html' },
          AbortSignal.timeout(30_000),
        );
        expect(found).toMatchObject({ platform, platformId, website });
      }
    } finally {
      await scraper.close();
    }
  }, 60_000);
});

describe('a directory behind a bot check', () => {
  it('is read in the browser when plain http is blocked', async () => {
    const browser = createScraper({
      userAgent: 'stl-deals-test/1.0',
      platforms: mergePlatformConfig(simulator.platformOverride),
      allowPrivateHosts: ['127.0.0.1'],
      minHostDelayMs: 0,
      storeTimeoutMs: 30_000,
    });
    simulator.setFaults({ platforms: { weedmaps: { challenge: true } } });
    try {
      const blocked = await discover({
        query: { near: { lat: 38.627, lng: -90.199 }, radiusMiles: 30 },
        config: mergePlatformConfig(simulator.platformOverride),
        client,
        browser,
        signal: AbortSignal.timeout(45_000),
        now: new Date('2026-11-24T12:00:00Z'),
      });
      expect(blocked.report[0]).toMatch(
        /^weedmaps directory .*: \d+ stores \(in the browser: http was blocked\)$/,
      );
      expect(blocked.registry.dispensaries).toHaveLength(found.dispensaries.length);
    } finally {
      simulator.setFaults({});
      await browser.close();
    }
  }, 60_000);
});

import {
  ADAPTERS,
  createScraper,
  loadRegistry,
  type MenuPrice,
  type Scraper,
} from '@stl-deals/scraper';
import {
  assignPlatforms,
  SIMULATED_PLATFORM_NAMES,
  startSimulator,
  type Simulator,
} from '@stl-deals/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealKey } from '@stl-deals/store';
import { middayOf, pastMenu } from '../src/demo/past-menu-prices';

/** A Friday afternoon in St. Louis: the simulator's clock, so the live scrape reads that day. */
const NOW = new Date('2026-11-20T21:00:00Z');

let simulator: Simulator;
let scraper: Scraper;

beforeAll(async () => {
  const scraped = SIMULATED_PLATFORM_NAMES.filter((platform) => ADAPTERS[platform]);
  const registry = assignPlatforms(await loadRegistry(), scraped);
  simulator = await startSimulator({ registry, seed: 'past-menu-prices-test', now: () => NOW });
  scraper = createScraper({
    userAgent: 'STLDealsDemoTest/1.0',
    platforms: simulator.platforms,
    minHostDelayMs: 0,
    maxAttempts: 1,
    allowPrivateHosts: [new URL(simulator.url).hostname],
  });
});
afterAll(async () => {
  await scraper?.close();
  await simulator?.stop();
});

/** Menu prices by key, in key order: the order a scrape hands them over in is not the point. */
const byKey = (prices: readonly MenuPrice[]) =>
  [...prices].sort((a, b) => (a.storeProductKey < b.storeProductKey ? -1 : 1));

describe('the menu prices of a past day, read in-process', () => {
  it("are today's live scrape's, key for key and price for price, deal for deal, for every store and platform", async () => {
    const reader = { simulator, platforms: simulator.platforms };
    const platforms = new Set<string>();
    for (const entry of simulator.registry.dispensaries) {
      const live = await scraper.scrape(entry, AbortSignal.timeout(30_000));
      expect(live.transport).toBe('http');
      const { prices: past, deals } = pastMenu(reader, entry, NOW);
      expect(past.length, entry.key).toBeGreaterThan(0);
      expect(byKey(past), `${entry.key} (${entry.platform})`).toEqual(byKey(live.menuPrices ?? []));
      // The deals under the keys their history is kept by, as the live scrape's are stored.
      expect(deals.map(({ key }) => key).sort(), entry.key).toEqual(
        live.deals.map((deal) => dealKey(entry.key, deal)).sort(),
      );
      platforms.add(entry.platform);
    }
    expect([...platforms].sort()).toEqual([...SIMULATED_PLATFORM_NAMES].sort());
  }, 120_000);

  it("read that day's menu, not the clock's", () => {
    const entry = simulator.registry.dispensaries.find((each) => each.platform === 'dutchie')!;
    const reader = { simulator, platforms: simulator.platforms };
    const today = pastMenu(reader, entry, NOW).prices;
    const monthBefore = pastMenu(reader, entry, middayOf('2026-10-20')).prices;
    expect(byKey(monthBefore)).not.toEqual(byKey(today));
  });
});

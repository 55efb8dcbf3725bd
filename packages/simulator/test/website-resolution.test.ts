import type { Platform } from '@stl-deals/domain';
import type { Scraper } from '@stl-deals/scraper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../src';
import { entryOf, simulatorScraper, startTestSimulator, storeKey } from './support';

let simulator: Simulator;
let scraper: Scraper;

beforeAll(async () => {
  simulator = await startTestSimulator();
  scraper = simulatorScraper(simulator, { browserPages: 2, storeTimeoutMs: 30_000 });
});
afterAll(async () => {
  await scraper.close();
  await simulator.stop();
});

/** The platforms whose embed a website shows; Sweed's only in its storefront's data calls. */
const EMBEDDED: readonly Platform[] = ['dutchie', 'jane', 'leafly', 'sweed', 'dispense', 'joint'];

describe("a store's own website, opened in Chromium", { timeout: 60_000 }, () => {
  it('shows the platform and id its menu is read by', async () => {
    const found = await Promise.all(
      EMBEDDED.map((platform) => {
        const { platformId: _id, menuUrl: _menu, ...bare } = entryOf(simulator, storeKey(platform));
        return scraper.resolveSource({ ...bare, platform: 'html' }, AbortSignal.timeout(45_000));
      }),
    );
    EMBEDDED.forEach((platform, index) => {
      const registered = entryOf(simulator, storeKey(platform));
      expect({ platform, found: found[index]?.platform }).toEqual({ platform, found: platform });
      // Sweed's id is read from its storefront's calls; the registry leaves it to the adapter.
      if (registered.platformId) expect(found[index]?.platformId).toBe(registered.platformId);
    });
  });

  it("falls back to a site's specials page when it embeds no menu", async () => {
    const entry = entryOf(simulator, storeKey('html'));
    const found = await scraper.resolveSource(entry, AbortSignal.timeout(30_000));
    expect(found).toMatchObject({ platform: 'html', specialsUrl: entry.specialsUrl });
  });

  it('found sources scrape: the Sweed store read through what its website showed', async () => {
    const { menuUrl: _menu, ...bare } = entryOf(simulator, storeKey('sweed'));
    const found = await scraper.resolveSource(
      { ...bare, platform: 'html' },
      AbortSignal.timeout(30_000),
    );
    const result = await scraper.scrape(
      { ...bare, platform: 'sweed', platformId: found?.platformId, menuUrl: found?.menuUrl },
      AbortSignal.timeout(30_000),
    );
    expect(result.deals.length).toBeGreaterThan(0);
  });
});

import type { Platform } from '@stl-deals/domain';
import { BlockedError, type ScrapeResult, type Scraper } from '@stl-deals/scraper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED_PLATFORM_NAMES, type Simulator } from '../src';
import { entryOf, scrape, simulatorScraper, startTestSimulator, storeKey } from './support';

/**
 * Every platform a browser can stand in for: those whose adapter opens a store page and captures
 * its JSON, and those read from an HTML page the browser renders. A feed is JSON only.
 */
const BROWSABLE = SIMULATED_PLATFORM_NAMES.filter((platform) => platform !== 'feed');

let simulator: Simulator;
let scraper: Scraper;
/** What each store yields over plain http with no fault: the browser must find the same. */
const overHttp = new Map<Platform, ScrapeResult>();

beforeAll(async () => {
  simulator = await startTestSimulator();
  scraper = simulatorScraper(simulator, { browserPages: 4, storeTimeoutMs: 30_000 });
  for (const platform of BROWSABLE) {
    overHttp.set(platform, await scrape(scraper, simulator, storeKey(platform)));
  }
});
afterAll(async () => {
  await scraper.close();
  await simulator.stop();
});

const ids = (result: ScrapeResult | undefined) => result?.deals.map((deal) => deal.id).sort();

describe('the Cloudflare-style challenge, in real Chromium', () => {
  it('blocks plain http on every path of a challenged store', async () => {
    simulator.setFaults({ dispensaries: { [storeKey('dutchie')]: { challenge: true } } });
    const page = await fetch(entryOf(simulator, storeKey('dutchie')).menuUrl!);
    expect(page.status).toBe(403);
    expect(page.headers.get('cf-mitigated')).toBe('challenge');
    expect(await page.text()).toMatch(/Just a moment\.\.\.[\s\S]*window\._cf_chl_opt/);
  });

  it('is passed by the browser transport, which finds the same deals as http did', async () => {
    const faults = Object.fromEntries(
      BROWSABLE.map((platform, index) => [
        storeKey(platform),
        // Cloudflare answers its challenge with 403, or with 503 on older setups.
        { challenge: index % 2 === 0 ? true : { status: 503 as const } },
      ]),
    );
    simulator.setFaults({ dispensaries: faults });
    const results = await Promise.all(
      BROWSABLE.map((platform) => scrape(scraper, simulator, storeKey(platform))),
    );
    BROWSABLE.forEach((platform, index) => {
      const result = results[index];
      expect({ platform, transport: result?.transport }).toEqual({
        platform,
        transport: 'browser',
      });
      expect(ids(result)).toEqual(ids(overHttp.get(platform)));
    });
  }, 45_000);

  it('stays blocked for a platform the browser cannot read (a JSON feed)', async () => {
    simulator.setFaults({ dispensaries: { [storeKey('feed')]: { challenge: true } } });
    await expect(scrape(scraper, simulator, storeKey('feed'))).rejects.toThrow(BlockedError);
  });
});

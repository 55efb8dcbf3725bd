import type { Scraper } from '@stl-deals/scraper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../src';
import { entryOf, simulatorScraper, startTestSimulator, storeKey } from './support';

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

describe("a store's alternatives (the other platforms discovery found it on)", () => {
  const jane = () => entryOf(simulator, storeKey('jane'));
  /** The Jane store, registered on Dutchie under an id Dutchie no longer knows. */
  const movedFromDutchie = () => ({
    ...jane(),
    platform: 'dutchie' as const,
    platformId: 'closed-dutchie-store',
    menuUrl: `${simulator.url}/embedded-menu/closed-dutchie-store/specials`,
    alternatives: [
      {
        platform: 'weedmaps' as const,
        platformId: 'not-on-weedmaps',
        source: 'weedmaps directory',
      },
      {
        platform: 'jane' as const,
        platformId: jane().platformId ?? '',
        menuUrl: jane().menuUrl,
        source: 'jane directory',
      },
    ],
  });

  it('read the store on the first alternative that answers when its platform does not know it', async () => {
    const direct = await scraper.scrape(jane(), AbortSignal.timeout(20_000));
    const result = await scraper.scrape(movedFromDutchie(), AbortSignal.timeout(20_000));
    expect(result.deals.map((deal) => deal.id)).toEqual(direct.deals.map((deal) => deal.id));
    expect(result.deals.every((deal) => deal.platform === 'jane')).toBe(true);
    // Polite scrapes (a pause between a host's requests) on a loaded machine: the scrapes' own
    // 20 s limits, not vitest's 5 s default.
  }, 45_000);

  it("keep the platform's own error when no alternative answers either", async () => {
    const { alternatives, ...entry } = movedFromDutchie();
    const lost = { ...entry, alternatives: alternatives.slice(0, 1) };
    await expect(scraper.scrape(lost, AbortSignal.timeout(20_000))).rejects.toMatchObject({
      message: expect.stringMatching(/closed-dutchie-store|dutchie/i) as string,
    });
  }, 25_000);

  it('are not tried for a passing trouble (the platform asks to wait)', async () => {
    simulator.setFaults({ dispensaries: { [storeKey('jane')]: { retryAfterSeconds: 1 } } });
    try {
      const entry = { ...jane(), alternatives: movedFromDutchie().alternatives.slice(0, 1) };
      const before = simulator.requestCount({ platform: 'weedmaps' });
      await expect(scraper.scrape(entry, AbortSignal.timeout(20_000))).rejects.toMatchObject({
        kind: 'retryable',
      });
      expect(simulator.requestCount({ platform: 'weedmaps' })).toBe(before);
    } finally {
      simulator.setFaults({});
    }
  });
});

import {
  BlockedError,
  RetryableError,
  SchemaChangedError,
  ScrapeTimeoutError,
  type Scraper,
} from '@stl-deals/scraper';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../src';
import { entryOf, scrape, simulatorScraper, startTestSimulator, storeKey } from './support';

let simulator: Simulator;
let scraper: Scraper;
/** Two attempts, so a passing fault can be seen retried away. */
let retrying: Scraper;
beforeAll(async () => {
  simulator = await startTestSimulator();
  scraper = simulatorScraper(simulator);
  retrying = simulatorScraper(simulator, { maxAttempts: 2, random: () => 0 });
});
afterEach(() => simulator.setFaults({}));
afterAll(async () => {
  await Promise.all([scraper.close(), retrying.close()]);
  await simulator.stop();
});

const DUTCHIE = storeKey('dutchie');
const JANE = storeKey('jane');
const FEED = storeKey('feed');

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

describe('faults, as the scraper classifies them', () => {
  it('5xx: retryable, after every attempt was made', async () => {
    simulator.setFaults({ dispensaries: { [FEED]: { status: 503 } } });
    const before = simulator.requestCount({ dispensary: FEED });
    await expect(scrape(retrying, simulator, FEED)).rejects.toThrow(RetryableError);
    expect(simulator.requestCount({ dispensary: FEED }) - before).toBe(2);
  });

  it('a passing 5xx is retried away', async () => {
    simulator.setFaults({ dispensaries: { [FEED]: { status: 502, times: 1 } } });
    const result = await scrape(retrying, simulator, FEED);
    expect(result.deals.length).toBeGreaterThan(0);
  });

  it('429 with Retry-After: the scraper waits as long as asked, then reads the menu', async () => {
    simulator.setFaults({ dispensaries: { [FEED]: { retryAfterSeconds: 1, times: 1 } } });
    const { value, ms } = await timed(scrape(retrying, simulator, FEED));
    expect(value.deals.length).toBeGreaterThan(0);
    expect(ms).toBeGreaterThanOrEqual(950);
  });

  it('429 that does not pass: retryable', async () => {
    simulator.setFaults({ platforms: { feed: { retryAfterSeconds: 0 } } });
    await expect(scrape(scraper, simulator, FEED)).rejects.toThrow(RetryableError);
  });

  // A scraper of its own starts its own parsing thread, seconds on a loaded 2-core machine.
  it('a hang: timed out by the request timeout', { timeout: 20_000 }, async () => {
    const quick = simulatorScraper(simulator, { requestTimeoutMs: 300 });
    simulator.setFaults({ dispensaries: { [JANE]: { hang: true } } });
    try {
      await expect(scrape(quick, simulator, JANE)).rejects.toThrow(ScrapeTimeoutError);
    } finally {
      await quick.close();
    }
  });

  it.each(['dutchie', 'jane', 'weedmaps', 'leafly', 'sweed', 'dispense', 'joint', 'feed'] as const)(
    'malformed %s payloads: schema changed',
    async (platform) => {
      simulator.setFaults({ platforms: { [platform]: { malformed: true } } });
      await expect(scrape(scraper, simulator, storeKey(platform))).rejects.toThrow(
        SchemaChangedError,
      );
    },
  );

  it('rotated Dutchie hashes: PersistedQueryNotFound, reported as schema changed', async () => {
    simulator.setFaults({ platforms: { dutchie: { rotateHashes: true } } });
    await expect(scrape(scraper, simulator, DUTCHIE)).rejects.toThrow(/PersistedQueryNotFound/);
    await expect(scrape(scraper, simulator, DUTCHIE)).rejects.toThrow(SchemaChangedError);
  });

  it('a challenge blocks plain http: 403, cf-mitigated and the challenge page', async () => {
    simulator.setFaults({ dispensaries: { [FEED]: { challenge: true } } });
    const answer = await fetch(entryOf(simulator, FEED).menuUrl!);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('cf-mitigated')).toBe('challenge');
    expect(await answer.text()).toContain('<title>Just a moment...</title>');
    // A feed has no page a browser could open instead: the block stands.
    await expect(scrape(scraper, simulator, FEED)).rejects.toThrow(BlockedError);
  });

  it('latency delays the answer', async () => {
    simulator.setFaults({ dispensaries: { [FEED]: { latencyMs: 300 } } });
    const { ms } = await timed(scrape(scraper, simulator, FEED));
    expect(ms).toBeGreaterThanOrEqual(290);
  });
});

describe('fault plans', () => {
  it("a store fault wins over its platform fault, which reaches the platform's other stores", async () => {
    simulator.setFaults({
      platforms: { feed: { status: 500 } },
      dispensaries: { [FEED]: { status: 503 } },
    });
    const answer = await fetch(entryOf(simulator, FEED).menuUrl!);
    expect(answer.status).toBe(503);
    const other = await fetch(entryOf(simulator, FEED).menuUrl!.replace(FEED, 'unknown-store'));
    expect(other.status).toBe(500);
  });

  it('switches at run time, and an empty plan clears every fault', async () => {
    simulator.setFaults({ all: { status: 500 } });
    await expect(scrape(scraper, simulator, FEED)).rejects.toThrow(RetryableError);
    simulator.setFaults({});
    expect((await scrape(scraper, simulator, FEED)).deals.length).toBeGreaterThan(0);
  });

  it('stop() ends requests left hanging', async () => {
    const hanging = await startTestSimulator({ faults: { all: { hang: true } } });
    const request = fetch(entryOf(hanging, FEED).menuUrl!);
    await expect.poll(() => hanging.requestCount()).toBe(1);
    await hanging.stop();
    await expect(request).rejects.toThrow();
  });

  it('can be set at start', async () => {
    const faulty = await startTestSimulator({ faults: { platforms: { leafly: { status: 500 } } } });
    const reader = simulatorScraper(faulty);
    try {
      await expect(scrape(reader, faulty, storeKey('leafly'))).rejects.toThrow(RetryableError);
      expect((await scrape(reader, faulty, storeKey('weedmaps'))).deals.length).toBeGreaterThan(0);
    } finally {
      await reader.close();
      await faulty.stop();
    }
  });
});

import type { Platform } from '@stl-deals/domain';
import {
  createScraper,
  type Registry,
  type RegistryEntry,
  type ScrapeResult,
  type Scraper,
  type ScraperOptions,
} from '@stl-deals/scraper';
import {
  SIMULATED_PLATFORM_NAMES,
  startSimulator,
  type Simulator,
  type SimulatorOptions,
} from '../src';

export const SEED = 'simulator-test';
/** A Wednesday evening in St. Louis: end dates are set from it. */
export const NOW = new Date('2026-11-18T23:00:00Z');

/** The store of `platform` in `testRegistry`. */
export const storeKey = (platform: Platform) => `${platform}-store`;

/**
 * One store per simulated platform; the Dutchie, Jane and Leafly ones have coordinates, which
 * those platforms' store data then carry.
 */
export function testRegistry(platforms: readonly Platform[] = SIMULATED_PLATFORM_NAMES): Registry {
  const located: readonly Platform[] = ['dutchie', 'jane', 'leafly'];
  return {
    dispensaries: platforms.map((platform) => ({
      key: storeKey(platform),
      name: `Gateway ${platform} Dispensary`,
      platform,
      ...(located.includes(platform) ? { lat: 38.6127, lng: -90.2424 } : {}),
    })),
  };
}

/** A simulator over the test registry with a fixed seed and clock. */
export function startTestSimulator(options: Partial<SimulatorOptions> = {}): Promise<Simulator> {
  return startSimulator({ registry: testRegistry(), seed: SEED, now: () => NOW, ...options });
}

/**
 * The real scraper against the simulator: no politeness pause on loopback, one attempt, and the
 * simulator's loopback host allowed past the outbound guard.
 */
export function simulatorScraper(
  simulator: Simulator,
  options: Partial<ScraperOptions> = {},
): Scraper {
  return createScraper({
    userAgent: 'STLDealsSimulatorTest/1.0',
    platforms: simulator.platforms,
    minHostDelayMs: 0,
    maxAttempts: 1,
    requestTimeoutMs: 5_000,
    allowPrivateHosts: [new URL(simulator.url).hostname],
    ...options,
  });
}

export function entryOf(simulator: Simulator, key: string): RegistryEntry {
  const entry = simulator.registry.dispensaries.find((each) => each.key === key);
  if (!entry) throw new Error(`No dispensary '${key}' in the simulated registry`);
  return entry;
}

/** Scrapes a store of the simulator, failing the test rather than hanging it. */
export function scrape(scraper: Scraper, simulator: Simulator, key: string): Promise<ScrapeResult> {
  return scraper.scrape(entryOf(simulator, key), AbortSignal.timeout(30_000));
}

import type { Platform } from '@stl-deals/domain';
import {
  ADAPTERS,
  createScraper,
  loadRegistry,
  mergePlatformConfig,
  RegistryError,
  type Registry,
} from '@stl-deals/scraper';
import {
  assignPlatforms,
  SIMULATED_PLATFORM_NAMES,
  startSimulator,
  type FaultPlan,
  type Simulator,
} from '@stl-deals/simulator';
import { openDealsRepository } from '@stl-deals/store';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { systemClock, type Clock } from '../clock';
import type { Config } from '../config';
import { scraperSettings, storeOptions } from '../config-settings';
import type { DemoSettings } from './demo-config';
import { priceHistoryFirst } from './price-history-first';
import type { PriceBackfill } from './price-backfill';

export interface DemoOptions {
  config: Config;
  settings: DemoSettings;
  logger: FastifyBaseLogger;
  clock?: Clock;
}

export interface Demo {
  /**
   * The service, built but not listening; closing it stops the simulator too. Its
   * `startCollecting` fills the price history first (see `priceHistoryFirst`), and its scrapes
   * wait for a fill under way.
   */
  app: FastifyInstance;
  simulator: Simulator;
  /**
   * Fills the store's price history with the simulated days before today when it holds none
   * (null when it held some), once: called again, the same answer. Never rejects. A test (or
   * the end-to-end harness) that scrapes without `startCollecting` calls it first.
   */
  fillPriceHistory: () => Promise<PriceBackfill | null>;
}

/** The platforms whose challenge the demo shows passing in the browser when DEMO_CHALLENGED=auto. */
const AUTO_CHALLENGED: readonly Platform[] = ['dutchie', 'html'];

/**
 * The whole service on simulated platforms: the registry (DEALS_REGISTRY, the bundled one by
 * default) with every dispensary on a platform both the simulator and the scraper know, the
 * simulator serving it on 127.0.0.1, and the scraper's platform base URLs pointed there, without
 * the politeness pause a loopback host does not need.
 */
export async function buildDemo({
  config,
  settings,
  logger,
  clock = systemClock,
}: DemoOptions): Promise<Demo> {
  const scraped = SIMULATED_PLATFORM_NAMES.filter((platform) => ADAPTERS[platform]);
  const registry = assignPlatforms(await loadRegistry(config.DEALS_REGISTRY), scraped);
  const simulator = await startSimulator({
    registry,
    seed: settings.DEMO_SEED,
    port: settings.DEMO_SIMULATOR_PORT,
    faults: challengeFaults(registry, settings.DEMO_CHALLENGED),
    // The simulated menus follow the service's clock: a test that sets the time gets that day's.
    now: () => clock.now(),
  });
  try {
    const repository = await openDealsRepository(storeOptions(config));
    const scraping = scraperSettings(config);
    // The simulator's override over the operator's PLATFORMS_CONFIG: its addresses and hashes
    // win, the operator's other settings (maxPages, keys it does not serve) stay.
    const platforms = mergePlatformConfig(simulator.platformOverride, scraping.platforms);
    const history = priceHistoryFirst({
      repository,
      simulated: { registry, seed: settings.DEMO_SEED, base: simulator.url },
      platforms,
      clock,
      logger,
    });
    const scraper = history.gate(
      createScraper({
        ...scraping,
        userAgent: config.USER_AGENT,
        platforms,
        minHostDelayMs: 0,
        // The simulator is on loopback, which the outbound guard refuses unless allowed.
        allowPrivateHosts: [...scraping.allowPrivateHosts, new URL(simulator.url).hostname],
      }),
    );
    const app = await buildApp({
      config,
      repository,
      scraper,
      registry: simulator.registry,
      clock,
      logger,
      demo: true,
      firstPassWaitsOn: history.secondsLeft,
      // The simulator serves its own product images (plain http on loopback).
      imageOrigins: [simulator.url],
    });
    app.addHook('onClose', () => simulator.stop());
    history.attach(app);
    return { app, simulator, fillPriceHistory: history.fill };
  } catch (error) {
    await simulator.stop();
    throw error;
  }
}

/** A challenge in front of each dispensary DEMO_CHALLENGED names. */
function challengeFaults(
  registry: Registry,
  challenged: DemoSettings['DEMO_CHALLENGED'],
): FaultPlan {
  const keys = challenged === 'auto' ? autoChallenged(registry) : challenged;
  const known = new Set(registry.dispensaries.map((entry) => entry.key));
  const unknown = keys.filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw new RegistryError(
      `DEMO_CHALLENGED names no dispensary of the registry: ${unknown.join(', ')}`,
    );
  }
  return { dispensaries: Object.fromEntries(keys.map((key) => [key, { challenge: true }])) };
}

function autoChallenged(registry: Registry): string[] {
  return AUTO_CHALLENGED.flatMap(
    (platform) => registry.dispensaries.find((entry) => entry.platform === platform)?.key ?? [],
  );
}

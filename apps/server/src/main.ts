import {
  createCensusGeocoder,
  createJsonClient,
  createScraper,
  loadRegistry,
} from '@stl-deals/scraper';
import { openDealsRepository } from '@stl-deals/store';
import { buildApp } from './app';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { jobLeaseS, scraperSettings, storeOptions } from './config-settings';
import { holdDataDir } from './data-dir-lock';
import { pageAddress, runEntryPoint } from './entry-point';
import { createLogger } from './logger';

/** `npm start` (built by scripts/build.mjs): the service on the registry's real menu platforms. */
runEntryPoint(
  async () => {
    const config = loadConfig();
    // One process owns a SQLite store: a second on the same folder would scrape and write too.
    if (config.DATABASE_URL === undefined) holdDataDir(config.DATA_DIR);
    const logger = createLogger(config.LOG_LEVEL);
    const registry = await loadRegistry(config.DEALS_REGISTRY);
    const repository = await openDealsRepository(storeOptions(config));
    // With PostgreSQL the process is one of a cluster (one or many processes), in its ROLE; its
    // code (pg-boss) is loaded only then.
    const cluster =
      config.DATABASE_URL === undefined
        ? null
        : await (
            await import('./cluster/cluster')
          ).Cluster.open({
            url: config.DATABASE_URL,
            role: config.ROLE,
            leaseS: jobLeaseS(config),
            pollS: config.QUEUE_POLL_S,
            maintenanceS: config.QUEUE_MAINTENANCE_S,
            logger,
          });
    const scraper = createScraper({
      ...scraperSettings(config),
      userAgent: config.USER_AGENT,
      ...(cluster ? { sharedHostTurns: cluster.hostTurns } : {}),
    });
    const geocoder =
      config.GEOCODER_URL === null
        ? null
        : createCensusGeocoder(
            createJsonClient({
              userAgent: config.USER_AGENT,
              allowPrivateHosts: config.ALLOW_PRIVATE_HOSTS,
            }),
            config.GEOCODER_URL,
          );
    const app = await buildApp({
      config,
      repository,
      scraper,
      registry,
      geocoder,
      clock: systemClock,
      logger,
      cluster,
    });
    return { app, config, logger };
  },
  (port, { config }) => console.log(`STL Deals: open ${pageAddress(config.HOST, port)}`),
);

import { join } from 'node:path';
import {
  createCensusGeocoder,
  createJsonClient,
  createScraper,
  loadRegistry,
} from '@stl-deals/scraper';
import { openDealsRepository } from '@stl-deals/store';
import { pino } from 'pino';
import { buildApp } from './app';
import { systemClock } from './clock';
import { loadConfig, scraperSettings } from './config';
import { pageAddress, runEntryPoint } from './entry-point';

/** `npm start` (built by scripts/build.mjs): the service on the registry's real menu platforms. */
runEntryPoint(
  async () => {
    const config = loadConfig();
    const logger = pino({ level: config.LOG_LEVEL });
    const registry = await loadRegistry(config.DEALS_REGISTRY);
    const repository = await openDealsRepository({
      databaseUrl: config.DATABASE_URL,
      sqliteFile: join(config.DATA_DIR, 'deals.sqlite'),
    });
    const scraper = createScraper({ ...scraperSettings(config), userAgent: config.USER_AGENT });
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
    });
    return { app, config, logger };
  },
  (port, { config }) => console.log(`STL Deals: open ${pageAddress(config.HOST, port)}`),
);

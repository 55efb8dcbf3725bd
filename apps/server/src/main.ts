import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createScraper, loadRegistry, RegistryError } from '@stl-deals/scraper';
import { openSqliteRepository } from '@stl-deals/store';
import { pino } from 'pino';
import { buildApp } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { handleShutdownSignals } from './shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL });
  const registry = await loadRegistry(config.DEALS_REGISTRY);
  await mkdir(config.DATA_DIR, { recursive: true });
  const repository = await openSqliteRepository({ file: join(config.DATA_DIR, 'deals.sqlite') });
  const scraper = createScraper({
    userAgent: config.USER_AGENT,
    chromiumPath: config.CHROMIUM_PATH,
  });
  const app = await buildApp({ config, repository, scraper, registry, clock: systemClock, logger });

  // SIGTERM and SIGINT: exit 0 within the 10 s a supervisor gives (see `handleShutdownSignals`).
  handleShutdownSignals({
    signals: process,
    logger,
    steps: {
      close: () => app.close(),
      dropConnections: () => app.server.closeAllConnections(),
      closeStore: () => app.closeStore(),
      exit: (code) => process.exit(code),
    },
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  app.scheduler.start();
}

main().catch((error: unknown) => {
  // A bad setting or registry is the operator's to fix: its message says what and where.
  const known = error instanceof ConfigError || error instanceof RegistryError;
  console.error(known ? error.message : error);
  process.exit(1);
});

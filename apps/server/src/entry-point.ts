import type { AddressInfo } from 'node:net';
import { RegistryError } from '@stl-deals/scraper';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config';
import { ConfigError } from './config';
import { firstAnswer } from './first-answer';
import { handleShutdownSignals } from './shutdown';

export interface Started {
  app: FastifyInstance;
  config: Config;
  logger: Logger;
}

/**
 * How long after listening the start's background work waits for the first answer at most: the
 * store's check (it reads the whole file, on the event loop), the history's pruning, the first
 * scrapes and geocoding (they load the scraper's transports). None of it is needed to answer:
 * the stored deals were read at start. The check is still queued before the first scrape, so no
 * scrape is written before the store passed it, as before.
 */
const BACKGROUND_AFTER_MS = 1_000;

/** Where the page is, for the operator: `localhost` when the service listens on every address. */
export function pageAddress(host: string, port: number): string {
  return `http://${['0.0.0.0', '::'].includes(host) ? 'localhost' : host}:${port}`;
}

/**
 * What every entry point does once its app is built: shut down on SIGTERM/SIGINT within the 10 s
 * a supervisor gives (see `handleShutdownSignals`), listen, start the scheduler and the store's
 * upkeep, and turn a bad setting or registry into its message and exit 1 (the operator's to fix:
 * it says what and where).
 */
export function runEntryPoint(
  start: () => Promise<Started>,
  announce?: (port: number, started: Started) => void,
): void {
  run(start, announce).catch((error: unknown) => {
    const known = error instanceof ConfigError || error instanceof RegistryError;
    console.error(known ? error.message : error);
    process.exit(1);
  });
}

async function run(
  start: () => Promise<Started>,
  announce?: (port: number, started: Started) => void,
): Promise<void> {
  const started = await start();
  const { app, config, logger } = started;
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
  await app.listenMetrics();
  announce?.((app.server.address() as AddressInfo).port, started);
  await firstAnswer(app.server, BACKGROUND_AFTER_MS);
  // Shut down meanwhile: nothing is started.
  if (!app.server.listening) return;
  await app.startCollecting();
  // In the background: until an address is answered, its ZIP's centroid stands in.
  void app.collection.locateByAddress();
}

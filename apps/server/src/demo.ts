import type { AddressInfo } from 'node:net';
import { RegistryError } from '@stl-deals/scraper';
import { pino } from 'pino';
import { ConfigError } from './config';
import { buildDemo } from './demo/build-demo';
import { loadDemoConfig } from './demo/demo-config';
import { handleShutdownSignals } from './shutdown';

/**
 * `npm run demo`: the service on simulated menu platforms, with no internet needed; the page
 * marks the deals as demo data. Closing the app stops the simulator too.
 */
async function main(): Promise<void> {
  const { service: config, demo: settings } = loadDemoConfig(process.env);
  const logger = pino({ level: config.LOG_LEVEL });
  const { app, simulator } = await buildDemo({ config, settings, logger });
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
  const { port } = app.server.address() as AddressInfo;
  const host = ['0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : config.HOST;
  console.log(
    `\nSTL Deals demo: open http://${host}:${port}\n` +
      `  simulated menu platforms at ${simulator.url}; data in ${config.DATA_DIR}\n`,
  );
}

main().catch((error: unknown) => {
  // A bad setting or registry is the operator's to fix: its message says what and where.
  const known = error instanceof ConfigError || error instanceof RegistryError;
  console.error(known ? error.message : error);
  process.exit(1);
});

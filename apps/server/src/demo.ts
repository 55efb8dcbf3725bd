import { holdDataDir } from './data-dir-lock';
import { buildDemo } from './demo/build-demo';
import { loadDemoConfig } from './demo/demo-config';
import { pageAddress, runEntryPoint } from './entry-point';
import { createLogger } from './logger';

/**
 * `npm run demo`: the service on simulated menu platforms, with no internet needed; the page
 * marks the deals as demo data. Closing the app stops the simulator too.
 */
runEntryPoint(
  async () => {
    const { service: config, demo: settings } = loadDemoConfig(process.env);
    if (config.DATABASE_URL === undefined) holdDataDir(config.DATA_DIR);
    const logger = createLogger(config.LOG_LEVEL);
    const { app, simulator } = await buildDemo({ config, settings, logger });
    console.log(`Simulated menu platforms at ${simulator.url}; data in ${config.DATA_DIR}`);
    return { app, config, logger };
  },
  (port, { config }) => console.log(`\nSTL Deals demo: open ${pageAddress(config.HOST, port)}\n`),
);

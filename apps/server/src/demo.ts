import { join } from 'node:path';
import { holdDataDir } from './data-dir-lock';
import { buildDemo } from './demo/build-demo';
import { loadDemoConfig } from './demo/demo-config';
import { startDemoMail, type DemoMail } from './demo/demo-mail';
import { pageAddress, runEntryPoint } from './entry-point';
import { createLogger } from './logger';

/**
 * `npm run demo`: the service on simulated menu platforms, with no internet needed; the page
 * marks the deals as demo data. Closing the app stops the simulator too.
 */
runEntryPoint(
  async () => {
    const first = loadDemoConfig(process.env);
    // The demo's own mail server, unless SMTP_URL names one or DEMO_SMTP_PORT=off.
    let mail: DemoMail | null = null;
    if (first.demo.DEMO_SMTP_PORT !== null && first.service.SMTP_URL === undefined) {
      mail = await startDemoMail(
        first.demo.DEMO_SMTP_PORT,
        join(first.service.DATA_DIR, 'mail'),
        (line) => console.log(line),
      );
    }
    const { service: config, demo: settings } = loadDemoConfig(process.env, mail?.url);
    if (config.DATABASE_URL === undefined) holdDataDir(config.DATA_DIR);
    const logger = createLogger(config.LOG_LEVEL);
    const { app, simulator } = await buildDemo({ config, settings, logger });
    if (mail) app.addHook('onClose', () => mail.close());
    console.log(`Simulated menu platforms at ${simulator.url}; data in ${config.DATA_DIR}`);
    if (mail) {
      console.log(
        `Demo mail server at ${mail.url}: the demo's emails are logged here and kept in ${join(config.DATA_DIR, 'mail')}`,
      );
    }
    return { app, config, logger };
  },
  (port, { config }) => console.log(`\nSTL Deals demo: open ${pageAddress(config.HOST, port)}\n`),
);

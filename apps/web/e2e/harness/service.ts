import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { Clock } from '../../../server/src/clock';
import { buildDemo } from '../../../server/src/demo/build-demo';
import { loadDemoConfig } from '../../../server/src/demo/demo-config';

/** Same seed, same simulated menus: every run sees the same stores and deals (for the day). */
export const DEMO_SEED = 'stl-deals-e2e';

/** How long the simulator takes to answer for `slowKey`, so the refresh texts can be seen. */
const SLOW_MS = 700;

export interface RealService {
  origin: string;
  /** A dispensary whose menu answers slowly: refreshing it takes a moment, as a real one does. */
  slowKey: string;
  /** A dispensary whose menu platform answers 503 since the first load: its last deals are kept. */
  failingKey: string;
  close(): Promise<void>;
}

/**
 * The real service in demo mode (apps/server's `buildDemo`, as `npm run demo` starts it) on
 * 127.0.0.1 and a free port, with a fresh data folder, serving the built page from `webDist`,
 * on the suite's `clock`.
 * Its price history is filled first, as `npm run demo` fills it before its first pass (the 60
 * simulated days before today: the cards' price memory and the price charts have days to read),
 * and its first load is done before this resolves, so every test starts from a ready cache; the
 * scheduler is never started, so nothing scrapes but the page's own refreshes. Settings: no
 * challenge (it would need a second Chromium), no cooldown (each refresh really scrapes). One
 * store fails from then on (stale: its first load's deals stay), so the page has a source to
 * report as failing. `env` adds settings (a mail server's, for the email tests).
 */
export async function startRealService(
  webDist: string,
  clock: Clock,
  env: Record<string, string> = {},
): Promise<RealService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stl-deals-e2e-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const { service: config, demo: settings } = loadDemoConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'error',
      REFRESH_COOLDOWN_S: '0',
      DEMO_SEED,
      DEMO_SIMULATOR_PORT: '0',
      DEMO_CHALLENGED: 'none',
      ...env,
    });
    const logger = pino({ level: config.LOG_LEVEL });
    const { app, simulator, fillPriceHistory } = await buildDemo({
      config,
      settings,
      logger,
      clock,
    });
    const close = async () => {
      try {
        await app.close();
      } finally {
        removeData();
      }
    };
    try {
      // A fresh data folder holds no history: null means the fill failed (the demo logs why).
      if ((await fillPriceHistory()) === null) {
        throw new Error(
          "The demo's price history could not be filled (the demo logs why at LOG_LEVEL=warn).",
        );
      }
      const summary = await app.collection.refreshAll().finished;
      const total = simulator.registry.dispensaries.length;
      if (summary.refreshed !== total) {
        throw new Error(`The demo's first load scraped ${summary.refreshed} of ${total} stores.`);
      }
      const slowKey = simulator.registry.dispensaries[0]!.key;
      const failingKey = simulator.registry.dispensaries[1]!.key;
      simulator.setFaults({
        dispensaries: { [slowKey]: { latencyMs: SLOW_MS }, [failingKey]: { status: 503 } },
      });
      if ((await app.collection.refresh(failingKey)) !== 'failed') {
        throw new Error(`The demo's store '${failingKey}' did not fail as set up.`);
      }
      await app.listen({ host: config.HOST, port: config.PORT });
      const { port } = app.server.address() as AddressInfo;
      return { origin: `http://127.0.0.1:${port}`, slowKey, failingKey, close };
    } catch (error) {
      await close();
      throw error;
    }
  } catch (error) {
    removeData();
    throw error;
  }
}

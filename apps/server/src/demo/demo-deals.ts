import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DispensaryListSchema, readDeals, type Deal, type Dispensary } from '@stl-deals/domain';
import { pino } from 'pino';
import type { Clock } from '../clock';
import { buildDemo } from './build-demo';
import { loadDemoConfig } from './demo-config';

export interface DemoDealsOptions {
  /** The simulator's seed (DEMO_SEED). */
  seed: string;
  /** The moment the demo runs at: its menus, price history and first list are that day's. */
  at: Date;
}

/** What demo mode's service lists, as the page reads it. */
export interface DemoDeals {
  deals: Deal[];
  dispensaries: Dispensary[];
}

/**
 * The deals demo mode lists for a seed at a moment, read in this process: the whole service on
 * the simulated platforms (`buildDemo`, as `npm run demo` starts it) with a fresh data folder,
 * its price history filled and one pass over every store done, then its own answers to
 * `GET /api/reactive/deals` and `GET /api/scraper/dispensaries`, asked without listening on a
 * port. The service is the only faithful source: the list's order, the prices held back and the
 * price facts come from its collection and read model, which nothing short of it reproduces.
 *
 * Deterministic: the clock stands still at `at`, so even the first sighting of a deal new today
 * is the same on every run (only the simulator's port, in image and menu links, differs). Takes
 * tens of seconds on two cores (the 60 days of history most of it), so it is for scripts, not
 * unit tests.
 */
export async function readDemoDeals({ seed, at }: DemoDealsOptions): Promise<DemoDeals> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stl-deals-demo-deals-'));
  try {
    const { service: config, demo: settings } = loadDemoConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      // No page is served: only the API is asked.
      WEB_DIST: join(dataDir, 'no-page'),
      LOG_LEVEL: 'error',
      DEMO_SEED: seed,
      DEMO_SIMULATOR_PORT: '0',
      // A challenge is passed only by the browser transport, which would need Chromium.
      DEMO_CHALLENGED: 'none',
    });
    const clock: Clock = { now: () => new Date(at) };
    const logger = pino({ level: config.LOG_LEVEL });
    const { app, simulator, fillPriceHistory } = await buildDemo({
      config,
      settings,
      logger,
      clock,
    });
    try {
      if ((await fillPriceHistory()) === null) {
        throw new Error("The demo's price history could not be filled.");
      }
      const summary = await app.collection.refreshAll().finished;
      const total = simulator.registry.dispensaries.length;
      if (summary.refreshed !== total) {
        throw new Error(`The demo's pass scraped ${summary.refreshed} of ${total} stores.`);
      }
      const answer = async (url: string): Promise<unknown> => {
        const response = await app.inject({ method: 'GET', url });
        if (response.statusCode !== 200) {
          throw new Error(`GET ${url} answered ${response.statusCode}`);
        }
        return response.json();
      };
      const { deals, rejected } = readDeals(await answer('/api/reactive/deals'));
      if (rejected.length > 0) {
        throw new Error(`The demo listed deals that break the contract: ${rejected[0]}`);
      }
      const dispensaries = DispensaryListSchema.parse(await answer('/api/scraper/dispensaries'));
      return { deals, dispensaries };
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

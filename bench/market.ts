import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createScraper, type Registry, type RegistryEntry } from '@stl-deals/scraper';
import { openSqliteRepository } from '@stl-deals/store';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app';
import { systemClock } from '../apps/server/src/clock';
import { loadConfig } from '../apps/server/src/config';
import { dispensaryDeals, seeded } from './deals';

/** The market ten times St. Louis the bench measures, and its targets. */
export const MARKET = {
  copies: 10,
  perStore: 260,
  hosts: 39,
  /** The first load within this many times the politeness bound. */
  boundRatio: 1.2,
  /** One store result's CPU, all of it. */
  resultCpuMs: 50,
};

/** The scraper's pause between two requests to one host, as the service runs it. */
const HOST_DELAY_MS = 1_000;

/**
 * A market ten times St. Louis: each of the registry's dispensaries `copies` times over (its
 * location kept, a number added to its key and name), the copies spread over `hosts` menu hosts
 * as real stores are spread over a few platforms.
 */
export function marketRegistry(registry: Registry, copies: number): Registry {
  return {
    dispensaries: Array.from({ length: copies }, (_, copy) =>
      registry.dispensaries.map((entry): RegistryEntry => ({
        ...entry,
        key: `${entry.key}-${copy + 1}`,
        name: copy === 0 ? entry.name : `${entry.name} ${copy + 1}`,
      })),
    ).flat(),
  };
}

export interface MarketFirstLoad {
  stores: number;
  deals: number;
  hosts: number;
  /** From the first request to the list published with every store's deals. */
  firstLoadMs: number;
  /** What the politeness rule alone asks: each host's requests one pause apart. */
  politenessBoundMs: number;
  /** The service's CPU (this process, every thread) for the whole first load, per store result. */
  cpuMsPerResult: number;
  /** The event loop's worst delay during the first load. */
  worstLoopDelayMs: number;
  /** The page's list once loaded, brotli, as a browser gets it. */
  pageBrBytes: number;
  rebuilds: number;
}

/** A body's bytes on the wire as a browser asks for it (brotli), never decoded. */
function brBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }),
  );
}

/**
 * The real service's first load of `market` from an empty DATA_DIR: every store's feed on one of
 * `hosts` local servers (a host is its address and port, as the politeness queue counts them),
 * read with the pause the service keeps between requests to a host.
 */
export async function benchMarketFirstLoad(
  market: Registry,
  perStore: number,
  hosts: number,
): Promise<MarketFirstLoad> {
  const random = seeded(13);
  const servers: Server[] = [];
  const origins: string[] = [];
  const bodies = new Map(
    market.dispensaries.map((entry) => [
      entry.key,
      JSON.stringify(dispensaryDeals(entry, perStore, random)),
    ]),
  );
  for (let host = 0; host < hosts; host += 1) {
    const server = createServer((request, response) => {
      const body = bodies.get(/^\/feed\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '');
      if (body === undefined) response.writeHead(404).end();
      else response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    servers.push(server);
    origins.push(await listen(server));
  }
  const registry: Registry = {
    dispensaries: market.dispensaries.map((entry, index) => ({
      ...entry,
      platform: 'feed' as const,
      menuUrl: `${origins[index % hosts]}/feed/${entry.key}`,
    })),
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'stl-deals-market-'));
  const app = await buildApp({
    config: loadConfig({
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web-dist'),
      LOG_LEVEL: 'silent',
      GEOCODER_URL: '',
    }),
    repository: await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') }),
    scraper: createScraper({
      userAgent: 'STLDealsBench/1.0',
      minHostDelayMs: HOST_DELAY_MS,
      maxAttempts: 1,
      allowPrivateHosts: ['127.0.0.1'],
    }),
    registry,
    clock: systemClock,
    logger: pino({ level: 'silent' }),
  });
  try {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const rebuildsBefore = app.collection.deals.rebuilds;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    loop.enable();
    const summary = await app.collection.refreshAll().finished;
    await app.collection.deals.published();
    const firstLoadMs = performance.now() - started;
    loop.disable();
    const cpu = process.cpuUsage(cpuBefore);
    if (summary.failed > 0) throw new Error(`${summary.failed} feeds failed to scrape`);
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const perHost = Math.ceil(registry.dispensaries.length / hosts);
    return {
      stores: registry.dispensaries.length,
      deals: app.collection.deals.totalDeals(),
      hosts,
      firstLoadMs,
      // Each host's robots.txt, then its stores' feeds, one pause apart.
      politenessBoundMs: perHost * HOST_DELAY_MS,
      cpuMsPerResult: (cpu.user + cpu.system) / 1000 / registry.dispensaries.length,
      worstLoopDelayMs: loop.max / 1e6,
      pageBrBytes: await brBytes(`${origin}/api/reactive/deals?view=page`),
      rebuilds: app.collection.deals.rebuilds - rebuildsBefore,
    };
  } finally {
    await app.close();
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

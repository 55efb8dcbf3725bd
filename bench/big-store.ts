import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createScraper } from '@stl-deals/scraper';
import { openSqliteRepository } from '@stl-deals/store';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app';
import { systemClock } from '../apps/server/src/clock';
import { loadConfig } from '../apps/server/src/config';

/** Items the one store's menu answers: far past the per-store bound, as a hostile menu may. */
export const BIG_STORE_ITEMS = 100_000;

export interface BigStoreResult {
  items: number;
  /** Deals kept of them (the per-store bound). */
  kept: number;
  /** The refresh, from its start until its deals are in the published list. */
  refreshMs: number;
  /** The ping's round trips over a real port while it ran, every 10 ms: worst and median. */
  pingWorstMs: number;
  pingMedianMs: number;
  pings: number;
}

/**
 * Short deals, so that 100,000 of them fit under the 10 MiB response cap; one in a thousand
 * deeper, so the bound keeps a known few first.
 */
function bigMenu(items: number): string {
  return JSON.stringify(
    Array.from({ length: items }, (_, index) => ({
      title: `Deal ${index}`,
      description: '',
      price: '$9',
      imageUrl: '',
      sourceUrl: '',
      discountPercent: index % 1000 === 0 ? 90 : 10,
    })),
  );
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/**
 * A fresh service (real app, SQLite under a temporary DATA_DIR, parsing threads) scraping one
 * store whose menu answers `BIG_STORE_ITEMS` items for the first time, while a client pings it
 * over a real port every 10 ms: the worst ping is what a visitor's request waits while such a
 * menu is read, cut to the per-store bound, stored and made ready for the list.
 */
export async function benchBigStore(items = BIG_STORE_ITEMS): Promise<BigStoreResult> {
  const body = bigMenu(items);
  const menus = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(body),
  );
  const menuOrigin = await listen(menus);
  const dataDir = mkdtempSync(join(tmpdir(), 'stl-deals-bench-big-'));
  const app = await buildApp({
    config: loadConfig({
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web-dist'),
      LOG_LEVEL: 'silent',
      REFRESH_COOLDOWN_S: '0',
      SCRAPE_TIMEOUT_S: '120',
    }),
    repository: await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') }),
    scraper: createScraper({
      userAgent: 'STLDealsBench/1.0',
      minHostDelayMs: 0,
      maxAttempts: 1,
      allowPrivateHosts: ['127.0.0.1'],
      parseOn: 'threads',
    }),
    registry: {
      dispensaries: [
        { key: 'big', name: 'Big Store', platform: 'feed', menuUrl: `${menuOrigin}/` },
      ],
    },
    clock: systemClock,
    logger: pino({ level: 'silent' }),
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const ping = async () => {
      const started = performance.now();
      const response = await fetch(`${origin}/api/monitoring/scraper/ping`);
      await response.arrayBuffer();
      return performance.now() - started;
    };
    await ping(); // a first connection, so its setup is not measured
    const latencies: number[] = [];
    let done = false;
    const started = performance.now();
    const refreshed = app.collection.refresh('big').finally(() => (done = true));
    while (!done) {
      latencies.push(await ping());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const result = await refreshed;
    const refreshMs = performance.now() - started;
    if (result !== 'refreshed') {
      const source = app.collection.status().sources?.[0];
      throw new Error(`the big store's refresh ${result}: ${source?.error ?? ''}`);
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      items,
      kept: app.collection.deals.countOf('big'),
      refreshMs,
      pingWorstMs: sorted.at(-1) ?? 0,
      pingMedianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
      pings: latencies.length,
    };
  } finally {
    await app.close();
    menus.closeAllConnections();
    menus.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `runs` fresh services in turn (the worst ping swings with the machine's load). */
export async function benchBigStores(runs: number): Promise<BigStoreResult[]> {
  const results: BigStoreResult[] = [];
  for (let run = 0; run < runs; run++) results.push(await benchBigStore());
  return results;
}

// `npx tsx bench/big-store.ts [runs]`: the rows alone, as JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchBigStores(Number(process.argv[2] ?? 3)), null, 1));
}

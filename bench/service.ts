import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { Deal } from '@stl-deals/domain';
import { createScraper, type Registry } from '@stl-deals/scraper';
import { openSqliteRepository } from '@stl-deals/store';
import Fastify from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app';
import { systemClock } from '../apps/server/src/clock';
import { loadConfig } from '../apps/server/src/config';
import { dispensaryDeals, seeded } from './deals';
import { benchFeed, type FeedResult } from './feed';
import { loadTest as load, type LoadOptions, type LoadResult } from './load';

const compressBrotli = promisify(brotliCompress);
const DEALS_PATH = '/api/reactive/deals';

export interface ServiceResult {
  deals: number;
  rawBytes: number;
  brBytes: number;
  prepared: LoadResult;
  perRequest: LoadResult;
  load: LoadOptions;
  /** The Atom feed of a search on the same service (see `benchFeed`). */
  feed: FeedResult;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }),
  );
}

/** The 39 dispensaries' feeds, each a JSON array of deals, on 127.0.0.1. */
async function startFeeds(
  registry: Registry,
  perDispensary: number,
): Promise<{ registry: Registry; close: () => Promise<void> }> {
  const random = seeded(7);
  const bodies = new Map(
    registry.dispensaries.map((entry) => [
      entry.key,
      JSON.stringify(dispensaryDeals(entry, perDispensary, random)),
    ]),
  );
  const server = createServer((request, response) => {
    const body = bodies.get(/^\/feed\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '');
    if (body === undefined) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  const origin = await listen(server);
  return {
    registry: {
      dispensaries: registry.dispensaries.map(({ key, name, lat, lng, address }) => ({
        key,
        name,
        platform: 'feed' as const,
        menuUrl: `${origin}/feed/${key}`,
        ...(lat !== undefined && lng !== undefined ? { lat, lng } : {}),
        ...(address ? { address } : {}),
      })),
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The body's size on the wire for one Accept-Encoding, read as raw bytes (never decoded). */
function wireBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        response.statusCode === 200
          ? resolve(bytes)
          : reject(new Error(`${url} answered ${response.statusCode}`)),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * The real service (real store in a temp DATA_DIR, real scraper reading local feeds) holding
 * about `totalDeals` deals, loaded on GET /api/reactive/deals with br; against a baseline route,
 * only in this process, that serializes and compresses the same deals on every request.
 */
export async function benchService(
  registry: Registry,
  totalDeals: number,
  options: LoadOptions,
): Promise<ServiceResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stl-deals-bench-'));
  const feeds = await startFeeds(registry, Math.ceil(totalDeals / registry.dispensaries.length));
  const logger = pino({ level: 'silent' });
  const app = await buildApp({
    config: loadConfig({
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web-dist'),
      LOG_LEVEL: 'silent',
    }),
    repository: await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') }),
    scraper: createScraper({
      userAgent: 'STLDealsBench/1.0',
      minHostDelayMs: 0,
      maxAttempts: 1,
      allowPrivateHosts: ['127.0.0.1'],
    }),
    registry: feeds.registry,
    clock: systemClock,
    logger,
  });
  const baseline = Fastify({ logger: false });
  try {
    const summary = await app.collection.refreshAll().finished;
    if (summary.failed > 0) throw new Error(`${summary.failed} feeds failed to scrape`);
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const productUrl = `${origin}${DEALS_PATH}`;

    const deals = (await (await fetch(productUrl)).json()) as Deal[];
    baseline.get(DEALS_PATH, async (_request, reply) => {
      const json = Buffer.from(JSON.stringify(deals));
      const body = await compressBrotli(json, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 6,
          [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      });
      return reply
        .type('application/json; charset=utf-8')
        .header('content-encoding', 'br')
        .send(body);
    });
    const baselineUrl = `${await baseline.listen({ port: 0, host: '127.0.0.1' })}${DEALS_PATH}`;

    const [rawBytes, brBytes, baselineBr] = await Promise.all([
      wireBytes(productUrl, 'identity'),
      wireBytes(productUrl, 'br'),
      wireBytes(baselineUrl, 'br'),
    ]);
    if (Math.abs(baselineBr - brBytes) > brBytes * 0.05) {
      throw new Error(`baseline sends ${baselineBr} br bytes, the service ${brBytes}`);
    }

    // A short warm-up of each, then the measured runs back to back.
    const warmUp = { ...options, durationS: 1 };
    await load(productUrl, warmUp);
    await load(baselineUrl, warmUp);
    const prepared = await load(productUrl, options);
    const perRequest = await load(baselineUrl, options);
    const feed = await benchFeed(origin, options);
    return { deals: deals.length, rawBytes, brBytes, prepared, perRequest, load: options, feed };
  } finally {
    await baseline.close();
    await app.close();
    await feeds.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

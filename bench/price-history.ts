/**
 * What the price history costs the service: the database a year of it fills (SQLite, and
 * PostgreSQL from a shorter sample), the write of one store result with its menu's prices, and
 * the history call's latency. The history is written the service's way (`replaceSnapshot`, one
 * store result at a time, each day's stores in turn) for the registry's 39 dispensaries with full
 * menus of 770 products each (30,030 a day), product keys as the platforms' ids make them
 * ('id:' and a UUID). A year is not written: a sample of days is, and the size per row
 * (tables and indexes, as the engine reports them) is carried to 365 days, as both engines' trees
 * grow by the row.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, type Deal } from '@stl-deals/domain';
import type { Registry, RegistryEntry, Scraper } from '@stl-deals/scraper';
import {
  openPostgresRepository,
  openSqliteRepository,
  type DealsRepository,
  type PriceObservation,
} from '@stl-deals/store';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { startPostgresServer } from '../packages/store/test/support/postgres-server';
import { dispensaryDeals, seeded } from './deals';
import { benchPassCpuWithFacts, type FactsPassResult } from './pass-cpu';
import { median } from './stats';

/** Products on each dispensary's menu: 39 of them list about 30,000 a day. */
export const MENU_PRODUCTS = 770;
/** The last day of every sample; the service's clock reads its noon in St. Louis. */
const LAST_DAY = '2026-11-20';
const YEAR_DAYS = 365;
const WRITE_PRODUCTS = 1_000;
const WRITE_RUNS = 21;
const HISTORY_REQUESTS = 1_000;

/** A platform-like product id: 'id:' and a UUID, the same for a store and index on every run. */
export function productId(store: string, index: number): string {
  const hex = createHash('sha256').update(`${store}:${index}`).digest('hex');
  return `id:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The shelf price of a store's `index`th product, every day. */
const shelfOf = (index: number) => 15 + ((index * 37) % 60);

/** One day's menu prices at one store: a shelf price per product, a fifth of them on a deal. */
function menuDay(store: string, day: string, dayIndex: number, count: number): PriceObservation[] {
  return Array.from({ length: count }, (_, index) => {
    const shelf = shelfOf(index);
    const onDeal = (index + dayIndex) % 5 === 0;
    return {
      productKey: productId(store, index),
      day,
      salePrice: onDeal ? Math.round(shelf * 80) / 100 : shelf,
      regularPrice: shelf,
      onDeal,
    };
  });
}

/** The market's noon of `day` (18:00 UTC is noon CST, 1 pm CDT: the same day either way). */
const noonOf = (day: string) => new Date(`${day}T18:00:00.000Z`);

/**
 * `days` days ending on LAST_DAY, each store's result in turn; on the last day each store's
 * snapshot holds `dealsOf(store)` (deals keyed to its first products).
 */
async function fill(
  repository: DealsRepository,
  stores: readonly string[],
  days: number,
  dealsOf: (store: string) => Deal[] = () => [],
): Promise<void> {
  for (let dayIndex = 0; dayIndex < days; dayIndex += 1) {
    const day = addDays(LAST_DAY, dayIndex - days + 1);
    const last = dayIndex === days - 1;
    for (const store of stores) {
      await repository.replaceSnapshot(
        store,
        last ? dealsOf(store) : [],
        noonOf(day),
        menuDay(store, day, dayIndex, MENU_PRODUCTS),
      );
    }
  }
}

/**
 * `perStore` deals of each dispensary, keyed to its first products (as the scraper keys them),
 * at their products' shelf prices less the deal's discount: a deal's price is near its product's
 * history, as a menu's is, so none is held back as far from it.
 */
export function keyedDeals(registry: Registry, perStore: number): Map<string, Deal[]> {
  const random = seeded(11);
  return new Map(
    registry.dispensaries.map((entry) => [
      entry.key,
      dispensaryDeals(entry, perStore, random).map((deal, index) => {
        const shelf = shelfOf(index);
        const sale = Math.round(shelf * (100 - (deal.discountPercent ?? 0))) / 100;
        return {
          ...deal,
          id: `bench:${entry.key}:${index}`,
          storeProductKey: productId(entry.key, index),
          price: `$${sale.toFixed(2)} (was $${shelf})`,
          regularPrice: shelf,
          salePrice: sale,
        };
      }),
    ]),
  );
}

export interface SqliteHistory {
  repository: DealsRepository;
  file: string;
  days: number;
  rows: number;
  fillMs: number;
  close(): Promise<void>;
}

/** A SQLite store holding `days` of the 39 stores' menus, the deals' snapshots on the last day. */
export async function sqliteHistory(
  registry: Registry,
  days: number,
  deals: ReadonlyMap<string, Deal[]>,
): Promise<SqliteHistory> {
  const folder = await mkdtemp(join(tmpdir(), 'stl-deals-price-history-'));
  const file = join(folder, 'deals.sqlite');
  const repository = await openSqliteRepository({ file });
  const stores = registry.dispensaries.map(({ key }) => key);
  const started = performance.now();
  await fill(repository, stores, days, (store) => deals.get(store) ?? []);
  return {
    repository,
    file,
    days,
    rows: days * stores.length * MENU_PRODUCTS,
    fillMs: performance.now() - started,
    close: async () => {
      await repository.close().catch(() => {});
      await rm(folder, { recursive: true, force: true });
    },
  };
}

export interface HistorySize {
  days: number;
  rows: number;
  /** The observations' and their products' tables and indexes. */
  bytes: number;
  bytesPerRow: number;
  /** A year of the market's menus at that size per row. */
  yearBytes: number;
}

function size(days: number, rows: number, bytes: number, productsPerDay: number): HistorySize {
  const bytesPerRow = bytes / rows;
  return { days, rows, bytes, bytesPerRow, yearBytes: bytesPerRow * productsPerDay * YEAR_DAYS };
}

/** The tables the price history is kept in (each with its indexes). */
const HISTORY_TABLES = ['price_observations', 'observed_products'];

/** What SQLite's pages of the price history's tables and indexes hold, per `dbstat`. */
export function sqliteSize(history: SqliteHistory, productsPerDay: number): HistorySize {
  const connection = new BetterSqlite3(history.file, { readonly: true });
  try {
    const bytes = connection
      .prepare(
        `select sum(pgsize) from dbstat
          where name in (select name from sqlite_schema
                          where tbl_name in (select value from json_each(?)))`,
      )
      .pluck()
      .get(JSON.stringify(HISTORY_TABLES)) as number;
    return size(history.days, history.rows, bytes, productsPerDay);
  } finally {
    connection.close();
  }
}

/**
 * One store result written as the service writes it: its deals' snapshot and WRITE_PRODUCTS menu
 * prices, on the filled store, a new day (the first write inserts the day's rows, the others
 * replace them, as a day's later scrapes do). Wall milliseconds of each (how long the write lock
 * is held) and the process's CPU (better-sqlite3 writes on this thread: less at the mercy of a
 * busy machine).
 */
export async function timeStoreWrites(
  history: SqliteHistory,
  store: string,
  deals: readonly Deal[],
): Promise<{ wallMs: number[]; cpuMs: number[] }> {
  const day = addDays(LAST_DAY, 1);
  const wallMs: number[] = [];
  const cpuMs: number[] = [];
  for (let run = 0; run < WRITE_RUNS; run += 1) {
    const menu = menuDay(store, day, run, WRITE_PRODUCTS);
    const cpu = process.cpuUsage();
    const started = performance.now();
    await history.repository.replaceSnapshot(store, deals, noonOf(day), menu);
    wallMs.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
  }
  return { wallMs, cpuMs };
}

/** A scraper that is never asked: the history call's app only serves what the store holds. */
const idleScraper: Scraper = {
  scrape: () => Promise.reject(new Error('the bench does not scrape')),
  hasMenuSource: () => true,
  resolveSource: () => Promise.resolve(null),
  fetchJsonInBrowser: () => Promise.reject(new Error('the bench does not scrape')),
  close: () => Promise.resolve(),
};

export interface HistoryCallResult {
  requests: number;
  points: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * `GET /api/deals/:id/history` (90 days, the default) over a real port, HISTORY_REQUESTS times in
 * turn for deals of every store, on the service built on `history`'s file (which it then owns).
 */
export async function timeHistoryCalls(
  registry: Registry,
  history: SqliteHistory,
  deals: ReadonlyMap<string, Deal[]>,
): Promise<HistoryCallResult> {
  const folder = await mkdtemp(join(tmpdir(), 'stl-deals-history-call-'));
  const app = await buildApp({
    config: loadConfig({
      DATA_DIR: folder,
      WEB_DIST: join(folder, 'no-web-dist'),
      LOG_LEVEL: 'silent',
      RESOLVE_SOURCES: 'off',
    }),
    repository: history.repository,
    scraper: idleScraper,
    registry: {
      dispensaries: registry.dispensaries.map((entry: RegistryEntry) => ({
        ...entry,
        platform: 'feed' as const,
        menuUrl: `http://127.0.0.1:9/feed/${entry.key}`,
      })),
    },
    clock: { now: () => noonOf(LAST_DAY) },
    logger: pino({ level: 'silent' }),
  });
  try {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const ids = [...deals.values()].flat().map((deal) => deal.id!);
    const times: number[] = [];
    let points = 0;
    for (let request = 0; request < HISTORY_REQUESTS + 50; request += 1) {
      const id = ids[(request * 7919) % ids.length]!;
      const started = performance.now();
      const response = await fetch(`${origin}/api/deals/${encodeURIComponent(id)}/history`);
      const body = (await response.json()) as { points?: unknown[] };
      const took = performance.now() - started;
      if (response.status !== 200) throw new Error(`history call answered ${response.status}`);
      // The first 50 warm the route up: not counted.
      if (request >= 50) {
        times.push(took);
        points += body.points?.length ?? 0;
      }
    }
    times.sort((a, b) => a - b);
    return {
      requests: times.length,
      points: points / times.length,
      p50Ms: median(times),
      p99Ms: times[Math.floor(times.length * 0.99) - 1] ?? 0,
      maxMs: times.at(-1) ?? 0,
    };
  } finally {
    await app.close();
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The same sample written to PostgreSQL (the system's, a throwaway server), its size from
 * `pg_total_relation_size` of the history's tables (heap, TOAST and indexes). A reason instead when no
 * PostgreSQL server can be started here.
 */
export async function postgresSize(
  registry: Registry,
  days: number,
  productsPerDay: number,
): Promise<{ size: HistorySize; fillMs: number } | { skipped: string }> {
  let server: Awaited<ReturnType<typeof startPostgresServer>>;
  try {
    server = await startPostgresServer();
  } catch (error) {
    return { skipped: (error as Error).message };
  }
  try {
    const url = await server.createDatabase();
    const repository = await openPostgresRepository({ url });
    const stores = registry.dispensaries.map(({ key }) => key);
    const started = performance.now();
    try {
      await fill(repository, stores, days);
    } finally {
      await repository.close();
    }
    const fillMs = performance.now() - started;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const result = await client.query<{ bytes: string }>(
        `select sum(pg_total_relation_size(t::regclass)) as bytes from unnest($1::text[]) as t`,
        [HISTORY_TABLES],
      );
      const bytes = Number(result.rows[0]?.bytes ?? 0);
      return {
        size: size(days, days * stores.length * MENU_PRODUCTS, bytes, productsPerDay),
        fillMs,
      };
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }
}

/** Days written for the SQLite sample (the facts' whole window) and the PostgreSQL one. */
const SQLITE_DAYS = 30;
const POSTGRES_DAYS = 7;

export interface PriceHistoryBench {
  productsPerDay: number;
  sqlite: HistorySize & { fillMs: number };
  postgres: (HistorySize & { fillMs: number }) | { skipped: string };
  write: { products: number; deals: number; wallMs: number[]; cpuMs: number[] };
  pass: FactsPassResult;
  history: HistoryCallResult;
}

/** Every price history row, about `totalDeals` deals keyed to the stores' products. */
export async function benchPriceHistory(
  registry: Registry,
  totalDeals: number,
): Promise<PriceHistoryBench> {
  const perStore = Math.ceil(totalDeals / registry.dispensaries.length);
  const productsPerDay = registry.dispensaries.length * MENU_PRODUCTS;
  const deals = keyedDeals(registry, perStore);
  const sqlite = await sqliteHistory(registry, SQLITE_DAYS, deals);
  try {
    const sqliteSample = { ...sqliteSize(sqlite, productsPerDay), fillMs: sqlite.fillMs };
    const pass = await benchPassCpuWithFacts(registry, deals, sqlite.repository, LAST_DAY);
    const history = await timeHistoryCalls(registry, sqlite, deals);
    // Last, on its own store: it writes a day after the others' last.
    const [store = '', storeDeals = []] = [...deals][0] ?? [];
    const reopened = await openSqliteRepository({ file: sqlite.file });
    const times = await timeStoreWrites({ ...sqlite, repository: reopened }, store, storeDeals);
    await reopened.close();
    await sqlite.close();
    const postgres = await postgresSize(registry, POSTGRES_DAYS, productsPerDay);
    return {
      productsPerDay,
      sqlite: sqliteSample,
      postgres: 'skipped' in postgres ? postgres : { ...postgres.size, fillMs: postgres.fillMs },
      write: { products: WRITE_PRODUCTS, deals: storeDeals.length, ...times },
      pass,
      history,
    };
  } finally {
    await sqlite.close();
  }
}

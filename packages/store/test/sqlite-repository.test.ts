import { openSync, statSync, writeSync, closeSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteRepository, StorageFaultError, StorageFullError } from '../src';
import type { DealsRepository } from '../src/repository';
import { checkSqliteHealth, fileIdentity } from '../src/sqlite/health';
import { migrationProvider } from '../src/sqlite/migrations';
import { createSqliteRepository } from '../src/sqlite/open-sqlite-repository';
import { emailContract } from './email-contract';
import { pushSubscriptionsContract } from './push-subscriptions-contract';
import {
  repositoryContract,
  type ContractDatabase,
  type ContractEngine,
} from './repository-contract';
import { sampleDeal, sampleDeals } from './support/deals';
import {
  expectEarlierObservationsMoved,
  writeEarlierObservations,
} from './support/earlier-observations';
import { sqliteInspector } from './support/sqlite-inspector';

const sqliteFile: ContractEngine = {
  name: 'SQLite file',
  persistent: true,
  async createDatabase(): Promise<ContractDatabase> {
    const folder = await mkdtemp(join(tmpdir(), 'stl-deals-store-'));
    const file = join(folder, 'deals.db');
    const opened: DealsRepository[] = [];
    // The inspector's own connection, as another process would have.
    let inspection: BetterSqlite3.Database | undefined;
    return {
      async open(options) {
        const repository = await openSqliteRepository({ ...options, file });
        opened.push(repository);
        return repository;
      },
      inspect: sqliteInspector(() => (inspection ??= new BetterSqlite3(file, { timeout: 5000 }))),
      async dispose() {
        inspection?.close();
        for (const repository of opened) await repository.close();
        await rm(folder, { recursive: true, force: true });
      },
    };
  },
};
repositoryContract(sqliteFile);
pushSubscriptionsContract(sqliteFile);
emailContract(sqliteFile);

repositoryContract({
  name: 'SQLite :memory:',
  persistent: false,
  createDatabase(): Promise<ContractDatabase> {
    // The test keeps the connection, the only way into an in-memory database.
    const connection = new BetterSqlite3(':memory:');
    let repository: DealsRepository | undefined;
    return Promise.resolve({
      async open(options) {
        if (repository !== undefined) throw new Error('An in-memory database cannot be reopened');
        repository = await createSqliteRepository(connection, { ...options, file: ':memory:' });
        return repository;
      },
      inspect: sqliteInspector(() => connection),
      async dispose() {
        await repository?.close();
        connection.close();
      },
    });
  },
});

describe('openSqliteRepository', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'stl-deals-store-'));
  });

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('creates the folder of its file and puts the file in WAL mode', async () => {
    const file = join(folder, 'data', 'nested', 'deals.db');

    const repository = await openSqliteRepository({ file });
    await repository.replaceSnapshot('grove', sampleDeals(2), new Date());
    await repository.close();

    const connection = new BetterSqlite3(file, { readonly: true });
    expect(connection.pragma('journal_mode', { simple: true })).toBe('wal');
    connection.close();
  });

  it('sets up its connection: foreign keys on, NORMAL sync, a busy timeout', async () => {
    const connection = new BetterSqlite3(join(folder, 'deals.db'));

    const repository = await createSqliteRepository(connection, { file: 'deals.db' });

    expect(connection.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(connection.pragma('synchronous', { simple: true })).toBe(1);
    expect(connection.pragma('busy_timeout', { simple: true })).toBe(5000);
    await repository.close();
    expect(connection.open).toBe(false);
  });

  it('records each migration once, however often the file is opened', async () => {
    const file = join(folder, 'deals.db');

    for (let open = 0; open < 3; open++) await (await openSqliteRepository({ file })).close();

    const connection = new BetterSqlite3(file, { readonly: true });
    const names = connection.prepare('select name from kysely_migration').pluck().all();
    connection.close();
    expect(names).toEqual([
      '0001-initial',
      '0002-history-retention',
      '0003-geocoded-addresses',
      '0004-resolved-sources',
      '0005-published-views',
      '0006-price-observations',
      '0007-push-subscriptions',
      '0008-compact-price-observations',
      '0009-watches-and-email',
      '0010-dispensary-hours',
      '0011-dispensary-phones',
      '0012-market-classes',
    ]);
  });

  it('moves price observations of the earlier layout into the compact one, dropping its table', async () => {
    const file = join(folder, 'deals.db');
    const db = new Kysely<unknown>({
      dialect: new SqliteDialect({ database: new BetterSqlite3(file) }),
    });
    await writeEarlierObservations(db, migrationProvider, '0007-push-subscriptions');
    await db.destroy();

    const repository = await openSqliteRepository({ file });
    await expectEarlierObservationsMoved(repository);
    await repository.close();

    const connection = new BetterSqlite3(file, { readonly: true });
    const objects = connection
      .prepare(
        `select name from sqlite_schema
          where tbl_name in ('price_observations', 'price_observations_by_key') order by name`,
      )
      .pluck()
      .all();
    const columns = connection
      .prepare(`select name from pragma_table_info('price_observations')`)
      .pluck()
      .all();
    const inspect = sqliteInspector(() => connection);
    const products = await inspect.observedProducts('grove');
    connection.close();
    expect(objects).toEqual(['price_observations', 'price_observations_by_day']);
    expect(columns).toEqual(['product_id', 'day', 'sale_cents', 'regular_cents', 'on_deal']);
    expect(products).toEqual(['product-1', 'product-2', 'product-3']);
  });

  it('refuses a database migrated by a newer version, naming the file', async () => {
    const file = join(folder, 'deals.db');
    await (await openSqliteRepository({ file })).close();
    const connection = new BetterSqlite3(file);
    connection
      .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
      .run('9999-from-the-future', new Date().toISOString());
    connection.close();

    await expect(openSqliteRepository({ file })).rejects.toThrow(
      `Cannot prepare the deals database ${file}: migrations failed: corrupted migrations: previously executed migration 9999-from-the-future is missing`,
    );
  });

  it('says which file it cannot open', async () => {
    const blocker = join(folder, 'not-a-folder');
    await writeFile(blocker, '');
    const file = join(blocker, 'deals.db');

    await expect(openSqliteRepository({ file })).rejects.toThrow(
      `Cannot open the deals database ${file}: `,
    );
  });

  it('refuses a file that is not a database, naming it', async () => {
    const file = join(folder, 'deals.db');
    await writeFile(file, 'not a database, only text long enough to be read as a header');

    await expect(openSqliteRepository({ file })).rejects.toThrow(
      `Cannot prepare the deals database ${file}: file is not a database`,
    );
  });

  it('refuses a scrapeRunsKept below 1', async () => {
    await expect(openSqliteRepository({ file: ':memory:', scrapeRunsKept: 0 })).rejects.toThrow(
      'scrapeRunsKept must be a whole number of at least 1, got 0',
    );
  });
});

describe('a full or unwritable disk', () => {
  let folder: string;
  let connection: BetterSqlite3.Database;
  let repository: DealsRepository;
  const T1 = new Date('2025-03-01T10:00:00.000Z');
  const T2 = new Date('2025-03-01T10:30:00.000Z');

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'stl-deals-store-'));
    connection = new BetterSqlite3(join(folder, 'deals.db'));
    repository = await createSqliteRepository(connection, { file: join(folder, 'deals.db') });
  });

  afterEach(async () => {
    await repository.close();
    await rm(folder, { recursive: true, force: true });
  });

  /** From now on the file may not grow: SQLite fails the writes that need a page with SQLITE_FULL. */
  function fillDisk(): void {
    connection.pragma(
      `max_page_count = ${Number(connection.pragma('page_count', { simple: true }))}`,
    );
  }

  /** The first write of `write(n)`, n = 0, 1, ..., that fails: every write fits until the disk fills. */
  async function firstFailure(write: (n: number) => Promise<unknown>): Promise<unknown> {
    for (let n = 0; n < 10_000; n++) {
      try {
        await write(n);
      } catch (error) {
        return error;
      }
    }
    throw new Error('The disk never filled');
  }

  it('rejects a snapshot with StorageFullError, SQLITE_FULL its cause, keeping the last one', async () => {
    const previous = await repository.replaceSnapshot('grove', sampleDeals(100), T1);
    fillDisk();

    const error = await firstFailure(() =>
      repository.replaceSnapshot('grove', sampleDeals(3000), T2),
    );

    expect(error).toBeInstanceOf(StorageFullError);
    expect(error).toMatchObject({
      message: `The deals database ${join(folder, 'deals.db')} is full`,
      cause: { code: 'SQLITE_FULL' },
    });
    expect(connection.inTransaction).toBe(false);
    expect(await repository.getSnapshot('grove')).toEqual(previous);
  });

  // A one-row write has no statement journal to undo it alone: SQLite rolls the whole
  // transaction back itself, and a second ROLLBACK used to hide SQLITE_FULL behind
  // 'cannot rollback - no transaction is active'.
  it('names a full disk when SQLite rolled the transaction back by itself', async () => {
    const previous = await repository.replaceSnapshot('grove', sampleDeals(5), T1);
    fillDisk();

    const runError = await firstFailure((n) =>
      repository.recordScrapeRun({
        dispensaryKey: `store-${n}`,
        startedAt: T1.toISOString(),
        finishedAt: T1.toISOString(),
        outcome: 'error',
        transport: null,
        dealCount: 0,
        error: 'x'.repeat(500),
      }),
    );
    const snapshotError = await firstFailure((n) =>
      repository.replaceSnapshot(`store-${n}`, sampleDeals(1), T2),
    );
    const locationError = await firstFailure((n) =>
      repository.saveDispensaryLocation(`store-${n}`, { lat: 38.6, lng: -90.2 }, T2),
    );

    for (const error of [runError, snapshotError, locationError]) {
      expect(error).toBeInstanceOf(StorageFullError);
      expect(error).toMatchObject({ cause: { code: 'SQLITE_FULL' } });
    }
    expect(await repository.getSnapshot('grove')).toEqual(previous);
  });

  it('writes again once there is room', async () => {
    fillDisk();
    await firstFailure((n) => repository.replaceSnapshot(`store-${n}`, sampleDeals(50), T1));

    connection.pragma('max_page_count = 1000000');

    const stored = await repository.replaceSnapshot('grove', sampleDeals(3000), T2);
    expect(stored.deals).toHaveLength(3000);
  });

  it('says full from a write that found no room until a snapshot fits again', async () => {
    await repository.replaceSnapshot('grove', sampleDeals(5), T1);
    fillDisk();
    await firstFailure((n) => repository.replaceSnapshot(`store-${n}`, sampleDeals(50), T1));
    expect(await repository.checkHealth()).toMatchObject({ ok: false, fault: 'full' });

    // A small row that fits in the file's free pages says nothing of room for a snapshot.
    connection.pragma('max_page_count = 1000000');
    await repository.saveDispensaryLocation('grove', { lat: 38.6, lng: -90.2 }, T2);
    expect(await repository.checkHealth()).toMatchObject({ ok: false, fault: 'full' });
    await repository.replaceSnapshot('grove', sampleDeals(500), T2);
    expect(await repository.checkHealth()).toEqual({ ok: true });
  });

  // query_only makes SQLite fail every write with SQLITE_READONLY, as a file system remounted
  // read-only does (or SQLITE_IOERR_*, which the same rule takes).
  it('rejects a write with StorageFaultError and says unwritable until a write succeeds', async () => {
    const previous = await repository.replaceSnapshot('grove', sampleDeals(5), T1);
    expect(await repository.checkHealth()).toEqual({ ok: true });
    connection.pragma('query_only = ON');

    const error = await repository
      .replaceSnapshot('grove', sampleDeals(8), T2)
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(StorageFaultError);
    expect(error).toMatchObject({ cause: { code: 'SQLITE_READONLY' } });
    expect(await repository.checkHealth()).toMatchObject({ ok: false, fault: 'unwritable' });
    expect(await repository.getSnapshot('grove')).toEqual(previous);

    connection.pragma('query_only = OFF');
    // Still unwritable by what the store knows, until a write says otherwise.
    expect(await repository.checkHealth()).toMatchObject({ ok: false, fault: 'unwritable' });
    expect((await repository.replaceSnapshot('grove', sampleDeals(8), T2)).deals).toHaveLength(8);
    expect(await repository.checkHealth()).toEqual({ ok: true });
  });
});

describe('deal history under churn', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const DEALS_PER_SCRAPE = 2000;
  const RETENTION_DAYS = 3;
  let folder: string;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'stl-deals-store-'));
  });

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  /** A feed that gives every deal a new id at every scrape, as some menus do. */
  const churned = (scrape: number) =>
    Array.from({ length: DEALS_PER_SCRAPE }, (_, n) =>
      sampleDeal(n, { id: `feed:churn:${scrape}-${n}` }),
    );

  // Deleted rows leave free pages that later writes reuse, so the file reaches a high-water mark
  // and stays there; measured on 5,000 deals a scrape, the database grew 2.6% from scrape 5 to 19
  // and stood still for the last 5, and incremental_vacuum only shrank it between scrapes to the
  // same peak. The log keeps the size of the largest write.
  // 20 scrapes of 2,000 deals: well under a second on an idle machine, many on a loaded one. It
  // asserts sizes, not time, so its limit fits a busy 2-core machine.
  it(
    'keeps the history and the file bounded when every deal id changes every scrape',
    { timeout: 60_000 },
    async () => {
      const file = join(folder, 'deals.db');
      const repository = await openSqliteRepository({ file });
      const start = Date.parse('2026-01-01T00:00:00.000Z');
      const sizes: number[] = [];
      const rows: number[] = [];
      const inspection = new BetterSqlite3(file, { readonly: true });
      try {
        for (let scrape = 0; scrape < 20; scrape++) {
          const now = start + scrape * DAY_MS;
          await repository.replaceSnapshot('churn', churned(scrape), new Date(now));
          await repository.pruneDealHistory(new Date(now - RETENTION_DAYS * DAY_MS));
          rows.push(
            inspection.prepare('select count(*) from deal_history').pluck().get() as number,
          );
          sizes.push(statSync(file).size + statSync(`${file}-wal`).size);
        }
      } finally {
        inspection.close();
        await repository.close();
      }

      // The current scrape and the RETENTION_DAYS before it.
      const kept = (RETENTION_DAYS + 1) * DEALS_PER_SCRAPE;
      expect(rows.slice(RETENTION_DAYS)).toEqual(Array<number>(20 - RETENTION_DAYS).fill(kept));
      const [atScrape10 = 0, last = 0] = [sizes[9], sizes[19]];
      expect(last).toBeLessThanOrEqual(atScrape10 * 1.05);
      // Never pruned, the history would have kept all 20 scrapes' keys.
      expect(last).toBeLessThan(Math.max(...sizes.slice(0, RETENTION_DAYS + 2)) * 2);
    },
  );
});

describe('storage health', () => {
  const T1 = new Date('2025-03-01T10:00:00.000Z');
  const T2 = new Date('2025-03-01T10:30:00.000Z');
  let folder: string;
  let file: string;
  let repository: DealsRepository;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'stl-deals-store-'));
    file = join(folder, 'deals.db');
    repository = await openSqliteRepository({ file });
  });

  afterEach(async () => {
    await repository.close();
    await rm(folder, { recursive: true, force: true });
  });

  /** Moves every committed page from the log into the file, as SQLite does now and then. */
  function checkpoint(): void {
    const connection = new BetterSqlite3(file);
    connection.pragma('wal_checkpoint(TRUNCATE)');
    connection.close();
  }

  /** Overwrites the pages after the first with bytes no b-tree page starts with. */
  function overwritePages(): void {
    const pageSize = 4096;
    const pages = Math.floor(statSync(file).size / pageSize);
    const descriptor = openSync(file, 'r+');
    try {
      for (let page = 1; page < pages; page++) {
        writeSync(descriptor, Buffer.alloc(512, 0xa5), 0, 512, page * pageSize);
      }
    } finally {
      closeSync(descriptor);
    }
  }

  async function expectWritesRefused(): Promise<void> {
    await expect(repository.replaceSnapshot('grove', sampleDeals(1), T2)).rejects.toThrow(
      StorageFaultError,
    );
    await expect(
      repository.recordScrapeRun({
        dispensaryKey: 'grove',
        startedAt: T2.toISOString(),
        finishedAt: T2.toISOString(),
        outcome: 'ok',
        transport: 'http',
        dealCount: 1,
        error: null,
      }),
    ).rejects.toThrow(StorageFaultError);
    await expect(repository.pruneDealHistory(T2)).rejects.toThrow(StorageFaultError);
  }

  it('finds a deleted file missing, and refuses writes', async () => {
    await repository.replaceSnapshot('grove', sampleDeals(3), T1);
    await rm(file);

    expect(await repository.checkHealth()).toEqual({
      ok: false,
      fault: 'missing',
      detail: expect.stringContaining(file) as string,
    });
    await expectWritesRefused();
  });

  it('finds a file put in its place replaced', async () => {
    await repository.replaceSnapshot('grove', sampleDeals(3), T1);
    checkpoint();
    await copyFile(file, `${file}.copy`);
    await rename(`${file}.copy`, file);

    expect(await repository.checkHealth()).toMatchObject({ ok: false, fault: 'replaced' });
    await expectWritesRefused();
  });

  it('finds overwritten pages damaged, and refuses writes until a check passes', async () => {
    await repository.replaceSnapshot('grove', sampleDeals(3000), T1);
    checkpoint();
    overwritePages();
    const damaged = await readFile(file);

    expect(await repository.checkHealth()).toMatchObject({ ok: false, fault: 'damaged' });
    await expectWritesRefused();
    expect((await readFile(file)).equals(damaged)).toBe(true);
  });

  it('writes again once a check passes', async () => {
    const healthy = join(folder, 'healthy.db');
    await repository.replaceSnapshot('grove', sampleDeals(3), T1);
    checkpoint();
    await copyFile(file, healthy);
    const descriptor = openSync(file, 'r+');
    writeSync(descriptor, Buffer.alloc(4096, 0xa5), 0, 4096, 4096);
    closeSync(descriptor);
    expect(await repository.checkHealth()).toMatchObject({ ok: false, fault: 'damaged' });

    // Restored in place (same file): the check passes, and so do writes.
    const restored = openSync(file, 'r+');
    writeSync(restored, await readFile(healthy), 0, undefined, 0);
    closeSync(restored);

    expect(await repository.checkHealth()).toEqual({ ok: true });
    await expect(repository.replaceSnapshot('grove', sampleDeals(2), T2)).resolves.toBeDefined();
  });

  it('checks the file off the event loop, and a write goes on meanwhile', async () => {
    await repository.replaceSnapshot('grove', sampleDeals(3000), T1);
    // The loop turns while the check runs: a check on this thread would hold every timer until
    // it ended (the whole file read, seconds on a big price history).
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 1);
    const checking = repository.checkHealth();
    const written = repository.replaceSnapshot('grove', sampleDeals(5), T2);
    try {
      expect(await checking).toEqual({ ok: true });
      await expect(written).resolves.toBeDefined();
    } finally {
      clearInterval(ticking);
    }
    expect(turns).toBeGreaterThan(0);
  });

  it("rejects, rather than call the file damaged, when the check's thread cannot run", async () => {
    await repository.replaceSnapshot('grove', sampleDeals(3), T1);
    checkpoint();
    const connection = new BetterSqlite3(file);
    try {
      await expect(
        checkSqliteHealth(connection, fileIdentity(connection), join(folder, 'no-driver.js')),
      ).rejects.toThrow(/without an answer|Cannot find module/);
      expect(await checkSqliteHealth(connection, fileIdentity(connection))).toEqual({ ok: true });
    } finally {
      connection.close();
    }
  });

  it('checks an in-memory database too', async () => {
    const memory = await openSqliteRepository({ file: ':memory:' });
    await memory.replaceSnapshot('grove', sampleDeals(3), T1);
    expect(await memory.checkHealth()).toEqual({ ok: true });
    await memory.close();
  });
});

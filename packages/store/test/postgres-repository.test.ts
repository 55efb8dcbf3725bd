import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  openDealsRepository,
  openPostgresRepository,
  StorageFaultError,
  StorageFullError,
} from '../src';
import type { DealsRepository } from '../src/repository';
import { migrationProvider, postgresMigrations } from '../src/postgres/migrations';
import { emailContract } from './email-contract';
import { pushSubscriptionsContract } from './push-subscriptions-contract';
import { repositoryContract, type ContractDatabase } from './repository-contract';
import { sampleDeals } from './support/deals';
import {
  expectEarlierObservationsMoved,
  writeEarlierObservations,
} from './support/earlier-observations';
import { postgresInspector } from './support/postgres-inspector';
import { startPostgresServer, type PostgresServer } from './support/postgres-server';

/*
 * The store contract and PostgreSQL's own cases on a real server started for this file. Without
 * PostgreSQL installed, or when it cannot start, every test here fails with the reason (counted
 * as failed, not skipped): `npm test` installs it, so a missing server is a broken machine.
 */

let started: PostgresServer | undefined;
let startFailure: unknown;

beforeAll(async () => {
  try {
    started = await startPostgresServer();
  } catch (error) {
    startFailure = error;
  }
}, 120_000);

afterAll(async () => {
  await started?.stop();
}, 60_000);

function server(): PostgresServer {
  if (started === undefined) throw startFailure;
  return started;
}

/** A fresh database, and what to close and drop afterwards. */
async function freshDatabase(): Promise<ContractDatabase & { url: string }> {
  const url = await server().createDatabase();
  const opened: DealsRepository[] = [];
  // The inspector's own connections, as another process would have.
  const inspection = new pg.Pool({ connectionString: url, max: 2 });
  // Its connections end when a test or `dispose` drops the database (a closing pool's included).
  inspection.on('error', () => undefined);
  return {
    url,
    async open(options) {
      const repository = await openPostgresRepository({ ...options, url });
      opened.push(repository);
      return repository;
    },
    inspect: postgresInspector(inspection),
    async dispose() {
      for (const repository of opened) await repository.close();
      await inspection.end();
      await server().dropDatabase(url);
    },
  };
}

repositoryContract({ name: 'PostgreSQL', persistent: true, createDatabase: freshDatabase });
pushSubscriptionsContract({ name: 'PostgreSQL', persistent: true, createDatabase: freshDatabase });
emailContract({ name: 'PostgreSQL', persistent: true, createDatabase: freshDatabase });

const T1 = new Date('2025-03-01T10:00:00.000Z');
const T2 = new Date('2025-03-01T10:30:00.000Z');

describe('openPostgresRepository', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;

  beforeEach(async () => {
    database = await freshDatabase();
  });

  afterEach(async () => {
    await database.dispose();
  });

  it('migrates once when several processes open a new database at once', async () => {
    await Promise.all([database.open(), database.open(), database.open()]);

    const { rows } = await server().query(
      database.url,
      'select name from kysely_migration order by name',
    );
    expect(rows.map((row: { name: string }) => row.name)).toEqual(Object.keys(postgresMigrations));
  });

  it('moves price observations of the earlier layout into the compact one, dropping its table', async () => {
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }),
    });
    await writeEarlierObservations(db, migrationProvider, '0005-push-subscriptions');
    await db.destroy();

    await expectEarlierObservationsMoved(await database.open());
    const { rows: tables } = await server().query(
      database.url,
      `select table_name from information_schema.tables
        where table_name in ('price_observations', 'price_observations_by_key')`,
    );
    const { rows: columns } = await server().query(
      database.url,
      `select column_name, data_type from information_schema.columns
        where table_name = 'price_observations' order by ordinal_position`,
    );
    expect(tables).toEqual([{ table_name: 'price_observations' }]);
    expect(columns).toEqual([
      { column_name: 'product_id', data_type: 'integer' },
      { column_name: 'day', data_type: 'integer' },
      { column_name: 'sale_cents', data_type: 'integer' },
      { column_name: 'regular_cents', data_type: 'integer' },
      { column_name: 'on_deal', data_type: 'smallint' },
    ]);
    expect(await database.inspect.observedProducts('grove')).toEqual([
      'product-1',
      'product-2',
      'product-3',
    ]);
  });

  it('refuses a database migrated by a newer version, naming it without the password', async () => {
    await (await database.open()).close();
    await server().query(
      database.url,
      "insert into kysely_migration (name, timestamp) values ('9999-from-the-future', now()::text)",
    );
    const url = new URL(database.url);
    url.password = 'secret';

    await expect(openPostgresRepository({ url: url.href })).rejects.toThrow(
      `Cannot prepare the deals database ${database.url}: migrations failed: corrupted migrations: previously executed migration 9999-from-the-future is missing`,
    );
  });

  it('says which server it cannot reach, without the password', async () => {
    const closed = new URL(database.url);
    closed.port = '1';
    closed.password = 'secret';

    const opening = openPostgresRepository({ url: closed.href });

    await expect(opening).rejects.toThrow(
      /^Cannot prepare the deals database postgres:\/\/postgres@127\.0\.0\.1:1\//,
    );
    await expect(opening).rejects.not.toThrow(/secret/);
  });

  it('is what openDealsRepository opens when given a URL', async () => {
    const repository = await openDealsRepository({
      databaseUrl: database.url,
      sqliteFile: '/nonexistent/never-used.sqlite',
    });
    await repository.replaceSnapshot('grove', sampleDeals(2), T1);
    await repository.close();

    const { rows } = await server().query(
      database.url,
      'select count(*)::int as n from snapshot_deals',
    );
    expect(rows[0]).toEqual({ n: 2 });
  });
});

describe('PostgreSQL out of room', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let repository: DealsRepository;

  beforeEach(async () => {
    database = await freshDatabase();
    repository = await database.open();
  });

  afterEach(async () => {
    await database.dispose();
  });

  // The server's own disk_full error (SQLSTATE 53100), raised where a full disk would raise it:
  // while a deal row is written, in the middle of the snapshot's transaction.
  async function fillTheDisk(): Promise<void> {
    await server().query(
      database.url,
      `create function full_disk() returns trigger language plpgsql as $$
         begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$;
       create trigger full_disk before insert on snapshot_deals for each row execute function full_disk();`,
    );
  }

  it('rejects a snapshot with StorageFullError, the server error its cause, keeping the last one', async () => {
    const last = await repository.replaceSnapshot('grove', sampleDeals(3), T1);
    await fillTheDisk();

    const writing = repository.replaceSnapshot('grove', sampleDeals(5), T2);

    await expect(writing).rejects.toThrow(StorageFullError);
    await expect(writing).rejects.toMatchObject({
      message: `The deals database ${database.url} is full`,
      cause: { code: '53100' },
    });
    expect(await repository.getSnapshot('grove')).toEqual(last);
    expect(await database.inspect.dealHistory('grove')).toHaveLength(3);
  });

  it('writes again once there is room', async () => {
    await fillTheDisk();
    await expect(repository.replaceSnapshot('grove', sampleDeals(1), T1)).rejects.toThrow(
      StorageFullError,
    );
    await server().query(database.url, 'drop trigger full_disk on snapshot_deals');

    const stored = await repository.replaceSnapshot('grove', sampleDeals(2), T2);

    expect(stored.deals).toHaveLength(2);
  });
});

describe('PostgreSQL health', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let repository: DealsRepository;
  const name = () => new URL(database.url).pathname.slice(1);

  beforeEach(async () => {
    database = await freshDatabase();
    repository = await database.open();
    await repository.replaceSnapshot('grove', sampleDeals(2), T1);
  });

  afterEach(async () => {
    await database.dispose();
  });

  it('finds a dropped database missing, and refuses writes', async () => {
    await server().dropDatabase(database.url);

    expect(await repository.checkHealth()).toMatchObject({
      ok: false,
      fault: 'missing',
      detail: expect.stringContaining(`database "${name()}" does not exist`) as string,
    });
    await expect(repository.replaceSnapshot('grove', [], T2)).rejects.toThrow(StorageFaultError);
  });

  it('finds a database created again under its name replaced', async () => {
    await server().dropDatabase(database.url);
    await server().query(database.url.replace(/[^/]+$/, 'postgres'), `create database ${name()}`);

    expect(await repository.checkHealth()).toMatchObject({ ok: false, fault: 'replaced' });
    await expect(repository.replaceSnapshot('grove', [], T2)).rejects.toThrow(
      /Not writing to the deals database .*: it is replaced/,
    );
  });

  it('finds a dropped table damaged', async () => {
    await server().query(database.url, 'drop table resolved_sources');

    expect(await repository.checkHealth()).toMatchObject({
      ok: false,
      fault: 'damaged',
      detail: expect.stringContaining('tables gone: resolved_sources') as string,
    });
  });

  it('finds a server that refuses connections unreachable, and writes again once it is back', async () => {
    const admin = database.url.replace(/[^/]+$/, 'postgres');
    await server().query(admin, `alter database ${name()} allow_connections false`);
    await server().query(
      admin,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`,
      [name()],
    );

    expect(await repository.checkHealth()).toMatchObject({ ok: false, fault: 'unreachable' });
    await expect(repository.replaceSnapshot('grove', [], T2)).rejects.toThrow(StorageFaultError);

    await server().query(admin, `alter database ${name()} allow_connections true`);
    expect(await repository.checkHealth()).toEqual({ ok: true });
    expect((await repository.replaceSnapshot('grove', [], T2)).scrapedAt).toBe(T2.toISOString());
  });
});

describe('PostgreSQL shared by several processes', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;

  beforeEach(async () => {
    database = await freshDatabase();
  });

  afterEach(async () => {
    await database?.dispose();
  });

  it('never prunes the history of a key a snapshot written meanwhile lists', async () => {
    const [writer, pruner] = await Promise.all([database.open(), database.open()]);
    const T0 = new Date('2025-03-01T00:00:00.000Z');
    const cutoff = new Date('2025-03-02T00:00:00.000Z');
    // 400 keys seen once at T0 and in no snapshot since: all prunable.
    await writer.replaceSnapshot('grove', sampleDeals(400), T0);
    await writer.replaceSnapshot('grove', [], T0);

    let writing = true;
    const pruning = (async () => {
      while (writing) await pruner.pruneDealHistory(cutoff, { batchRows: 7 });
    })();
    // Each snapshot brings back keys pruning is deleting at that moment.
    for (let round = 0; round < 40; round++) {
      const deals = sampleDeals(400).filter((_, n) => n % 40 === round);
      const at = new Date(cutoff.getTime() + (round + 1) * 60_000);
      await writer.replaceSnapshot('grove', deals, at);
      const stored = await writer.getSnapshot('grove');
      expect(stored?.deals.every((deal) => deal.firstSeenAt !== undefined)).toBe(true);
    }
    writing = false;
    await pruning;
  });
});

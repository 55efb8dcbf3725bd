import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { errorMessage } from '../error-message';
import type { StoreDatabase } from '../kysely/database';
import { KyselyDealsRepository } from '../kysely/deals-repository';
import { migrationFailure } from '../kysely/migration-failure';
import { repositorySettings } from '../kysely/repository-settings';
import type { DealsRepository, RepositoryOptions } from '../repository';
import { databaseOid } from './health';
import { migrationProvider } from './migrations';
import { postgresEngine } from './postgres-engine';

export interface PostgresRepositoryOptions extends RepositoryOptions {
  /** `postgres://user:password@host:port/database`; the database must exist. */
  url: string;
  /** Connections this process keeps at most (default 5). */
  maxConnections?: number;
}

// How long a call waits for a connection before failing, so that a server that is down fails
// calls and health checks instead of leaving them waiting.
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Opens (migrating as needed) the deals database on a PostgreSQL server. Any number of processes
 * may open the same database: Kysely migrates under an advisory lock in one transaction, so the
 * first process migrates and the others find nothing to do, and a failed migration leaves the
 * previous schema.
 */
export async function openPostgresRepository(
  options: PostgresRepositoryOptions,
): Promise<DealsRepository> {
  const name = databaseName(options.url);
  const settings = repositorySettings(options);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 5,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'stl-deals',
  });
  // An idle connection the server ends (a restart, a dropped database) is an 'error' event, which
  // would crash the process unheard. The pool has already dropped it and opens another when asked;
  // a call that fails meanwhile rejects, and the health check reports the server's state.
  pool.on('error', () => undefined);
  const db = new Kysely<StoreDatabase>({ dialect: new PostgresDialect({ pool }) });
  try {
    const outcome = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
    if (outcome.error !== undefined) throw migrationFailure(outcome);
    const engine = postgresEngine(name, await databaseOid(db));
    return new KyselyDealsRepository(db, engine, settings);
  } catch (error) {
    await db.destroy();
    throw new Error(`Cannot prepare the deals database ${name}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}

/** The URL without its password or parameters, to name the database in errors and logs. */
export function databaseName(url: string): string {
  if (!URL.canParse(url)) return 'at an unparsable PostgreSQL URL';
  const parsed = new URL(url);
  parsed.password = '';
  parsed.search = ''; // may hold a password too
  return parsed.href;
}

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import { errorMessage } from '../error-message';
import type { StoreDatabase } from '../kysely/database';
import { KyselyDealsRepository } from '../kysely/deals-repository';
import type { DealsRepository, RepositoryOptions } from '../repository';
import { repositorySettings } from '../kysely/repository-settings';
import { fileIdentity } from './health';
import { ImmediateSqliteDialect } from './immediate-dialect';
import { migrateToLatest } from './migrate';
import { sqliteEngine } from './sqlite-engine';

export interface SqliteRepositoryOptions extends RepositoryOptions {
  /** The database file (its folder is created if missing), or ':memory:' for a throwaway one. */
  file: string;
}

// How long a write waits for another process's write lock before failing with SQLITE_BUSY.
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating and migrating as needed) the embedded SQLite deals database. Open one repository
 * per file per process: its single connection runs this process's calls one at a time, while a
 * second connection here would wait for the first one's write lock with the event loop blocked.
 * Other processes may open the same file; WAL lets them read while one writes.
 */
export async function openSqliteRepository(
  options: SqliteRepositoryOptions,
): Promise<DealsRepository> {
  const { file } = options;
  let connection: BetterSqlite3.Database;
  try {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    connection = new BetterSqlite3(file);
  } catch (error) {
    throw new Error(`Cannot open the deals database ${file}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  return createSqliteRepository(connection, options);
}

/**
 * Sets up an open connection and migrates it. Separate from `openSqliteRepository` so that tests
 * can keep a handle on an in-memory database; the repository owns (and closes) the connection.
 */
export async function createSqliteRepository(
  connection: BetterSqlite3.Database,
  options: SqliteRepositoryOptions,
): Promise<DealsRepository> {
  const { file } = options;
  const db = new Kysely<StoreDatabase>({
    dialect: new ImmediateSqliteDialect(connection),
  });
  try {
    const settings = repositorySettings(options);
    // WAL: readers never block the writer, and a commit is one append to the log, so a process
    // killed mid-write leaves the last committed state. NORMAL skips an fsync per commit; that
    // is still safe against a killed process, and risks only the latest commits on power loss.
    connection.pragma('journal_mode = WAL');
    connection.pragma('synchronous = NORMAL');
    connection.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    connection.pragma('foreign_keys = ON');
    await migrateToLatest(db, connection);
    const engine = sqliteEngine(file, connection, fileIdentity(connection));
    return new KyselyDealsRepository(db, engine, settings);
  } catch (error) {
    await db.destroy();
    // Kysely closes the connection only if it ever used it.
    connection.close();
    throw new Error(`Cannot prepare the deals database ${file}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}

import type BetterSqlite3 from 'better-sqlite3';
import { Migrator, type Kysely } from 'kysely';
import type { StoreDatabase } from '../kysely/database';
import { migrationFailure } from '../kysely/migration-failure';
import { migrationProvider } from './migrations';

/**
 * Brings the schema to the latest migration, all or nothing.
 *
 * Kysely's SQLite adapter runs migrations outside a transaction and takes no lock, yet SQLite can
 * roll back schema changes. So the whole run goes inside one BEGIN IMMEDIATE on the repository's
 * single connection: a process killed halfway leaves the previous schema, and two processes
 * opening a new file at once take turns (the second waits for the write lock, then finds nothing
 * to do).
 */
export async function migrateToLatest(
  db: Kysely<StoreDatabase>,
  connection: BetterSqlite3.Database,
): Promise<void> {
  connection.exec('begin immediate');
  const outcome = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  if (outcome.error === undefined) {
    connection.exec('commit');
    return;
  }
  // SQLite may have rolled back already (after SQLITE_FULL, for one); the first error is the one to tell.
  if (connection.inTransaction) connection.exec('rollback');
  throw migrationFailure(outcome);
}

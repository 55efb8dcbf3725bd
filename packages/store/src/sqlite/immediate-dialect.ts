import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
} from 'kysely';

/**
 * Kysely's SQLite dialect on one better-sqlite3 connection, except for how transactions begin
 * and roll back.
 *
 * BEGIN IMMEDIATE: a plain BEGIN takes the write lock at the first write. In WAL mode, when another
 * process committed between a transaction's first read and its first write, SQLite fails the
 * write at once with SQLITE_BUSY, busy_timeout or not. BEGIN IMMEDIATE takes the write lock up
 * front and waits for it up to busy_timeout, so a transaction never fails halfway for that reason.
 * Atomicity within the process comes from Kysely's driver itself: it holds its single connection
 * behind a mutex for a whole transaction, so no other query of the repository runs in between.
 *
 * ROLLBACK only while a transaction is open: after SQLITE_FULL or SQLITE_IOERR, SQLite may have
 * rolled the whole transaction back by itself, and Kysely's unconditional ROLLBACK would then
 * fail with 'cannot rollback - no transaction is active', an error that replaces the real one.
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #connection: BetterSqlite3.Database;

  constructor(connection: BetterSqlite3.Database) {
    super({ database: connection });
    this.#connection = connection;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#connection);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #connection: BetterSqlite3.Database;

  constructor(connection: BetterSqlite3.Database) {
    super({ database: connection });
    this.#connection = connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.#connection.inTransaction) return;
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
}

import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * Kysely's SQLite dialect, except that transactions start with BEGIN IMMEDIATE.
 *
 * A plain BEGIN takes the write lock at the first write. In WAL mode, when another process
 * committed between a transaction's first read and its first write, SQLite fails the write at
 * once with SQLITE_BUSY, busy_timeout or not. BEGIN IMMEDIATE takes the write lock up front and
 * waits for it up to busy_timeout, so a transaction never fails halfway for that reason.
 * Atomicity within the process comes from Kysely's driver itself: it holds its single connection
 * behind a mutex for a whole transaction, so no other query of the repository runs in between.
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

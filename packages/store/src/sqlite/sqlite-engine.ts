import type BetterSqlite3 from 'better-sqlite3';
import type { StoreEngine } from '../kysely/deals-repository';
import { pruneHistoryBatch } from './deal-history';
import { checkSqliteHealth, type FileIdentity } from './health';
import { sqliteMarketObservations, sqlitePriceHistory } from './price-history';

/**
 * SQLite beneath the shared queries. `identity` is the file the connection opened (null for an
 * in-memory database); the health check compares the path's file with it.
 */
export function sqliteEngine(
  file: string,
  connection: BetterSqlite3.Database,
  identity: FileIdentity | null,
): StoreEngine {
  return {
    name: file,
    pruneHistoryBatch,
    readPriceHistory: sqlitePriceHistory(connection),
    readMarketObservations: sqliteMarketObservations(connection),
    // Every transaction here begins IMMEDIATE: it holds the file's write lock already.
    lockPushSubscriptions: () => Promise.resolve(),
    // On a connection of its own in a thread of its own (see `checkSqliteHealth`): WAL lets it
    // read while this connection writes. An in-memory database is checked on this connection,
    // through Kysely's queue so that the check never runs inside another call's transaction.
    checkHealth: (db) =>
      identity === null
        ? db.connection().execute(() => checkSqliteHealth(connection, null))
        : checkSqliteHealth(connection, identity),
    isStorageFull: (error) => codeOf(error) === 'SQLITE_FULL',
    isUnwritable: (error) => UNWRITABLE.test(codeOf(error)),
  };
}

/**
 * SQLite's (extended) result codes and the system's errors for storage that cannot be written:
 * a read-only file, folder or file system (SQLITE_READONLY_*, EROFS), an I/O error
 * (SQLITE_IOERR_*, EIO), a file it can no longer open.
 */
const UNWRITABLE = /^(SQLITE_READONLY|SQLITE_IOERR|SQLITE_CANTOPEN|EROFS$|EIO$)/;

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

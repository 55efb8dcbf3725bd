import type { StoreEngine } from '../kysely/deals-repository';
import { pruneHistoryBatch } from './deal-history';
import { checkPostgresHealth } from './health';

/** PostgreSQL beneath the shared queries; `oid` is the database's at open (see `databaseOid`). */
export function postgresEngine(name: string, oid: string): StoreEngine {
  return {
    name,
    pruneHistoryBatch,
    checkHealth: (db) => checkPostgresHealth(db, name, oid),
    // disk_full: the server could not extend a file; the transaction was rolled back whole.
    isStorageFull: (error) => (error as { code?: unknown } | null)?.code === '53100',
  };
}

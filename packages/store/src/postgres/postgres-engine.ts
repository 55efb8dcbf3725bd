import type { StoreEngine } from '../kysely/deals-repository';
import { pruneHistoryBatch } from './deal-history';
import { checkPostgresHealth } from './health';
import { readMarketObservations, readPriceHistory } from '../kysely/price-observations';
import { lockSubscriptionsOnPostgres } from '../kysely/push-subscriptions';

/** PostgreSQL beneath the shared queries; `oid` is the database's at open (see `databaseOid`). */
export function postgresEngine(name: string, oid: string): StoreEngine {
  return {
    name,
    pruneHistoryBatch,
    readPriceHistory,
    readMarketObservations,
    lockPushSubscriptions: lockSubscriptionsOnPostgres,
    checkHealth: (db) => checkPostgresHealth(db, name, oid),
    // disk_full: the server could not extend a file; the transaction was rolled back whole.
    isStorageFull: (error) => (error as { code?: unknown } | null)?.code === '53100',
    // read_only_sql_transaction (a standby, or default_transaction_read_only), the server's own
    // I/O errors (class 58) and damaged data (XX001, XX002).
    isUnwritable: (error) =>
      /^(25006|58\d{3}|XX00[12])$/.test(String((error as { code?: unknown } | null)?.code)),
  };
}

export * from './repository';
export { dealKey } from './deal-key';
export { MAX_MARKET_UNITS } from './price-observation-checks';
export { isStorageUnavailable, StorageFaultError, StorageFullError } from './storage-errors';
export {
  createSqliteRepository,
  openSqliteRepository,
  type SqliteRepositoryOptions,
} from './sqlite/open-sqlite-repository';
export type { PostgresRepositoryOptions } from './postgres/open-postgres-repository';
export {
  openDealsRepository,
  openPostgresRepository,
  type DealsStoreOptions,
} from './open-deals-repository';

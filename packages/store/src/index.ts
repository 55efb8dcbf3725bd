export * from './repository';
export { dealKey } from './deal-key';
export { StorageFaultError, StorageFullError } from './storage-errors';
export {
  openSqliteRepository,
  type SqliteRepositoryOptions,
} from './sqlite/open-sqlite-repository';
export {
  openPostgresRepository,
  type PostgresRepositoryOptions,
} from './postgres/open-postgres-repository';
export { openDealsRepository, type DealsStoreOptions } from './open-deals-repository';

export * from './repository';
export { dealKey } from './deal-key';
export {
  openSqliteRepository,
  type SqliteRepositoryOptions,
} from './sqlite/open-sqlite-repository';

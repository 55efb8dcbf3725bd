import { openPostgresRepository } from './postgres/open-postgres-repository';
import type { DealsRepository, RepositoryOptions } from './repository';
import { openSqliteRepository } from './sqlite/open-sqlite-repository';

export interface DealsStoreOptions extends RepositoryOptions {
  /** A `postgres://` URL: the deals live in that PostgreSQL database. Unset or empty: SQLite. */
  databaseUrl?: string | undefined;
  /** The embedded SQLite file, used when there is no `databaseUrl`. */
  sqliteFile: string;
}

/** Opens the deals store the configuration names: PostgreSQL when given a URL, else SQLite. */
export function openDealsRepository({
  databaseUrl,
  sqliteFile,
  ...options
}: DealsStoreOptions): Promise<DealsRepository> {
  return databaseUrl
    ? openPostgresRepository({ ...options, url: databaseUrl })
    : openSqliteRepository({ ...options, file: sqliteFile });
}

import type { PostgresRepositoryOptions } from './postgres/open-postgres-repository';
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

/**
 * Opens the deals database on a PostgreSQL server (see postgres/open-postgres-repository). The
 * driver is loaded on this first call: evaluating pg costs a start about 0.1 s (it also makes Node
 * load its own fetch), which a service on SQLite never needs.
 */
export async function openPostgresRepository(
  options: PostgresRepositoryOptions,
): Promise<DealsRepository> {
  const postgres = await import('./postgres/open-postgres-repository');
  return postgres.openPostgresRepository(options);
}

import { sql, type Kysely } from 'kysely';
import { errorMessage } from '../error-message';
import type { StoreDatabase } from '../kysely/database';
import type { StorageHealth } from '../repository';
import { postgresMigrations } from './migrations';

/**
 * Which database the repository opened: a database dropped and created again under the same name
 * (a restore, a reset) gets a new oid, and the rows it holds are not the ones the service knew.
 */
export async function databaseOid(db: Kysely<StoreDatabase>): Promise<string> {
  const { rows } = await sql<{ oid: string }>`
    select oid::text as oid from pg_database where datname = current_database()`.execute(db);
  const oid = rows[0]?.oid;
  if (oid === undefined) throw new Error('the current database is not in pg_database');
  return oid;
}

// Every table the repository reads or writes; a missing one is a damaged schema.
const TABLES: readonly (keyof StoreDatabase)[] = [
  'snapshots',
  'snapshot_deals',
  'deal_history',
  'scrape_runs',
  'dispensary_locations',
  'dispensary_hours',
  'dispensary_phones',
  'geocoded_addresses',
  'resolved_sources',
  'published_views',
  'observed_products',
  'price_observations',
  'push_subscriptions',
  'push_keys',
  'email_addresses',
  'email_watches',
];

/**
 * Whether the database answers, is still the one opened, and holds the schema the migrations
 * made. PostgreSQL checks its own pages (and reports damage it meets as SQLSTATE class XX), so
 * there is no file to read through here: a few catalog queries, cheap enough to run every minute.
 *
 * `unreachable`: no connection, or the server refuses work (down, restarting, a wrong password).
 * `missing`: the database was dropped. `replaced`: another database took its name.
 * `damaged`: a table or a recorded migration is gone, or PostgreSQL reports corrupt data.
 */
export async function checkPostgresHealth(
  db: Kysely<StoreDatabase>,
  name: string,
  openedOid: string,
): Promise<StorageHealth> {
  try {
    const oid = await databaseOid(db);
    if (oid !== openedOid) {
      return {
        ok: false,
        fault: 'replaced',
        detail: `${name} is no longer the database opened at start (oid ${oid}, was ${openedOid})`,
      };
    }
    const { rows: gone } = await sql<{ name: string }>`
      select t as name from unnest(${[...TABLES]}::text[]) as t
       where to_regclass(quote_ident(t)) is null`.execute(db);
    if (gone.length > 0) {
      const names = gone.map((row) => row.name).join(', ');
      return { ok: false, fault: 'damaged', detail: `${name}: tables gone: ${names}` };
    }
    const { rows: recorded } = await sql<{ name: string }>`
      select name from kysely_migration`.execute(db);
    const names = new Set(recorded.map((row) => row.name));
    const unrecorded = Object.keys(postgresMigrations).filter((migration) => !names.has(migration));
    if (unrecorded.length > 0) {
      const list = unrecorded.join(', ');
      return { ok: false, fault: 'damaged', detail: `${name}: migrations not recorded: ${list}` };
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, fault: faultOf(error), detail: `${name}: ${errorMessage(error)}` };
  }
}

function faultOf(error: unknown): 'unreachable' | 'missing' | 'damaged' {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '3D000') return 'missing'; // invalid_catalog_name: no database of that name
  if (typeof code === 'string' && (code.startsWith('XX') || code === '42P01')) return 'damaged';
  return 'unreachable';
}

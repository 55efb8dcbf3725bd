import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../kysely/database';

/**
 * Deletes up to `limit` price observations of days before `beforeDay`, oldest first; answers how
 * many. Call it inside a transaction. The `day` index starts the walk at the oldest rows, and the
 * rowid names each row in one value.
 */
export async function pruneObservationsBatch(
  trx: Kysely<StoreDatabase>,
  beforeDay: string,
  limit: number,
): Promise<number> {
  const result = await sql`
    delete from price_observations where rowid in (
      select rowid from price_observations where day < ${beforeDay} order by day limit ${limit})`.execute(
    trx,
  );
  return Number(result.numAffectedRows ?? 0n);
}

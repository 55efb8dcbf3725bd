import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../kysely/database';

/**
 * Deletes up to `limit` price observations of days before `beforeDay`, oldest first; answers how
 * many. Call it inside a transaction. The `day` index starts the walk at the oldest rows; `ctid`
 * names each row in one value (a row another process updates meanwhile gets a new one and is left
 * for the next batch or prune).
 */
export async function pruneObservationsBatch(
  trx: Kysely<StoreDatabase>,
  beforeDay: string,
  limit: number,
): Promise<number> {
  const result = await sql`
    delete from price_observations where ctid = any(array(
      select ctid from price_observations where day < ${beforeDay} order by day limit ${limit}))`.execute(
    trx,
  );
  return Number(result.numAffectedRows ?? 0n);
}

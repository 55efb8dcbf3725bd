import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from '../kysely/database';

/**
 * Deletes up to `limit` history rows last seen before `before` whose key is in no stored
 * snapshot, oldest first; answers how many. Call it inside a transaction.
 *
 * Other processes write snapshots meanwhile. The SHARE lock on `snapshot_deals` waits for the
 * snapshot writes in progress to commit and holds new ones back until this batch commits, so the
 * batch sees every key a snapshot lists and cannot forget a key a concurrent snapshot just stored.
 * A batch is short (a few thousand rows through the `last_seen_at` index), so writers wait little.
 */
export async function pruneHistoryBatch(
  trx: Kysely<StoreDatabase>,
  before: string,
  limit: number,
): Promise<number> {
  await sql`lock table snapshot_deals in share mode`.execute(trx);
  const result = await sql`
    delete from deal_history h using (
      select old.dispensary_key, old.deal_key from deal_history old
       where old.last_seen_at < ${before}
         and not exists (select from snapshot_deals d
                          where d.dispensary_key = old.dispensary_key
                            and d.deal_key = old.deal_key)
       order by old.last_seen_at
       limit ${limit}) doomed
     where h.dispensary_key = doomed.dispensary_key and h.deal_key = doomed.deal_key`.execute(trx);
  return Number(result.numAffectedRows ?? 0n);
}

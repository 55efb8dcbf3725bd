import type { Kysely, Migration } from 'kysely';

/** Pruning walks the deal history from its oldest last sighting, never the whole table. */
export const historyRetention: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createIndex('deal_history_by_last_seen')
      .on('deal_history')
      .column('last_seen_at')
      .execute();
  },
};

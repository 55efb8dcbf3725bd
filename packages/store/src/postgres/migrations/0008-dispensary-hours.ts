import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The weekly hours a dispensary's platform last stated (SQLite's 0009), with the same columns and
 * types, so that both engines run the same queries. Frozen once released, like 0001.
 */
const text = sql`text collate "C"`;

export const dispensaryHours: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('dispensary_hours')
      .addColumn('dispensary_key', text, (col) => col.primaryKey())
      .addColumn('week', text, (col) => col.notNull())
      .addColumn('found_at', text, (col) => col.notNull())
      .execute();
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The phone number a dispensary's platform last stated (SQLite's 0011), with the same columns and
 * types, so that both engines run the same queries. Frozen once released, like 0001.
 */
const text = sql`text collate "C"`;

export const dispensaryPhones: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('dispensary_phones')
      .addColumn('dispensary_key', text, (col) => col.primaryKey())
      .addColumn('phone', text, (col) => col.notNull())
      .addColumn('found_at', text, (col) => col.notNull())
      .execute();
  },
};

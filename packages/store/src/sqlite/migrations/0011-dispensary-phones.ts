import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The phone number a dispensary's platform last stated (E.164, '+13145550123'), kept across
 * restarts like its hours, so it shows before the first scrape after a start.
 */
export const dispensaryPhones: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('dispensary_phones')
      .addColumn('dispensary_key', 'text', (col) => col.primaryKey())
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('found_at', 'text', (col) => col.notNull())
      .modifyEnd(sql`strict`)
      .execute();
  },
};

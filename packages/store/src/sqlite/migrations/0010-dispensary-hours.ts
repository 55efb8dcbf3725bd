import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The weekly hours a dispensary's platform last stated (the contract's WeeklyHours as JSON), kept
 * across restarts like its coordinates, so the hours show before the first scrape after a start.
 */
export const dispensaryHours: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('dispensary_hours')
      .addColumn('dispensary_key', 'text', (col) => col.primaryKey())
      .addColumn('week', 'text', (col) => col.notNull())
      .addColumn('found_at', 'text', (col) => col.notNull())
      .modifyEnd(sql`strict`)
      .execute();
  },
};

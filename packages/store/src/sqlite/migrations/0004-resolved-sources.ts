import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The menu source found on a dispensary's own website (the platform it embeds), kept so that a
 * site is looked at once, not at every start.
 */
export const resolvedSources: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('resolved_sources')
      .addColumn('dispensary_key', 'text', (col) => col.primaryKey())
      .addColumn('platform', 'text', (col) => col.notNull())
      .addColumn('platform_id', 'text')
      .addColumn('menu_url', 'text')
      .addColumn('specials_url', 'text')
      .addColumn('website', 'text')
      .addColumn('evidence', 'text', (col) => col.notNull())
      .addColumn('resolved_at', 'text', (col) => col.notNull())
      .modifyEnd(sql`strict`)
      .execute();
  },
};

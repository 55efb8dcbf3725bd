import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The answer last published per view of the whole deals list, kept so that a restart serves it
 * before the snapshots are read back (SQLite's 0005). Frozen once released, like 0001.
 */
const text = sql`text collate "C"`;

export const publishedViews: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('published_views')
      .addColumn('view', text, (col) => col.primaryKey())
      .addColumn('fingerprint', text, (col) => col.notNull())
      .addColumn('etag', text, (col) => col.notNull())
      .addColumn('body_br', 'bytea', (col) => col.notNull())
      .addColumn('published_at', text, (col) => col.notNull())
      .execute();
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/*
 * The first schema. A migration is frozen once released: it names its own values (the outcome
 * list below) instead of importing constants that may change later.
 * STRICT tables make SQLite refuse a value of the wrong type instead of storing it anyway.
 */
export const initial: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('snapshots')
      .addColumn('dispensary_key', 'text', (col) => col.primaryKey())
      .addColumn('scraped_at', 'text', (col) => col.notNull())
      .modifyEnd(sql`strict`)
      .execute();

    await db.schema
      .createTable('snapshot_deals')
      .addColumn('dispensary_key', 'text', (col) =>
        col.notNull().references('snapshots.dispensary_key').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('deal_key', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('snapshot_deals_pk', ['dispensary_key', 'position'])
      .modifyEnd(sql`strict`)
      .execute();

    await db.schema
      .createTable('deal_history')
      .addColumn('dispensary_key', 'text', (col) => col.notNull())
      .addColumn('deal_key', 'text', (col) => col.notNull())
      .addColumn('first_seen_at', 'text', (col) => col.notNull())
      .addColumn('last_seen_at', 'text', (col) => col.notNull())
      .addColumn('last_sale_price', 'real')
      .addPrimaryKeyConstraint('deal_history_pk', ['dispensary_key', 'deal_key'])
      .modifyEnd(sql`strict`)
      .execute();

    await db.schema
      .createTable('scrape_runs')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('dispensary_key', 'text', (col) => col.notNull())
      .addColumn('started_at', 'text', (col) => col.notNull())
      .addColumn('finished_at', 'text', (col) => col.notNull())
      .addColumn('outcome', 'text', (col) => col.notNull())
      .addColumn('transport', 'text')
      .addColumn('deal_count', 'integer', (col) => col.notNull())
      .addColumn('error', 'text')
      .addCheckConstraint(
        'scrape_runs_outcome',
        sql`outcome in ('ok', 'empty', 'blocked', 'schema-changed', 'not-found', 'timeout', 'retryable', 'aborted', 'error')`,
      )
      .addCheckConstraint('scrape_runs_transport', sql`transport in ('http', 'browser')`)
      .modifyEnd(sql`strict`)
      .execute();
    // The latest runs of one dispensary: for status and for pruning.
    await db.schema
      .createIndex('scrape_runs_by_dispensary')
      .on('scrape_runs')
      .columns(['dispensary_key', 'finished_at', 'id'])
      .execute();

    await db.schema
      .createTable('dispensary_locations')
      .addColumn('dispensary_key', 'text', (col) => col.primaryKey())
      .addColumn('lat', 'real', (col) => col.notNull())
      .addColumn('lng', 'real', (col) => col.notNull())
      .addColumn('found_at', 'text', (col) => col.notNull())
      .modifyEnd(sql`strict`)
      .execute();
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/*
 * The schema of SQLite's migrations 0001 to 0004, as PostgreSQL's first. Frozen once released,
 * like SQLite's: it names its own values instead of importing constants that may change later.
 *
 * Same types as on SQLite, so that both engines run the same queries: timestamps are ISO 8601 UTC
 * text, payloads are JSON text (checked by the repository, so that a damaged row is reported and
 * skipped rather than refused by a jsonb column). Every text column compares byte by byte (`C`),
 * as SQLite does: keys and timestamps sort the same whatever locale the database was created with.
 */
const text = sql`text collate "C"`;

export const initial: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('snapshots')
      .addColumn('dispensary_key', text, (col) => col.primaryKey())
      .addColumn('scraped_at', text, (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('snapshot_deals')
      .addColumn('dispensary_key', text, (col) =>
        col.notNull().references('snapshots.dispensary_key').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('deal_key', text, (col) => col.notNull())
      .addColumn('payload', text, (col) => col.notNull())
      .addPrimaryKeyConstraint('snapshot_deals_pk', ['dispensary_key', 'position'])
      .execute();
    // Pruning asks, per history row, whether a snapshot still lists its key.
    await db.schema
      .createIndex('snapshot_deals_by_key')
      .on('snapshot_deals')
      .columns(['dispensary_key', 'deal_key'])
      .execute();

    await db.schema
      .createTable('deal_history')
      .addColumn('dispensary_key', text, (col) => col.notNull())
      .addColumn('deal_key', text, (col) => col.notNull())
      .addColumn('first_seen_at', text, (col) => col.notNull())
      .addColumn('last_seen_at', text, (col) => col.notNull())
      .addColumn('last_sale_price', 'double precision')
      .addPrimaryKeyConstraint('deal_history_pk', ['dispensary_key', 'deal_key'])
      .execute();
    // Pruning walks the deal history from its oldest last sighting, never the whole table.
    await db.schema
      .createIndex('deal_history_by_last_seen')
      .on('deal_history')
      .column('last_seen_at')
      .execute();

    await db.schema
      .createTable('scrape_runs')
      .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('dispensary_key', text, (col) => col.notNull())
      .addColumn('started_at', text, (col) => col.notNull())
      .addColumn('finished_at', text, (col) => col.notNull())
      .addColumn('outcome', text, (col) => col.notNull())
      .addColumn('transport', text)
      .addColumn('deal_count', 'integer', (col) => col.notNull())
      .addColumn('error', text)
      .addCheckConstraint(
        'scrape_runs_outcome',
        sql`outcome in ('ok', 'empty', 'blocked', 'schema-changed', 'not-found', 'timeout', 'retryable', 'aborted', 'error')`,
      )
      .addCheckConstraint('scrape_runs_transport', sql`transport in ('http', 'browser')`)
      .execute();
    // The latest runs of one dispensary: for status and for pruning.
    await db.schema
      .createIndex('scrape_runs_by_dispensary')
      .on('scrape_runs')
      .columns(['dispensary_key', 'finished_at', 'id'])
      .execute();

    await db.schema
      .createTable('dispensary_locations')
      .addColumn('dispensary_key', text, (col) => col.primaryKey())
      .addColumn('lat', 'double precision', (col) => col.notNull())
      .addColumn('lng', 'double precision', (col) => col.notNull())
      .addColumn('found_at', text, (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('geocoded_addresses')
      .addColumn('address', text, (col) => col.primaryKey())
      .addColumn('lat', 'double precision')
      .addColumn('lng', 'double precision')
      .addColumn('geocoded_at', text, (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('resolved_sources')
      .addColumn('dispensary_key', text, (col) => col.primaryKey())
      .addColumn('platform', text, (col) => col.notNull())
      .addColumn('platform_id', text)
      .addColumn('menu_url', text)
      .addColumn('specials_url', text)
      .addColumn('website', text)
      .addColumn('evidence', text, (col) => col.notNull())
      .addColumn('resolved_at', text, (col) => col.notNull())
      .execute();
  },
};

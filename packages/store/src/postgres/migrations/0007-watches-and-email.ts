import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Watching one product, and following by email (SQLite's 0009), with the same columns and
 * types, so that both engines run the same queries. Frozen once released, like 0001.
 */
const text = sql`text collate "C"`;

export const watchesAndEmail: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('push_subscriptions')
      .addColumn('product_key', text)
      .addColumn('at_most_cents', 'integer')
      .addColumn('told_cents', 'integer')
      .execute();
    await db.schema
      .createTable('email_addresses')
      .addColumn('id', text, (col) => col.primaryKey())
      .addColumn('address', text, (col) => col.notNull().unique())
      .addColumn('token', text, (col) => col.notNull())
      .addColumn('created_at', text, (col) => col.notNull())
      .addColumn('confirmed_at', text)
      .addColumn('last_sent_at', text)
      .addColumn('sent_day', text)
      .addColumn('sent_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('retry_at', text)
      .execute();
    await db.schema
      .createTable('email_watches')
      .addColumn('id', text, (col) => col.primaryKey())
      .addColumn('address_id', text, (col) => col.notNull())
      .addColumn('search', text, (col) => col.notNull())
      .addColumn('product_key', text)
      .addColumn('at_most_cents', 'integer')
      .addColumn('cadence', text, (col) =>
        col.notNull().check(sql`cadence in ('instant', 'daily')`),
      )
      .addColumn('created_at', text, (col) => col.notNull())
      .addColumn('confirmed_at', text)
      .addColumn('confirm_hash', text)
      .addColumn('confirm_expires_at', text)
      .addColumn('watermark', text, (col) => col.notNull())
      .addColumn('last_sent_at', text)
      .addColumn('told_cents', 'integer')
      .addUniqueConstraint('email_watches_address_search', ['address_id', 'search'])
      .execute();
  },
};

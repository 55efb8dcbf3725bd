import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Watching one product, and following by email. A push subscription may watch a product (its
 * key across stores, at or below a price in cents) instead of a search, and remembers the lowest
 * price it last told of. Email: one row per address (its secret for the links its messages
 * carry, when it was confirmed and last sent a message, its messages counted per day) and its
 * watches, each a search or a product, confirmed one by one (only the confirmation token's hash
 * is kept, with when it expires). No IP address or user agent. Frozen once released.
 */
export const watchesAndEmail: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // SQLite adds one column per statement.
    await db.schema.alterTable('push_subscriptions').addColumn('product_key', 'text').execute();
    await db.schema
      .alterTable('push_subscriptions')
      .addColumn('at_most_cents', 'integer')
      .execute();
    await db.schema.alterTable('push_subscriptions').addColumn('told_cents', 'integer').execute();
    await db.schema
      .createTable('email_addresses')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('address', 'text', (col) => col.notNull().unique())
      .addColumn('token', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('confirmed_at', 'text')
      .addColumn('last_sent_at', 'text')
      .addColumn('sent_day', 'text')
      .addColumn('sent_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('retry_at', 'text')
      .modifyEnd(sql`strict`)
      .execute();
    await db.schema
      .createTable('email_watches')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('address_id', 'text', (col) => col.notNull())
      .addColumn('search', 'text', (col) => col.notNull())
      .addColumn('product_key', 'text')
      .addColumn('at_most_cents', 'integer')
      .addColumn('cadence', 'text', (col) =>
        col.notNull().check(sql`cadence in ('instant', 'daily')`),
      )
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('confirmed_at', 'text')
      .addColumn('confirm_hash', 'text')
      .addColumn('confirm_expires_at', 'text')
      .addColumn('watermark', 'text', (col) => col.notNull())
      .addColumn('last_sent_at', 'text')
      .addColumn('told_cents', 'integer')
      .addUniqueConstraint('email_watches_address_search', ['address_id', 'search'])
      .modifyEnd(sql`strict`)
      .execute();
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Browsers' Web Push subscriptions to followed searches (one per endpoint and search: the same
 * browser following the same search again replaces its row), and the service's VAPID key pair.
 * Nothing of who subscribed is kept. Frozen once released.
 */
export const pushSubscriptions: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('token_hash', 'text', (col) => col.notNull())
      .addColumn('endpoint', 'text', (col) => col.notNull())
      .addColumn('p256dh', 'text', (col) => col.notNull())
      .addColumn('auth', 'text', (col) => col.notNull())
      .addColumn('search', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('watermark', 'text', (col) => col.notNull())
      .addColumn('last_sent_at', 'text')
      .addColumn('retry_at', 'text')
      .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('expires_at', 'text')
      .addUniqueConstraint('push_subscriptions_endpoint_search', ['endpoint', 'search'])
      .modifyEnd(sql`strict`)
      .execute();
    await db.schema
      .createTable('push_keys')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('public_key', 'text', (col) => col.notNull())
      .addColumn('private_key', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .modifyEnd(sql`strict`)
      .execute();
  },
};

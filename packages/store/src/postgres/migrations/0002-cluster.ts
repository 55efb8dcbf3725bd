import { sql, type Kysely, type Migration } from 'kysely';

/*
 * What the processes of a cluster share beside the deals (apps/server/src/cluster/): when each
 * menu host last had a request from any of them, and the refresh rate limit's counters. Frozen
 * once released, like 0001.
 */
const text = sql`text collate "C"`;

export const cluster: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('host_turns')
      .addColumn('host', text, (col) => col.primaryKey())
      .addColumn('last_end_ms', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('refresh_limits')
      .addColumn('client', text, (col) => col.primaryKey())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addColumn('window_end_ms', 'bigint', (col) => col.notNull())
      .execute();
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Each observed product's market class and its hundredths of the class's unit (SQLite's 0011),
 * with the same columns and types, so that both engines run the same queries. Frozen once
 * released, like 0001.
 */
export const marketClasses: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('observed_products')
      .addColumn('market_class', sql`text collate "C"`)
      .addColumn('market_hundredths', 'integer')
      .execute();
  },
};

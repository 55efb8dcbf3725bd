import type { Kysely, Migration } from 'kysely';

/**
 * Each observed product's comparable market class (the domain's `marketClassOf`: 'flower-3.5g',
 * 'edibles-100mg') and how many hundredths of the class's unit it holds (100 for a sized class,
 * an edible's THC in mg, as its unit is 100 mg), so that a day's market prices are one read of
 * the day's observations. Null for a product of no class, and for those observed before a
 * scrape named their class. Frozen once released.
 */
export const marketClasses: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('observed_products').addColumn('market_class', 'text').execute();
    await db.schema
      .alterTable('observed_products')
      .addColumn('market_hundredths', 'integer')
      .execute();
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One price observation per dispensary, product and calendar day: the day's last sale price,
 * regular price and whether it was on a deal. Frozen once released.
 */
export const priceObservations: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('price_observations')
      .addColumn('dispensary_key', 'text', (col) => col.notNull())
      .addColumn('product_key', 'text', (col) => col.notNull())
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('sale_price', 'real', (col) => col.notNull())
      .addColumn('regular_price', 'real')
      .addColumn('on_deal', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('price_observations_pk', ['dispensary_key', 'product_key', 'day'])
      .addCheckConstraint('price_observations_on_deal', sql`on_deal in (0, 1)`)
      .modifyEnd(sql`strict`)
      .execute();
    // Pruning walks the observations from the oldest day, never the whole table.
    await db.schema
      .createIndex('price_observations_by_day')
      .on('price_observations')
      .column('day')
      .execute();
    // The per-dispensary row bound counts a dispensary's rows and finds its oldest days.
    await db.schema
      .createIndex('price_observations_by_dispensary_day')
      .on('price_observations')
      .columns(['dispensary_key', 'day'])
      .execute();
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Price observations in whole numbers, a tenth of the bytes a row of 0006's layout took: each
 * product named once in `observed_products` (an id per dispensary and product key), and each
 * observation keyed by (product id, day) in a WITHOUT ROWID table, so that one product's days lie
 * together in its pages and a history read steps into the key once, not once into an index and
 * again into the table for every row. The day is whole days since 1970-01-01, prices are cents
 * (see price-observation-values.ts); 0006's rows are copied over, prices rounded to the cent as
 * the store rounds them, and its table dropped. Frozen once released.
 */
export const compactPriceObservations: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('observed_products')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('dispensary_key', 'text', (col) => col.notNull())
      .addColumn('product_key', 'text', (col) => col.notNull())
      .addUniqueConstraint('observed_products_key', ['dispensary_key', 'product_key'])
      .modifyEnd(sql`strict`)
      .execute();
    // In key order, so that a dispensary's products have neighbouring ids.
    await sql`
      insert into observed_products (dispensary_key, product_key)
      select dispensary_key, product_key from price_observations
       group by dispensary_key, product_key
       order by dispensary_key, product_key`.execute(db);
    await sql`alter table price_observations rename to price_observations_by_key`.execute(db);
    await db.schema
      .createTable('price_observations')
      .addColumn('product_id', 'integer', (col) => col.notNull())
      .addColumn('day', 'integer', (col) => col.notNull())
      .addColumn('sale_cents', 'integer', (col) => col.notNull())
      .addColumn('regular_cents', 'integer')
      .addColumn('on_deal', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('price_observations_pk', ['product_id', 'day'])
      .addCheckConstraint('price_observations_on_deal', sql`on_deal in (0, 1)`)
      .modifyEnd(sql`strict, without rowid`)
      .execute();
    // 1970-01-01 is Julian day 2440587.5. Cents are rounded on the price's 15-digit decimal, as
    // `centsOf` rounds them (2.675 dollars is 268 cents); printf writes no null, so a missing
    // regular price is kept apart. Copied in key order, so each page fills.
    await sql`
      insert into price_observations (product_id, day, sale_cents, regular_cents, on_deal)
      select p.id,
             cast(julianday(o.day) - 2440587.5 as integer),
             cast(round(cast(printf('%.15g', o.sale_price * 100) as real)) as integer),
             case when o.regular_price is not null
                  then cast(round(cast(printf('%.15g', o.regular_price * 100) as real)) as integer)
             end,
             o.on_deal
        from price_observations_by_key o
        join observed_products p
          on p.dispensary_key = o.dispensary_key and p.product_key = o.product_key
       order by o.dispensary_key, o.product_key, o.day`.execute(db);
    await db.schema.dropTable('price_observations_by_key').execute();
    // Pruning walks the observations from the oldest day, never the whole table.
    await db.schema
      .createIndex('price_observations_by_day')
      .on('price_observations')
      .column('day')
      .execute();
  },
};

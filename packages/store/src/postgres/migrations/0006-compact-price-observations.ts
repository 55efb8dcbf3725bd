import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Price observations in whole numbers (SQLite's 0008): each product named once in
 * `observed_products` (an id per dispensary and product key), each observation keyed by
 * (product id, day), the day as whole days since 1970-01-01 and prices in cents (see
 * price-observation-values.ts). 0004's rows are copied over, prices rounded to the cent as the
 * store rounds them, and its table dropped. Frozen once released, like 0001.
 */
const text = sql`text collate "C"`;

export const compactPriceObservations: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('observed_products')
      .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('dispensary_key', text, (col) => col.notNull())
      .addColumn('product_key', text, (col) => col.notNull())
      .addUniqueConstraint('observed_products_key', ['dispensary_key', 'product_key'])
      .execute();
    // In key order, so that a dispensary's products have neighbouring ids.
    await sql`
      insert into observed_products (dispensary_key, product_key)
      select dispensary_key, product_key from price_observations
       group by dispensary_key, product_key
       order by dispensary_key, product_key`.execute(db);
    await sql`alter table price_observations rename to price_observations_by_key`.execute(db);
    // Four-byte columns first, so that no row pads between them.
    await db.schema
      .createTable('price_observations')
      .addColumn('product_id', 'integer', (col) => col.notNull())
      .addColumn('day', 'integer', (col) => col.notNull())
      .addColumn('sale_cents', 'integer', (col) => col.notNull())
      .addColumn('regular_cents', 'integer')
      .addColumn('on_deal', 'smallint', (col) => col.notNull())
      .addCheckConstraint('price_observations_on_deal', sql`on_deal in (0, 1)`)
      .execute();
    // Cents rounded on the price's 15-digit decimal (float8 to numeric), half away from zero, as
    // `centsOf` rounds them: 2.675 dollars is 268 cents.
    await sql`
      insert into price_observations (product_id, day, sale_cents, regular_cents, on_deal)
      select p.id,
             o.day::date - date '1970-01-01',
             round((o.sale_price * 100)::numeric)::integer,
             round((o.regular_price * 100)::numeric)::integer,
             o.on_deal
        from price_observations_by_key o
        join observed_products p
          on p.dispensary_key = o.dispensary_key and p.product_key = o.product_key`.execute(db);
    // Dropped before the new keys are made: 0004's key and indexes hold the same names.
    await db.schema.dropTable('price_observations_by_key').execute();
    await sql`
      alter table price_observations
        add constraint price_observations_pk primary key (product_id, day)`.execute(db);
    // Pruning walks the observations from the oldest day, never the whole table.
    await db.schema
      .createIndex('price_observations_by_day')
      .on('price_observations')
      .column('day')
      .execute();
  },
};

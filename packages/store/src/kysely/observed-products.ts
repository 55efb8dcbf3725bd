import { sql, type Kysely } from 'kysely';
import type { StoreDatabase } from './database';

// Two parameters a product at most: far below SQLite's 32,766 a statement and PostgreSQL's 65,535.
const PRODUCTS_PER_STATEMENT = 5_000;

/**
 * The id of each of `productKeys` at the dispensary, adding the products not kept yet. Call it
 * inside the write's transaction. A product another PostgreSQL process adds meanwhile is not
 * added twice: the insert skips it and the second read finds it.
 */
export async function productIds(
  trx: Kysely<StoreDatabase>,
  dispensaryKey: string,
  productKeys: readonly string[],
): Promise<Map<string, number>> {
  const keys = [...new Set(productKeys)];
  const ids = await readIds(trx, dispensaryKey, keys);
  const missing = keys.filter((key) => !ids.has(key));
  for (const part of chunks(missing)) {
    const added = await trx
      .insertInto('observed_products')
      .values(part.map((key) => ({ dispensary_key: dispensaryKey, product_key: key })))
      .onConflict((oc) => oc.columns(['dispensary_key', 'product_key']).doNothing())
      .returning(['id', 'product_key'])
      .execute();
    for (const row of added) ids.set(row.product_key, row.id);
  }
  if (ids.size < keys.length) {
    const raced = await readIds(
      trx,
      dispensaryKey,
      keys.filter((key) => !ids.has(key)),
    );
    for (const [key, id] of raced) ids.set(key, id);
  }
  return ids;
}

async function readIds(
  trx: Kysely<StoreDatabase>,
  dispensaryKey: string,
  keys: readonly string[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(keys)) {
    const rows = await trx
      .selectFrom('observed_products')
      .select(['id', 'product_key'])
      .where('dispensary_key', '=', dispensaryKey)
      .where('product_key', 'in', part)
      .execute();
    for (const row of rows) ids.set(row.product_key, row.id);
  }
  return ids;
}

/**
 * Deletes those of `candidates` (products whose observations were just deleted) that no
 * observation names any more: one step into the observations' key each, so the cost follows the
 * rows deleted, never the products kept.
 *
 * SQLite may give a deleted product's id to a product added later: no observation names it any
 * more, as its writes and deletes never overlap. PostgreSQL never gives an id again; there a
 * product another process observes again in the same instant may be deleted under its new row,
 * which is then read by no one and goes with its day's pruning. No foreign key guards against it:
 * one would be checked for every observation written, for the sake of a rare lost day.
 */
export async function deleteUnobservedProducts(
  trx: Kysely<StoreDatabase>,
  candidates: Iterable<number>,
): Promise<void> {
  for (const part of chunks([...new Set(candidates)])) {
    await trx
      .deleteFrom('observed_products')
      .where('id', 'in', part)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('price_observations')
              .select(sql<number>`1`.as('one'))
              .whereRef('price_observations.product_id', '=', 'observed_products.id'),
          ),
        ),
      )
      .execute();
  }
}

function* chunks<T>(items: readonly T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += PRODUCTS_PER_STATEMENT) {
    yield items.slice(start, start + PRODUCTS_PER_STATEMENT);
  }
}

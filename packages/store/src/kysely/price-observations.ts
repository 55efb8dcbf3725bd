import type { Kysely } from 'kysely';
import type { PriceObservation } from '../repository';
import type { StoreDatabase } from './database';

// Six parameters a row: SQLite binds at most 32,766 per statement (PostgreSQL 65,535), so a store
// result of up to 5,000 observations is one upsert; only a bigger one is split.
const ROWS_PER_UPSERT = 5_000;

/**
 * Upserts one dispensary's checked observations (one per product and day; see
 * `checkObservations`), a later one replacing the stored row of its product and day, then holds
 * the dispensary to `rowsKept` rows. Call it inside the snapshot's transaction.
 */
export async function writeObservations(
  trx: Kysely<StoreDatabase>,
  dispensaryKey: string,
  observations: readonly PriceObservation[],
  rowsKept: number,
): Promise<void> {
  if (observations.length === 0) return;
  const rows = observations.map((observation) => ({
    dispensary_key: dispensaryKey,
    product_key: observation.productKey,
    day: observation.day,
    sale_price: observation.salePrice,
    regular_price: observation.regularPrice,
    on_deal: observation.onDeal ? 1 : 0,
  }));
  const days = [...new Set(rows.map((row) => row.day))];
  const rowsBefore = await countRowsOfDays(trx, dispensaryKey, days);
  for (let start = 0; start < rows.length; start += ROWS_PER_UPSERT) {
    await trx
      .insertInto('price_observations')
      .values(rows.slice(start, start + ROWS_PER_UPSERT))
      .onConflict((oc) =>
        oc.columns(['dispensary_key', 'product_key', 'day']).doUpdateSet((eb) => ({
          sale_price: eb.ref('excluded.sale_price'),
          regular_price: eb.ref('excluded.regular_price'),
          on_deal: eb.ref('excluded.on_deal'),
        })),
      )
      .execute();
  }
  // Counting the whole dispensary walks up to the bound's rows (a million: some 150 ms on
  // SQLite), so it is done only when the write added rows: a scrape repeating the day's products
  // replaces rows and leaves the count as it was.
  if ((await countRowsOfDays(trx, dispensaryKey, days)) === rowsBefore) return;
  await boundObservations(trx, dispensaryKey, rowsKept, days.reduce(later));
}

/** The dispensary's rows of `days`: a short walk of the (dispensary, day) index. */
async function countRowsOfDays(
  trx: Kysely<StoreDatabase>,
  dispensaryKey: string,
  days: readonly string[],
): Promise<number> {
  const { rows } = await trx
    .selectFrom('price_observations')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('rows'))
    .where('dispensary_key', '=', dispensaryKey)
    .where('day', 'in', days)
    .executeTakeFirstOrThrow();
  return Number(rows);
}

const later = (a: string, b: string): string => (a > b ? a : b);

/**
 * Deletes the dispensary's oldest whole days while it holds more than `kept` rows, never
 * `newestDay` (the day just written): a chart keeps whole days, and the write keeps its rows.
 * Counting and finding the cut walk the (dispensary, day) index, not the table.
 */
async function boundObservations(
  trx: Kysely<StoreDatabase>,
  dispensaryKey: string,
  kept: number,
  newestDay: string,
): Promise<void> {
  const { rows } = await trx
    .selectFrom('price_observations')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('rows'))
    .where('dispensary_key', '=', dispensaryKey)
    .executeTakeFirstOrThrow();
  const excess = Number(rows) - kept;
  if (excess <= 0) return;
  // The day of the excess-th oldest row: every day up to it goes.
  const cut = await trx
    .selectFrom('price_observations')
    .select('day')
    .where('dispensary_key', '=', dispensaryKey)
    .orderBy('day')
    .limit(1)
    .offset(excess - 1)
    .executeTakeFirst();
  if (cut === undefined) return;
  await trx
    .deleteFrom('price_observations')
    .where('dispensary_key', '=', dispensaryKey)
    .where('day', '<=', cut.day)
    .where('day', '<', newestDay)
    .execute();
}

/** One query: the observations of `productKeys` from `sinceDay` on, by key, sorted by day. */
export async function readPriceHistory(
  db: Kysely<StoreDatabase>,
  dispensaryKey: string,
  productKeys: readonly string[],
  sinceDay: string,
): Promise<Map<string, PriceObservation[]>> {
  const history = new Map<string, PriceObservation[]>();
  if (productKeys.length === 0) return history;
  const rows = await db
    .selectFrom('price_observations')
    .select(['product_key', 'day', 'sale_price', 'regular_price', 'on_deal'])
    .where('dispensary_key', '=', dispensaryKey)
    .where('product_key', 'in', productKeys)
    .where('day', '>=', sinceDay)
    .orderBy('product_key')
    .orderBy('day')
    .execute();
  for (const row of rows) {
    const observation: PriceObservation = {
      productKey: row.product_key,
      day: row.day,
      salePrice: row.sale_price,
      regularPrice: row.regular_price,
      onDeal: row.on_deal === 1,
    };
    const list = history.get(row.product_key);
    if (list === undefined) history.set(row.product_key, [observation]);
    else list.push(observation);
  }
  return history;
}

/** Whether the table holds a row: one step into its primary key. */
export async function hasObservations(db: Kysely<StoreDatabase>): Promise<boolean> {
  const row = await db.selectFrom('price_observations').select('day').limit(1).executeTakeFirst();
  return row !== undefined;
}

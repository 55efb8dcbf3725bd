import { sql, type Kysely } from 'kysely';
import {
  centsOf,
  dayOfStored,
  dollarsOf,
  storedDay,
  storedDayReader,
} from '../price-observation-values';
import type { MarketObservation, ObservedMarket, PriceObservation } from '../repository';
import type { StoreDatabase } from './database';
import { deleteUnobservedProducts, productIds } from './observed-products';

/*
 * Price observations as both engines keep them: `price_observations` keyed by (product id, day)
 * (SQLite clusters the rows by that key, so one product's days are one run of a page or two), and
 * `observed_products` naming each product id's dispensary and product key. What each operation
 * walks: a write, the products' key index and one step into the observations per row; a history
 * read, the same; the per-dispensary bound, the dispensary's products and their rows; pruning,
 * the index by day.
 */

// Five parameters a row: SQLite binds at most 32,766 per statement (PostgreSQL 65,535), so a store
// result of up to 5,000 observations is one upsert; only a bigger one is split.
const ROWS_PER_UPSERT = 5_000;

type ObservationRow = StoreDatabase['price_observations'];

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
  const ids = await productIds(
    trx,
    dispensaryKey,
    observations.map((observation) => observation.productKey),
  );
  await keepMarkets(trx, ids, observations);
  const rows: ObservationRow[] = observations.map((observation) => ({
    product_id: ids.get(observation.productKey)!,
    day: storedDay(observation.day),
    sale_cents: centsOf(observation.salePrice),
    regular_cents: observation.regularPrice === null ? null : centsOf(observation.regularPrice),
    on_deal: observation.onDeal ? 1 : 0,
  }));
  const replaced = await countStored(trx, rows);
  for (let start = 0; start < rows.length; start += ROWS_PER_UPSERT) {
    await trx
      .insertInto('price_observations')
      .values(rows.slice(start, start + ROWS_PER_UPSERT))
      .onConflict((oc) =>
        oc
          .columns(['product_id', 'day'])
          .doUpdateSet((eb) => ({
            sale_cents: eb.ref('excluded.sale_cents'),
            regular_cents: eb.ref('excluded.regular_cents'),
            on_deal: eb.ref('excluded.on_deal'),
          }))
          // A day's later scrapes mostly repeat its prices: a row left as it is leaves its page
          // unwritten, where rewriting it would write a page per product (a product's days lie
          // together, so one store result's rows lie on as many pages as it has products).
          .where((eb) =>
            eb.or([
              eb(
                'price_observations.sale_cents',
                'is distinct from',
                eb.ref('excluded.sale_cents'),
              ),
              eb(
                'price_observations.regular_cents',
                'is distinct from',
                eb.ref('excluded.regular_cents'),
              ),
              eb('price_observations.on_deal', 'is distinct from', eb.ref('excluded.on_deal')),
            ]),
          ),
      )
      .execute();
  }
  // Counting the whole dispensary walks up to the bound's rows, so it is done only when the write
  // added rows: a scrape repeating the day's products replaces rows and leaves the count as it was.
  if (replaced === rows.length) return;
  await boundObservations(
    trx,
    dispensaryKey,
    rowsKept,
    rows.reduce((newest, row) => Math.max(newest, row.day), rows[0]!.day),
  );
}

/**
 * Sets the market class of each product whose observations name one other than it has (or give
 * null for one it has): one read of the products' classes by id, then one update per distinct
 * class, so a scrape repeating its products' classes writes nothing, and the first scrape after
 * the classes were added writes a statement per class, not per product. The latest observation
 * of a product decides.
 */
async function keepMarkets(
  trx: Kysely<StoreDatabase>,
  ids: ReadonlyMap<string, number>,
  observations: readonly PriceObservation[],
): Promise<void> {
  const named = new Map<number, ObservedMarket | null>();
  for (const { productKey, market } of observations) {
    if (market !== undefined) named.set(ids.get(productKey)!, market);
  }
  if (named.size === 0) return;
  const changed = new Map<string, { market: ObservedMarket | null; ids: number[] }>();
  const productIds = [...named.keys()];
  for (let start = 0; start < productIds.length; start += ROWS_PER_UPSERT) {
    const stored = await trx
      .selectFrom('observed_products')
      .select(['id', 'market_class', 'market_hundredths'])
      .where('id', 'in', productIds.slice(start, start + ROWS_PER_UPSERT))
      .execute();
    for (const row of stored) {
      const market = named.get(row.id)!;
      const hundredths = market === null ? null : Math.round(market.units * 100);
      if (
        row.market_class === (market?.marketClass ?? null) &&
        row.market_hundredths === hundredths
      )
        continue;
      const identity = JSON.stringify([market?.marketClass ?? null, hundredths]);
      const group = changed.get(identity);
      if (group) group.ids.push(row.id);
      else changed.set(identity, { market, ids: [row.id] });
    }
  }
  for (const { market, ids: changedIds } of changed.values()) {
    for (let start = 0; start < changedIds.length; start += ROWS_PER_UPSERT) {
      await trx
        .updateTable('observed_products')
        .set({
          market_class: market?.marketClass ?? null,
          market_hundredths: market === null ? null : Math.round(market.units * 100),
        })
        .where('id', 'in', changedIds.slice(start, start + ROWS_PER_UPSERT))
        .execute();
    }
  }
}

/** How many of `rows` (by product and day) are stored already: one key step each. */
async function countStored(
  trx: Kysely<StoreDatabase>,
  rows: readonly ObservationRow[],
): Promise<number> {
  const productsByDay = new Map<number, number[]>();
  for (const row of rows) {
    const products = productsByDay.get(row.day);
    if (products === undefined) productsByDay.set(row.day, [row.product_id]);
    else products.push(row.product_id);
  }
  let stored = 0;
  for (const [day, products] of productsByDay) {
    for (let start = 0; start < products.length; start += ROWS_PER_UPSERT) {
      const { count } = await trx
        .selectFrom('price_observations')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where('day', '=', day)
        .where('product_id', 'in', products.slice(start, start + ROWS_PER_UPSERT))
        .executeTakeFirstOrThrow();
      stored += Number(count);
    }
  }
  return stored;
}

/**
 * Deletes the dispensary's oldest whole days while it holds more than `kept` rows, never
 * `newestDay` (the day just written): a chart keeps whole days, and the write keeps its rows.
 * Counting walks the dispensary's products and their rows; only a dispensary over its bound has
 * its rows counted by day to find the cut.
 */
async function boundObservations(
  trx: Kysely<StoreDatabase>,
  dispensaryKey: string,
  kept: number,
  newestDay: number,
): Promise<void> {
  const { rows } = await observationsOf(trx, dispensaryKey)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('rows'))
    .executeTakeFirstOrThrow();
  const excess = Number(rows) - kept;
  if (excess <= 0) return;
  // Every day, the newest too: a bound on the day in the query would let SQLite's planner start
  // from the index by day and walk every dispensary's rows.
  const days = await observationsOf(trx, dispensaryKey)
    .select(['o.day', (eb) => eb.fn.countAll<number | string | bigint>().as('rows')])
    .groupBy('o.day')
    .orderBy('o.day')
    .execute();
  // The day of the excess-th oldest row: every day up to it goes, the newest never.
  let cut: number | null = null;
  let counted = 0;
  for (const { day, rows: rowsOfDay } of days) {
    if (day >= newestDay) break;
    cut = day;
    counted += Number(rowsOfDay);
    if (counted >= excess) break;
  }
  if (cut === null) return;
  const deleted = await trx
    .deleteFrom('price_observations')
    .where('product_id', 'in', (eb) =>
      eb.selectFrom('observed_products').select('id').where('dispensary_key', '=', dispensaryKey),
    )
    .where('day', '<=', cut)
    .returning('product_id')
    .execute();
  await deleteUnobservedProducts(
    trx,
    deleted.map((row) => row.product_id),
  );
}

/** The dispensary's observations, `o`, through its products, `p`. */
function observationsOf(trx: Kysely<StoreDatabase>, dispensaryKey: string) {
  return trx
    .selectFrom('observed_products as p')
    .innerJoin('price_observations as o', 'o.product_id', 'p.id')
    .where('p.dispensary_key', '=', dispensaryKey);
}

/**
 * Deletes up to `limit` observations of days before `beforeDay`, oldest first, and the products
 * left with none; answers how many observations. Call it inside a transaction. The index by day
 * starts the walk at the oldest rows; (product id, day) names each row.
 */
export async function pruneObservationsBatch(
  trx: Kysely<StoreDatabase>,
  beforeDay: string,
  limit: number,
): Promise<number> {
  const { rows } = await sql<{ product_id: number }>`
    delete from price_observations where (product_id, day) in (
      select product_id, day from price_observations
       where day < ${storedDay(beforeDay)} order by day limit ${limit})
    returning product_id`.execute(trx);
  await deleteUnobservedProducts(
    trx,
    rows.map((row) => row.product_id),
  );
  return rows.length;
}

/**
 * One query: the observations of `productKeys` from `sinceDay` on, by key, sorted by day. Through
 * Kysely, for PostgreSQL; SQLite reads the same rows its own way (sqlite/price-history.ts).
 */
export async function readPriceHistory(
  db: Kysely<StoreDatabase>,
  dispensaryKey: string,
  productKeys: readonly string[],
  sinceDay: string,
): Promise<Map<string, PriceObservation[]>> {
  if (productKeys.length === 0) return new Map();
  const rows = await observationsOf(db, dispensaryKey)
    .select(['p.product_key', 'o.day', 'o.sale_cents', 'o.regular_cents', 'o.on_deal'])
    .where('p.product_key', 'in', productKeys)
    .where('o.day', '>=', storedDay(sinceDay))
    .orderBy('p.product_key')
    .orderBy('o.day')
    .execute();
  return historyOf(
    rows.map((row) => [row.product_key, row.day, row.sale_cents, row.regular_cents, row.on_deal]),
  );
}

/** A history row as read: product key, stored day, sale and regular cents, on_deal. */
export type HistoryRow = [string, number, number, number | null, number];

/** The observations of `rows` (sorted by product key, then day) by product key. */
export function historyOf(rows: Iterable<HistoryRow>): Map<string, PriceObservation[]> {
  const history = new Map<string, PriceObservation[]>();
  const dayOf = storedDayReader();
  let key: string | undefined;
  let list: PriceObservation[] = [];
  for (const [productKey, day, saleCents, regularCents, onDeal] of rows) {
    if (productKey !== key) {
      key = productKey;
      list = [];
      history.set(productKey, list);
    }
    list.push({
      productKey,
      day: dayOf(day),
      salePrice: dollarsOf(saleCents),
      regularPrice: regularCents === null ? null : dollarsOf(regularCents),
      onDeal: onDeal === 1,
    });
  }
  return history;
}

/** A market row as read: dispensary key, market class, hundredths of its unit, sale cents. */
export type MarketRow = [string, string, number, number];

/**
 * One query: the classed products' observations of `day`, through the index by day. Through
 * Kysely, for PostgreSQL; SQLite reads the same rows its own way (sqlite/price-history.ts).
 */
export async function readMarketObservations(
  db: Kysely<StoreDatabase>,
  day: string,
): Promise<MarketObservation[]> {
  const rows = await db
    .selectFrom('price_observations as o')
    .innerJoin('observed_products as p', 'p.id', 'o.product_id')
    .select(['p.dispensary_key', 'p.market_class', 'p.market_hundredths', 'o.sale_cents'])
    .where('o.day', '=', storedDay(day))
    .where('p.market_class', 'is not', null)
    .where('p.market_hundredths', 'is not', null)
    .execute();
  return marketOf(
    rows.map((row) => [
      row.dispensary_key,
      row.market_class!,
      row.market_hundredths!,
      row.sale_cents,
    ]),
  );
}

export function marketOf(rows: readonly MarketRow[]): MarketObservation[] {
  return rows.map(([dispensaryKey, marketClass, hundredths, saleCents]) => ({
    dispensaryKey,
    marketClass,
    units: hundredths / 100,
    salePrice: dollarsOf(saleCents),
  }));
}

/** Whether the table holds a row: one step into its key. */
export async function hasObservations(db: Kysely<StoreDatabase>): Promise<boolean> {
  const row = await db
    .selectFrom('price_observations')
    .select('product_id')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The newest stored day, or null with no row: one step into the index by day. */
export async function newestObservationDay(db: Kysely<StoreDatabase>): Promise<string | null> {
  const row = await db
    .selectFrom('price_observations')
    .select('day')
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? null : dayOfStored(row.day);
}

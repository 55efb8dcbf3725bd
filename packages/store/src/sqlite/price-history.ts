import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../kysely/database';
import { historyOf, marketOf, type HistoryRow, type MarketRow } from '../kysely/price-observations';
import { storedDay } from '../price-observation-values';
import type { MarketObservation, PriceObservation } from '../repository';

/*
 * The price history read on SQLite. The rows lie together by product and day, so walking them
 * costs SQLite little (some 20 ms for the 300,000 rows of every deal's 30 days); what costs is
 * handing each row to JavaScript. better-sqlite3 hands rows as arrays for about 40% less than as
 * objects with named fields, which Kysely asks for, so the statement runs on the connection
 * itself, prepared once, with the keys as one JSON parameter: the same text for any count.
 */
const HISTORY = `
  select p.product_key, o.day, o.sale_cents, o.regular_cents, o.on_deal
    from observed_products p
    join price_observations o on o.product_id = p.id
   where p.dispensary_key = ?
     and p.product_key in (select value from json_each(?))
     and o.day >= ?
   order by p.product_key, o.day`;

export type PriceHistoryReader = (
  db: Kysely<StoreDatabase>,
  dispensaryKey: string,
  productKeys: readonly string[],
  sinceDay: string,
) => Promise<Map<string, PriceObservation[]>>;

/** One query on `connection`, taken through Kysely's queue so no transaction is open on it. */
export function sqlitePriceHistory(connection: BetterSqlite3.Database): PriceHistoryReader {
  let statement: BetterSqlite3.Statement | undefined;
  return (db, dispensaryKey, productKeys, sinceDay) => {
    if (productKeys.length === 0) return Promise.resolve(new Map());
    return db.connection().execute(() => {
      statement ??= connection.prepare(HISTORY).raw();
      const rows = statement.all(
        dispensaryKey,
        JSON.stringify(productKeys),
        storedDay(sinceDay),
      ) as HistoryRow[];
      return Promise.resolve(historyOf(rows));
    });
  };
}

const MARKET = `
  select p.dispensary_key, p.market_class, p.market_hundredths, o.sale_cents
    from price_observations o
    join observed_products p on p.id = o.product_id
   where o.day = ?
     and p.market_class is not null
     and p.market_hundredths is not null`;

export type MarketReader = (db: Kysely<StoreDatabase>, day: string) => Promise<MarketObservation[]>;

/** A day's market rows as arrays, one prepared statement, as the price history is read. */
export function sqliteMarketObservations(connection: BetterSqlite3.Database): MarketReader {
  let statement: BetterSqlite3.Statement | undefined;
  return (db, day) =>
    db.connection().execute(() => {
      statement ??= connection.prepare(MARKET).raw();
      return Promise.resolve(marketOf(statement.all(storedDay(day)) as MarketRow[]));
    });
}

import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseInspector, DealHistoryRow } from '../repository-contract';

/** Reads and damages an SQLite deals database behind the repository's back, as tests need. */
export function sqliteInspector(connection: () => BetterSqlite3.Database): DatabaseInspector {
  return {
    dealHistory(dispensaryKey) {
      const rows = connection()
        .prepare(
          `select deal_key as dealKey, first_seen_at as firstSeenAt, last_seen_at as lastSeenAt,
                  last_sale_price as lastSalePrice
             from deal_history where dispensary_key = ? order by deal_key`,
        )
        .all(dispensaryKey) as DealHistoryRow[];
      return Promise.resolve(rows);
    },
    scrapeRunCount(dispensaryKey) {
      const row = connection()
        .prepare('select count(*) as count from scrape_runs where dispensary_key = ?')
        .get(dispensaryKey) as { count: number };
      return Promise.resolve(row.count);
    },
    corruptDeal(dispensaryKey, position, payload) {
      const { changes } = connection()
        .prepare('update snapshot_deals set payload = ? where dispensary_key = ? and position = ?')
        .run(payload, dispensaryKey, position);
      if (changes !== 1) {
        return Promise.reject(new Error(`No stored deal ${position} of '${dispensaryKey}'`));
      }
      return Promise.resolve();
    },
    locationFoundAt(dispensaryKey) {
      const row = connection()
        .prepare('select found_at as foundAt from dispensary_locations where dispensary_key = ?')
        .get(dispensaryKey) as { foundAt: string } | undefined;
      return Promise.resolve(row?.foundAt ?? null);
    },
    observedProducts(dispensaryKey) {
      const keys = connection()
        .prepare(
          'select product_key from observed_products where dispensary_key = ? order by product_key',
        )
        .pluck()
        .all(dispensaryKey) as string[];
      return Promise.resolve(keys);
    },
  };
}

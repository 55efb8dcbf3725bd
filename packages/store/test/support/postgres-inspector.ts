import type pg from 'pg';
import type { DatabaseInspector, DealHistoryRow } from '../repository-contract';

/** Reads and damages a PostgreSQL deals database behind the repository's back, as tests need. */
export function postgresInspector(pool: pg.Pool): DatabaseInspector {
  return {
    async dealHistory(dispensaryKey) {
      const { rows } = await pool.query<DealHistoryRow>(
        `select deal_key as "dealKey", first_seen_at as "firstSeenAt",
                last_seen_at as "lastSeenAt", last_sale_price as "lastSalePrice"
           from deal_history where dispensary_key = $1 order by deal_key`,
        [dispensaryKey],
      );
      return rows;
    },
    async scrapeRunCount(dispensaryKey) {
      const { rows } = await pool.query<{ count: number }>(
        'select count(*)::int as count from scrape_runs where dispensary_key = $1',
        [dispensaryKey],
      );
      return rows[0]?.count ?? 0;
    },
    async corruptDeal(dispensaryKey, position, payload) {
      const { rowCount } = await pool.query(
        'update snapshot_deals set payload = $1 where dispensary_key = $2 and position = $3',
        [payload, dispensaryKey, position],
      );
      if (rowCount !== 1) throw new Error(`No stored deal ${position} of '${dispensaryKey}'`);
    },
    async locationFoundAt(dispensaryKey) {
      const { rows } = await pool.query<{ found_at: string }>(
        'select found_at from dispensary_locations where dispensary_key = $1',
        [dispensaryKey],
      );
      return rows[0]?.found_at ?? null;
    },
    async observedProducts(dispensaryKey) {
      const { rows } = await pool.query<{ product_key: string }>(
        'select product_key from observed_products where dispensary_key = $1 order by product_key',
        [dispensaryKey],
      );
      return rows.map((row) => row.product_key);
    },
  };
}

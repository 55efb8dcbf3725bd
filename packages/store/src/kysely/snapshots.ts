import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { decodeDeal } from '../deal-payload';
import type { CorruptRow, Snapshot } from '../repository';
import type { StoreDatabase } from './database';

/** A deal ready to store: its history key, its JSON, and what the history keeps of it. */
export interface StoredDeal {
  key: string;
  payload: string;
  salePrice: number | null;
}

// SQLite binds at most 32,766 parameters per statement, PostgreSQL 65,535; at 4 or 5 per row
// this stays far below. SQLite runs each statement on the caller's thread, so a turn of the event
// loop comes between them (see `eachChunk`).
const ROWS_PER_INSERT = 500;

/**
 * Replaces a snapshot and records its sightings, keeping at most `historyRows` history rows of
 * the dispensary. Call it inside a transaction.
 */
export async function writeSnapshot(
  trx: Kysely<StoreDatabase>,
  dispensaryKey: string,
  deals: readonly StoredDeal[],
  scrapedAt: string,
  historyRows: number,
): Promise<void> {
  await trx
    .insertInto('snapshots')
    .values({ dispensary_key: dispensaryKey, scraped_at: scrapedAt })
    .onConflict((oc) =>
      oc
        .column('dispensary_key')
        .doUpdateSet({ scraped_at: (eb) => eb.ref('excluded.scraped_at') }),
    )
    .execute();
  await trx.deleteFrom('snapshot_deals').where('dispensary_key', '=', dispensaryKey).execute();
  const rows = deals.map((deal, position) => ({
    dispensary_key: dispensaryKey,
    position,
    deal_key: deal.key,
    payload: deal.payload,
  }));
  for await (const chunk of eachChunk(rows)) {
    await trx.insertInto('snapshot_deals').values(chunk).execute();
  }
  await recordSightings(trx, dispensaryKey, deals, scrapedAt);
  await boundHistory(trx, dispensaryKey, historyRows);
}

/**
 * Deletes the dispensary's history rows last seen longest ago beyond `kept`. Counting walks the
 * primary key's prefix; the delete sorts only this dispensary's rows, and only when over.
 */
async function boundHistory(
  trx: Kysely<StoreDatabase>,
  dispensaryKey: string,
  kept: number,
): Promise<void> {
  const { rows } = await trx
    .selectFrom('deal_history')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('rows'))
    .where('dispensary_key', '=', dispensaryKey)
    .executeTakeFirstOrThrow();
  const excess = Number(rows) - kept;
  if (excess <= 0) return;
  await trx
    .deleteFrom('deal_history')
    .where('dispensary_key', '=', dispensaryKey)
    .where('deal_key', 'in', (eb) =>
      eb
        .selectFrom('deal_history')
        .select('deal_key')
        .where('dispensary_key', '=', dispensaryKey)
        .orderBy('last_seen_at')
        .limit(excess),
    )
    .execute();
}

/** A deal's sightings as the history keeps them: timestamps as UTC ISO text. */
export interface SightingRow {
  key: string;
  firstSeenAt: string;
  lastSeenAt: string;
  salePrice: number | null;
}

/**
 * Records sightings known from elsewhere than a snapshot, keeping at most `historyRows` history
 * rows of the dispensary. Call it inside a transaction.
 */
export async function writeSightings(
  trx: Kysely<StoreDatabase>,
  dispensaryKey: string,
  sightings: readonly SightingRow[],
  historyRows: number,
): Promise<void> {
  await upsertSightings(trx, dispensaryKey, sightings);
  await boundHistory(trx, dispensaryKey, historyRows);
}

async function recordSightings(
  trx: Kysely<StoreDatabase>,
  dispensaryKey: string,
  deals: readonly StoredDeal[],
  seenAt: string,
): Promise<void> {
  // One row per key: a snapshot may list a deal twice, and one statement must not upsert a row
  // twice (PostgreSQL refuses it). The later listing's sale price wins.
  const salePrices = new Map(deals.map((deal) => [deal.key, deal.salePrice]));
  const rows = [...salePrices].map(([key, salePrice]) => ({
    key,
    firstSeenAt: seenAt,
    lastSeenAt: seenAt,
    salePrice,
  }));
  await upsertSightings(trx, dispensaryKey, rows);
}

/** `sightings` hold each key once. */
async function upsertSightings(
  trx: Kysely<StoreDatabase>,
  dispensaryKey: string,
  sightings: readonly SightingRow[],
): Promise<void> {
  const rows = sightings.map((sighting) => ({
    dispensary_key: dispensaryKey,
    deal_key: sighting.key,
    first_seen_at: sighting.firstSeenAt,
    last_seen_at: sighting.lastSeenAt,
    last_sale_price: sighting.salePrice,
  }));
  for await (const chunk of eachChunk(rows)) {
    await trx
      .insertInto('deal_history')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['dispensary_key', 'deal_key']).doUpdateSet((eb) => ({
          // Never overwritten blindly: a snapshot stamped earlier than the stored sightings (a
          // slow scrape finishing late) must not move a first sighting later, a last sighting
          // earlier, or bring back an older sale price.
          // CASE rather than min/max: SQLite's two-argument min is PostgreSQL's least.
          first_seen_at: eb
            .case()
            .when('excluded.first_seen_at', '<', eb.ref('deal_history.first_seen_at'))
            .then(eb.ref('excluded.first_seen_at'))
            .else(eb.ref('deal_history.first_seen_at'))
            .end(),
          last_seen_at: eb
            .case()
            .when('excluded.last_seen_at', '>', eb.ref('deal_history.last_seen_at'))
            .then(eb.ref('excluded.last_seen_at'))
            .else(eb.ref('deal_history.last_seen_at'))
            .end(),
          last_sale_price: eb
            .case()
            .when('excluded.last_seen_at', '>=', eb.ref('deal_history.last_seen_at'))
            .then(eb.ref('excluded.last_sale_price'))
            .else(eb.ref('deal_history.last_sale_price'))
            .end(),
        })),
      )
      .execute();
  }
}

/**
 * Snapshots with their deals in order, one dispensary's or all. One statement, so that it sees
 * one committed state even while another connection writes.
 */
export async function readSnapshots(
  db: Kysely<StoreDatabase>,
  dispensaryKey: string | null,
  onCorruptRow: (row: CorruptRow) => void,
): Promise<Snapshot[]> {
  let query = db
    .selectFrom('snapshots as s')
    .leftJoin('snapshot_deals as d', 'd.dispensary_key', 's.dispensary_key')
    .leftJoin('deal_history as h', (join) =>
      join
        .onRef('h.dispensary_key', '=', 'd.dispensary_key')
        .onRef('h.deal_key', '=', 'd.deal_key'),
    )
    .select(['s.dispensary_key', 's.scraped_at', 'd.position', 'd.payload', 'h.first_seen_at'])
    .orderBy('s.dispensary_key')
    .orderBy('d.position');
  if (dispensaryKey !== null) query = query.where('s.dispensary_key', '=', dispensaryKey);
  const rows = await query.execute();

  const snapshots: Snapshot[] = [];
  let current: Snapshot | undefined;
  for (const row of rows) {
    if (current?.dispensaryKey !== row.dispensary_key) {
      current = { dispensaryKey: row.dispensary_key, deals: [], scrapedAt: row.scraped_at };
      snapshots.push(current);
    }
    // An empty snapshot joins to one row without a deal.
    if (row.position === null || row.payload === null) continue;
    const decoded = decodeDeal(row.payload);
    if (!decoded.ok) {
      onCorruptRow({
        dispensaryKey: row.dispensary_key,
        position: row.position,
        reason: decoded.reason,
      });
      continue;
    }
    current.deals.push(
      row.first_seen_at === null
        ? decoded.deal
        : { ...decoded.deal, firstSeenAt: row.first_seen_at },
    );
  }
  return snapshots;
}

/**
 * The rows `ROWS_PER_INSERT` at a time, a turn of the event loop before each but the first: an
 * engine that writes on the caller's thread (SQLite) then never holds requests up for a whole
 * store's rows, while the transaction keeps the write whole.
 */
async function* eachChunk<T>(rows: readonly T[]): AsyncGenerator<T[]> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    if (start > 0) await nextTurn();
    yield rows.slice(start, start + ROWS_PER_INSERT);
  }
}

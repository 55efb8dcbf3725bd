import type { Insertable, Kysely } from 'kysely';
import type { SourceHistory } from '../repository';
import type { ScrapeRunsTable, StoreDatabase } from './database';

/**
 * Adds a run and prunes that dispensary's runs to the newest `kept`, plus its latest success
 * so that `lastSuccessAt` survives an outage longer than `kept` runs. Call it inside a transaction.
 */
export async function insertScrapeRun(
  trx: Kysely<StoreDatabase>,
  run: Insertable<ScrapeRunsTable>,
  kept: number,
): Promise<void> {
  await trx.insertInto('scrape_runs').values(run).execute();
  const newest = trx
    .selectFrom('scrape_runs')
    .select('id')
    .where('dispensary_key', '=', run.dispensary_key)
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(kept);
  const latestSuccess = trx
    .selectFrom('scrape_runs')
    .select('id')
    .where('dispensary_key', '=', run.dispensary_key)
    .where('outcome', '=', 'ok')
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  await trx
    .deleteFrom('scrape_runs')
    .where('dispensary_key', '=', run.dispensary_key)
    .where('id', 'not in', newest)
    .where('id', 'not in', latestSuccess)
    .execute();
}

/** The latest run and latest success of each dispensary, in one statement (one consistent view). */
export async function readSourceHistories(
  db: Kysely<StoreDatabase>,
  dispensaryKey?: string,
): Promise<SourceHistory[]> {
  let query = db
    .selectFrom('scrape_runs as r')
    .select((eb) => [
      'r.dispensary_key',
      'r.finished_at',
      'r.outcome',
      'r.error',
      eb
        .selectFrom('scrape_runs as ok')
        .select((sub) => sub.fn.max('ok.finished_at').as('at'))
        .whereRef('ok.dispensary_key', '=', 'r.dispensary_key')
        .where('ok.outcome', '=', 'ok')
        .as('last_success_at'),
    ])
    .where('r.id', '=', (eb) =>
      eb
        .selectFrom('scrape_runs as latest')
        .select('latest.id')
        .whereRef('latest.dispensary_key', '=', 'r.dispensary_key')
        .orderBy('latest.finished_at', 'desc')
        .orderBy('latest.id', 'desc')
        .limit(1),
    )
    .orderBy('r.dispensary_key');
  if (dispensaryKey !== undefined) query = query.where('r.dispensary_key', '=', dispensaryKey);
  const rows = await query.execute();
  return rows.map((row) => ({
    dispensaryKey: row.dispensary_key,
    lastAttemptAt: row.finished_at,
    lastSuccessAt: row.last_success_at,
    lastOutcome: row.outcome,
    lastError: row.error,
  }));
}

import type PgBoss from 'pg-boss';

/** What a query through pg-boss's connection answers, as this module reads it. */
interface QueryRows<Row> {
  rows: Row[];
}

/** pg-boss keeps each queue's jobs in a table of their own: 'j' and the SHA-224 of its name. */
const JOB_TABLE = /^j[0-9a-f]{56}$/;

/**
 * The rule that makes a scrape asked anywhere in the cluster join the one queued or running:
 * at most one job per dispensary (its singleton key) in the states before an end (created,
 * retry, active), so a `send` while one is queued, waits for a retry or runs is refused
 * (pg-boss inserts with ON CONFLICT DO NOTHING and answers null). pg-boss 10's policies stop
 * short of it: `stately` lets one job wait behind the running one, which then scrapes again;
 * later majors call this policy `exclusive`, and need Node 22. It is a unique index on the
 * queue's own job table, which pg-boss's fetch, retry and expiry keep to: each moves one job
 * between those states, never adding a second.
 */
export function oneJobPerDispensarySql(schema: string, jobTable: string): string {
  return (
    `CREATE UNIQUE INDEX IF NOT EXISTS "${jobTable}_one" ON ${schema}."${jobTable}" ` +
    `(singleton_key) WHERE state <= 'active'`
  );
}

/**
 * Enforces the rule on the queue's job table (see `oneJobPerDispensarySql`); several processes
 * starting together may race to make it, and the loser finds it made. It fails while the table
 * holds two such jobs of one dispensary (left by a process that queued under `stately` alone):
 * the caller tries again once that one has run.
 */
export async function enforceOneJobPerDispensary(
  db: PgBoss.Db,
  schema: string,
  queue: string,
): Promise<void> {
  const found: QueryRows<{ partition_name?: unknown }> = await db.executeSql(
    `SELECT partition_name FROM ${schema}.queue WHERE name = $1`,
    [queue],
  );
  const jobTable = found.rows[0]?.partition_name;
  if (typeof jobTable !== 'string' || !JOB_TABLE.test(jobTable)) {
    throw new Error(`pg-boss has no job table for the queue '${queue}'`);
  }
  try {
    await db.executeSql(oneJobPerDispensarySql(schema, jobTable), []);
  } catch (error) {
    const made: QueryRows<{ made?: string | null }> = await db.executeSql(
      'SELECT to_regclass($1)::text AS made',
      [`${schema}."${jobTable}_one"`],
    );
    if (typeof made.rows[0]?.made !== 'string') throw error;
  }
}

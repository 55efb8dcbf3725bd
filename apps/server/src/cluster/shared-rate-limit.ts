import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

/** Expired counters are deleted after this many counts, so clients long gone leave no rows. */
const PRUNE_EVERY = 500;

/**
 * The refresh rate limit's counters in PostgreSQL (`refresh_limits`), so that a client's budget
 * is one across every API instance behind the load balancer. A fixed window per client, timed by
 * the database's clock (instances' clocks may differ); one statement per count, atomic under
 * concurrent instances. The push subscriptions' daily budget counts in the same table under keys
 * of its own (shared-client-days.ts).
 */
export function sharedRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  let counted = 0;
  const store: FastifyRateLimitStore = {
    incr(client, callback, timeWindow) {
      counted += 1;
      if (counted % PRUNE_EVERY === 0) pruneEndedWindows(pool).catch(() => {});
      countInWindow(pool, client, timeWindow)
        .then((window) => callback(null, window))
        .catch((error: unknown) => callback(error as Error));
    },
    child() {
      return store;
    },
  };
  // The plugin constructs its store from a class; this one closes over the pool instead.
  return function SharedRateLimitStore() {
    return store;
  } as unknown as FastifyRateLimitStoreCtor;
}

/** The database's time in ms, read once per statement. */
const NOW_MS = '(extract(epoch from statement_timestamp()) * 1000)::bigint';

/**
 * Counts one more for `key` in its fixed window of `windowMs` (a new window when none is open),
 * atomically under concurrent processes: the count so far and the ms left in the window.
 */
export async function countInWindow(
  pool: pg.Pool,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const {
    rows: [row],
  } = await pool.query<{ count: number; ttl: string }>(
    `INSERT INTO refresh_limits AS l (client, count, window_end_ms)
     VALUES ($1, 1, ${NOW_MS} + $2)
     ON CONFLICT (client) DO UPDATE SET
       count = CASE WHEN l.window_end_ms <= ${NOW_MS} THEN 1 ELSE l.count + 1 END,
       window_end_ms = CASE WHEN l.window_end_ms <= ${NOW_MS} THEN ${NOW_MS} + $2
                            ELSE l.window_end_ms END
     RETURNING count, window_end_ms - ${NOW_MS} AS ttl`,
    [key, windowMs],
  );
  return { current: row?.count ?? 1, ttl: Math.max(0, Number(row?.ttl ?? 0)) };
}

/** One less for `key` in its open window (a count given back); nothing when none is open. */
export async function uncountInWindow(pool: pg.Pool, key: string): Promise<void> {
  await pool.query(
    `UPDATE refresh_limits SET count = count - 1
      WHERE client = $1 AND count > 0 AND window_end_ms > ${NOW_MS}`,
    [key],
  );
}

/** Deletes the windows that have ended, so that clients long gone leave no rows. */
export async function pruneEndedWindows(pool: pg.Pool): Promise<void> {
  await pool.query(`DELETE FROM refresh_limits WHERE window_end_ms < ${NOW_MS}`);
}

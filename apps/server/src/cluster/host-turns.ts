import { setTimeout as sleep } from 'node:timers/promises';
import type { HostTurn, SharedHostTurns } from '@stl-deals/scraper';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** The first key of the advisory locks that stand for host turns (the second is the host's hash). */
const HOST_LOCKS = 0x5d_ea_15;

/** The database's now in epoch milliseconds: the cluster's one clock for host turns. */
const DATABASE_NOW_MS = '(extract(epoch FROM clock_timestamp()) * 1000)::bigint';

/** Between two tries for a turn another process holds: a request takes about this long or more. */
const RETRY_MS = { min: 50, max: 150 };

/**
 * Menu hosts' turns across the cluster: a session advisory lock per host, held on a connection
 * of `pool` for as long as the request keeps its turn (at most the http transport's turn, 10 s),
 * and the end of the cluster's last request to the host in `host_turns`, so that the pause
 * between requests holds whichever process sent the last one. That end is written and read on
 * PostgreSQL's clock, one for the whole cluster, and handed over as a span ('ended this long
 * ago'): the processes' clocks may differ or be stepped, and a stored end later than the
 * database's now (its clock stepped back) counts as now, so it costs one pause at most. While PostgreSQL cannot be reached
 * the process keeps only its own turns (logged once per outage): it cannot store what it scrapes
 * then anyway, and a lost lock must not stop every scrape.
 */
export function postgresHostTurns(pool: pg.Pool, logger: FastifyBaseLogger): SharedHostTurns {
  let unreachable = false;
  const localOnly: HostTurn = {
    sinceLastEndMs: Number.POSITIVE_INFINITY,
    release: () => Promise.resolve(),
  };

  return {
    async take(host, signal) {
      for (;;) {
        signal.throwIfAborted();
        let client: pg.PoolClient;
        try {
          client = await pool.connect();
        } catch (error) {
          if (!unreachable) logger.warn({ err: error }, 'host turns kept per process for now');
          unreachable = true;
          return localOnly;
        }
        unreachable = false;
        const turn = await tryTurn(client, host).catch((error: unknown) => {
          client.release(true);
          logger.warn({ err: error, host }, 'host turn not taken; this process keeps its own');
          return localOnly;
        });
        if (turn) return turn;
        client.release();
        // An abort rejects with the signal's reason, as the scraper's waits do.
        await sleep(RETRY_MS.min + Math.random() * (RETRY_MS.max - RETRY_MS.min), undefined, {
          signal,
        }).catch(() => signal.throwIfAborted());
      }
    },
  };
}

/** The host's turn on `client`, or null (the client left to the caller) when another has it. */
async function tryTurn(client: pg.PoolClient, host: string): Promise<HostTurn | null> {
  const { rows } = await client.query<{ locked: boolean }>(
    'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
    [HOST_LOCKS, host],
  );
  if (!rows[0]?.locked) return null;
  const last = await client.query<{ since_ms: string }>(
    `SELECT GREATEST(0, ${DATABASE_NOW_MS} - last_end_ms) AS since_ms
       FROM host_turns WHERE host = $1`,
    [host],
  );
  const since = last.rows[0]?.since_ms;
  return {
    sinceLastEndMs: since === undefined ? Number.POSITIVE_INFINITY : Number(since),
    async release(requested) {
      try {
        // The turn's holder alone writes, so the end written is the latest: a plain overwrite,
        // which also replaces an end a stepped clock put in the future.
        if (requested) {
          await client.query(
            `INSERT INTO host_turns (host, last_end_ms) VALUES ($1, ${DATABASE_NOW_MS})
             ON CONFLICT (host) DO UPDATE SET last_end_ms = EXCLUDED.last_end_ms`,
            [host],
          );
        }
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [HOST_LOCKS, host]);
        client.release();
      } catch {
        // A connection that failed may still hold the lock: closing it ends the session and so
        // the lock with it.
        client.release(true);
      }
    },
  };
}

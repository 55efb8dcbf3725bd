import { setTimeout as sleep } from 'node:timers/promises';
import type { HostTurn, SharedHostTurns } from '@stl-deals/scraper';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** The first key of the advisory locks that stand for host turns (the second is the host's hash). */
const HOST_LOCKS = 0x5d_ea_15;

/** Between two tries for a turn another process holds: a request takes about this long or more. */
const RETRY_MS = { min: 50, max: 150 };

/**
 * Menu hosts' turns across the cluster: a session advisory lock per host, held on a connection
 * of `pool` for as long as the request keeps its turn (at most the http transport's turn, 10 s),
 * and the end of the cluster's last request to the host in `host_turns`, so that the pause
 * between requests holds whichever process sent the last one. While PostgreSQL cannot be reached
 * the process keeps only its own turns (logged once per outage): it cannot store what it scrapes
 * then anyway, and a lost lock must not stop every scrape.
 */
export function postgresHostTurns(pool: pg.Pool, logger: FastifyBaseLogger): SharedHostTurns {
  let unreachable = false;
  const localOnly: HostTurn = {
    lastEndMs: Number.NEGATIVE_INFINITY,
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
  const last = await client.query<{ last_end_ms: string }>(
    'SELECT last_end_ms FROM host_turns WHERE host = $1',
    [host],
  );
  const lastEnd = last.rows[0]?.last_end_ms;
  return {
    lastEndMs: lastEnd === undefined ? Number.NEGATIVE_INFINITY : Number(lastEnd),
    async release(endMs) {
      try {
        if (Number.isFinite(endMs)) {
          await client.query(
            `INSERT INTO host_turns (host, last_end_ms) VALUES ($1, $2)
             ON CONFLICT (host) DO UPDATE SET last_end_ms = GREATEST(host_turns.last_end_ms, $2)`,
            [host, Math.round(endMs)],
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

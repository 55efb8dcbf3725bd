import pg from 'pg';
import { z } from 'zod';
import type { ScrapeEvent } from '../collection/collection';

/** The PostgreSQL channel every process of one database tells its scrapes on. */
export const SCRAPE_EVENTS_CHANNEL = 'stl_deals_scrapes';

/** Which process sent an event: its own are news to it only in part (see Cluster.follow). */
const from = z.string().min(1).max(64);

/** One schema for the channel's payloads: a database shared with others may carry anything. */
const ScrapeEventSchema = z.discriminatedUnion('kind', [
  z.object({
    from,
    kind: z.literal('started'),
    key: z.string().max(200),
    leaseUntil: z.iso.datetime(),
  }),
  z.object({
    from,
    kind: z.literal('finished'),
    key: z.string().max(200),
    result: z.enum(['refreshed', 'failed', 'skipped']),
    durationMs: z.number().nonnegative(),
    dealsFound: z.number().int().nonnegative().optional(),
    unconfigured: z.boolean(),
  }),
]);

/** An event as the channel carries it, with the id of the process that sent it. */
export type SentScrapeEvent = ScrapeEvent & { from: string };

/** A payload of the channel as an event, or null when it is none of ours. */
export function readScrapeEvent(payload: string | undefined): SentScrapeEvent | null {
  if (payload === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = ScrapeEventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Sends an event to every listening process, the sender included. */
export async function publishScrapeEvent(pool: pg.Pool, event: SentScrapeEvent): Promise<void> {
  await pool.query('SELECT pg_notify($1, $2)', [SCRAPE_EVENTS_CHANNEL, JSON.stringify(event)]);
}

export interface ScrapeEventsListenerOptions {
  url: string;
  onEvent: (event: SentScrapeEvent) => void;
  /**
   * Called once listening (again): events sent while this process was not listening are lost,
   * so the caller reads the store's state instead.
   */
  onListening: () => void;
  /** The connection was lost, or connecting again failed: no event comes until `onListening`. */
  onError: (error: unknown) => void;
  /** Between attempts to connect again. Default 1 s. */
  retryMs?: number;
}

export interface ScrapeEventsListener {
  close(): Promise<void>;
}

/**
 * LISTENs on the channel over a connection of its own, connecting again after any loss (a
 * restart of PostgreSQL, a dropped connection) for as long as it is open.
 */
export function listenToScrapeEvents(options: ScrapeEventsListenerOptions): ScrapeEventsListener {
  const retryMs = options.retryMs ?? 1_000;
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.url, application_name: 'stl-deals' });
    client = next;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (!closed) options.onError(error ?? new Error('the connection to the database ended'));
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      retry();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', ({ channel, payload }) => {
      if (channel !== SCRAPE_EVENTS_CHANNEL) return;
      const event = readScrapeEvent(payload);
      if (event) options.onEvent(event);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${SCRAPE_EVENTS_CHANNEL}`);
      if (closed) return void next.end().catch(() => undefined);
      options.onListening();
    } catch (error) {
      onLost(error);
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}

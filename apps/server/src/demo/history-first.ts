import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import { marketDay } from '../collection/market-day';
import {
  backfillPriceHistory,
  type PriceBackfill,
  type PriceBackfillOptions,
} from './price-backfill';

export type HistoryFirstOptions = Omit<PriceBackfillOptions, 'today' | 'signal'> & {
  clock: Clock;
};

/**
 * Makes demo mode's `app` fill its price history (`backfillPriceHistory`, of the days before the
 * market day it starts on) before its first pass: `startCollecting`, which the entry point calls
 * once the first visitor was served, awaits it, so the first list the pass publishes carries its
 * deals' price facts; the page is served from what the store kept meanwhile. A shutdown stops the
 * reading and waits for a write under way before the store closes.
 *
 * Answers the fill: run once, the same answer when called again; never rejects (a failure is
 * logged, and the demo goes on without the history).
 */
export function fillHistoryFirst(
  app: FastifyInstance,
  { clock, ...options }: HistoryFirstOptions,
): () => Promise<PriceBackfill | null> {
  const stopping = new AbortController();
  let filling: Promise<PriceBackfill | null> | undefined;
  const fill = () =>
    (filling ??= backfillPriceHistory({
      ...options,
      today: marketDay(clock.now()),
      signal: stopping.signal,
    }).catch((error: unknown) => {
      if (!stopping.signal.aborted) {
        options.logger.warn(
          { err: error },
          'the demo price history could not be filled; going on without it',
        );
      }
      return null;
    }));

  const startCollecting = app.startCollecting;
  app.startCollecting = async () => {
    await fill();
    // Shut down meanwhile: nothing is started.
    if (!stopping.signal.aborted) await startCollecting();
  };
  app.addHook('preClose', async () => {
    stopping.abort();
    await filling;
  });
  return fill;
}

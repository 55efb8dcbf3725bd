import type { Scraper } from '@stl-deals/scraper';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import { marketDay } from '../collection/market-day';
import {
  backfillPriceHistory,
  type PriceBackfill,
  type PriceBackfillOptions,
} from './price-backfill';

export type PriceHistoryFirstOptions = Omit<PriceBackfillOptions, 'today' | 'signal'> & {
  clock: Clock;
};

/**
 * Demo mode's price history filled before anything scrapes (see `backfillPriceHistory`): the
 * service keeps each product's window of past days once it has read it (its price facts), so a
 * scrape taken in while the history is being written would keep its store's windows without
 * those days for as long as the process runs.
 */
export interface PriceHistoryFirst {
  /**
   * Fills the history of the days before the market day it is first called on, once: called
   * again, the same answer. Null when the store held observations already. Never rejects (a
   * failure is logged, and the demo goes on without the history).
   */
  fill: () => Promise<PriceBackfill | null>;
  /**
   * Seconds the fill under way has left, from its pace so far (see `secondsLeftAt`); undefined
   * before it started, before its first day is read, and once it is over.
   */
  secondsLeft: () => number | undefined;
  /** `scraper`, its scrapes waiting for a fill under way (or until their own signal aborts). */
  gate: (scraper: Scraper) => Scraper;
  /**
   * Makes `app.startCollecting` (called by the entry point once the first visitor was served,
   * from what the store kept) fill first, so the first pass's first list carries its deals'
   * price facts; and a shutdown stop the fill, waiting for a write under way.
   */
  attach: (app: FastifyInstance) => void;
}

export function priceHistoryFirst({
  clock,
  ...options
}: PriceHistoryFirstOptions): PriceHistoryFirst {
  const stopping = new AbortController();
  let filling: Promise<PriceBackfill | null> | undefined;
  // How far the fill under way is: null before it starts and once it is over.
  let progress: { startedAt: number; read: number; days: number } | null = null;
  const fill = () => {
    if (filling) return filling;
    progress = { startedAt: performance.now(), read: 0, days: 0 };
    filling = backfillPriceHistory({
      ...options,
      today: marketDay(clock.now()),
      signal: stopping.signal,
      onProgress: (read, days) => {
        if (progress) Object.assign(progress, { read, days });
      },
    })
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) {
          options.logger.warn(
            { err: error },
            'the demo price history could not be filled; going on without it',
          );
        }
        return null;
      })
      .finally(() => {
        progress = null;
      });
    return filling;
  };

  return {
    fill,
    secondsLeft: () =>
      progress
        ? secondsLeftAt(performance.now() - progress.startedAt, progress.read, progress.days)
        : undefined,
    gate: (scraper) => ({
      async scrape(entry, signal) {
        if (filling) await until(filling, signal);
        return scraper.scrape(entry, signal);
      },
      hasMenuSource: (entry) => scraper.hasMenuSource(entry),
      resolveSource: (entry, signal) => scraper.resolveSource(entry, signal),
      fetchJsonInBrowser: (request, signal) => scraper.fetchJsonInBrowser(request, signal),
      close: () => scraper.close(),
    }),
    attach(app) {
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
    },
  };
}

/**
 * Seconds a fill has left at the pace of the days read so far, rounded up; undefined before the
 * first day is read (the threads' start is no pace); at least 1 while it runs. The writing after
 * the reading is left out: one write per store, under a second for the demo's two months.
 */
export function secondsLeftAt(elapsedMs: number, read: number, days: number): number | undefined {
  if (read <= 0 || days <= 0) return undefined;
  return Math.max(1, Math.ceil(((elapsedMs / read) * Math.max(days - read, 0)) / 1000));
}

/** Resolves once `work` settles, or rejects with the signal's reason once it aborts. */
async function until(work: Promise<unknown>, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  let stop: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    stop = () => reject(signal.reason as Error);
    signal.addEventListener('abort', stop, { once: true });
  });
  try {
    await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', stop!);
  }
}

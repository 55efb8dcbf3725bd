import { addDays } from '@stl-deals/domain';
import type { PlatformConfig } from '@stl-deals/scraper';
import type { DealSighting, DealsRepository, PriceObservation } from '@stl-deals/store';
import type { FastifyBaseLogger } from 'fastify';
import { menuObservations } from '../collection/menu-observations';
import { middayOf, type PastDeal } from './past-menu-prices';
import { readPastMenus, type SimulatedPlatformsOrigin } from './past-menus';

/**
 * The days of history demo mode starts with: two months, twice the price memory's 30-day window
 * (so the first day judged has a month behind its window too), two thirds of the 90-day chart.
 */
export const BACKFILL_DAYS = 60;

export interface PriceBackfillOptions {
  repository: Pick<
    DealsRepository,
    'hasPriceObservations' | 'recordObservations' | 'recordSightings'
  >;
  /** The demo's simulator, as its threads rebuild it. */
  simulated: SimulatedPlatformsOrigin;
  /** The scraper's platform configuration, as the demo's scraper has it. */
  platforms: PlatformConfig;
  /** The market day of the first live pass: the history ends the day before. */
  today: string;
  /** Default `BACKFILL_DAYS`. */
  days?: number;
  /** Threads reading the days (see `readPastMenus`). */
  threads?: number;
  /** Told after each day read: how many of the days are read. */
  onProgress?: (daysRead: number, days: number) => void;
  /** Stops the reading; the call then rejects with its reason, nothing written. */
  signal: AbortSignal;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** What a backfill wrote. */
export interface PriceBackfill {
  /** The first and last day written. */
  from: string;
  to: string;
  stores: number;
  observations: number;
  /** Deals whose first and last sighting were written. */
  sightings: number;
  /** Store days whose menu could not be read (none unless a platform's reader broke). */
  failedReads: number;
  ms: number;
}

/**
 * Demo mode's price history: the `days` market days before `today`, read from the simulator's
 * menus of those days the way a live scrape reads today's (the real adapters, so each product's
 * key is the one the live scrape keys it by), and written as the store's price observations. So
 * the first list the demo publishes already shows what a month of scrapes would: the lowest price
 * in 30 days, drops, inflated regular prices, the chart. The deals those menus listed are written
 * as sightings too (first and last day seen, at that day's reading time), so only a deal that
 * was not on the menus of those days is new to the first list, as after two months of scrapes.
 *
 * Runs only when the store holds no observation yet (a restarted demo keeps what it has and
 * answers null). Nothing is written until every day was read, each store's days then in one
 * write: a stop while reading leaves the store as it was, and the next start reads again.
 */
export async function backfillPriceHistory(
  options: PriceBackfillOptions,
): Promise<PriceBackfill | null> {
  const { repository, logger, signal, today } = options;
  const started = performance.now();
  if (await repository.hasPriceObservations()) return null;
  const count = options.days ?? BACKFILL_DAYS;
  const days = Array.from({ length: count }, (_, index) => addDays(today, index - count));
  logger.info({ from: days[0], to: days.at(-1) }, 'filling the demo price history');

  const byStore = new Map<string, PriceObservation[]>();
  const sightingsByStore = new Map<string, Map<string, Seen>>();
  let failedReads = 0;
  let failure: string | undefined;
  let daysRead = 0;
  await readPastMenus({
    ...options.simulated,
    platforms: options.platforms,
    days,
    ...(options.threads === undefined ? {} : { threads: options.threads }),
    signal,
    onDay: ({ day, stores }) => {
      for (const store of stores) {
        if ('failure' in store) {
          failedReads += 1;
          failure ??= `${store.key} on ${day}: ${store.failure}`;
          continue;
        }
        const { observations } = menuObservations(store.prices, day);
        const list = byStore.get(store.key);
        if (list) list.push(...observations);
        else byStore.set(store.key, observations);
        let seen = sightingsByStore.get(store.key);
        if (!seen) {
          seen = new Map<string, Seen>();
          sightingsByStore.set(store.key, seen);
        }
        noteSightings(seen, store.deals, day);
      }
      daysRead += 1;
      options.onProgress?.(daysRead, days.length);
    },
  });

  let observations = 0;
  let sightings = 0;
  for (const [key, list] of byStore) {
    signal.throwIfAborted();
    await repository.recordObservations(key, list);
    observations += list.length;
    const seen = [...(sightingsByStore.get(key)?.entries() ?? [])].map(
      ([dealKey, { first, last, salePrice }]): DealSighting => ({
        dealKey,
        firstSeenAt: middayOf(first),
        lastSeenAt: middayOf(last),
        salePrice,
      }),
    );
    await repository.recordSightings(key, seen);
    sightings += seen.length;
  }
  const backfill: PriceBackfill = {
    from: days[0]!,
    to: days.at(-1)!,
    stores: byStore.size,
    observations,
    sightings,
    failedReads,
    ms: Math.round(performance.now() - started),
  };
  if (failure !== undefined) {
    logger.warn({ failedReads, first: failure }, 'some simulated menus of past days were not read');
  }
  logger.info(backfill, 'demo price history filled from the simulated past days');
  return backfill;
}

/** A deal's first and last day on the past menus, and its sale price on the last. */
interface Seen {
  first: string;
  last: string;
  salePrice: number | null;
}

/** Adds one day's deals to a store's sightings; the days come in no set order. */
function noteSightings(seen: Map<string, Seen>, deals: readonly PastDeal[], day: string): void {
  for (const deal of deals) {
    const before = seen.get(deal.key);
    if (!before) {
      seen.set(deal.key, { first: day, last: day, salePrice: deal.salePrice });
      continue;
    }
    if (day < before.first) before.first = day;
    if (day >= before.last) {
      before.last = day;
      before.salePrice = deal.salePrice;
    }
  }
}

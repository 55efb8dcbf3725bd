import {
  addDays,
  effectivePrice,
  isNewDeal,
  MarketSchema,
  priceMemoryCard,
  type CacheStatus,
  type Deal,
  type DealPriceHistory,
} from '@stl-deals/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { marketDay } from '../src/collection/market-day';
import { buildDemo, type Demo } from '../src/demo/build-demo';
import { loadDemoConfig } from '../src/demo/demo-config';
import { middayOf } from '../src/demo/past-menu-prices';
import { BACKFILL_DAYS } from '../src/demo/price-backfill';
import { secondsLeftAt } from '../src/demo/price-history-first';
import { silentLogger, tempDir, TestClock } from './support/harness';

/*
 * Demo mode's price history, end to end: a fresh data folder gets two months of simulated days
 * before the first pass, the first list then shows every line of the price memory, and a second
 * start on the same folder keeps what it has.
 */

const DATA_DIR = tempDir('stl-deals-demo-history-');
/** A Friday afternoon in St. Louis, for the service and the simulator alike. */
const clock = new TestClock(Date.parse('2026-11-20T21:00:00Z'));
const TODAY = marketDay(clock.now());

let demo: Demo | undefined;

async function startDemo(): Promise<Demo> {
  const { service, demo: settings } = loadDemoConfig({
    DATA_DIR,
    WEB_DIST: tempDir('no-web-dist-'),
    DEMO_SEED: 'demo-backfill-test',
    DEMO_SIMULATOR_PORT: '0',
    // The challenged stores would need Chromium; the history does not depend on the transport.
    DEMO_CHALLENGED: 'none',
    // A scrape asked for during the fill waits for it, within its own time limit.
    SCRAPE_TIMEOUT_S: '900',
  });
  demo = await buildDemo({ config: service, settings, logger: silentLogger, clock });
  return demo;
}

afterAll(async () => {
  await demo?.app.close();
});

async function dealsOf(app: FastifyInstance): Promise<Deal[]> {
  return (await app.inject({ url: '/api/reactive/deals' })).json<Deal[]>();
}

async function historyOf(app: FastifyInstance, id: string): Promise<DealPriceHistory> {
  const answer = await app.inject({ url: `/api/deals/${encodeURIComponent(id)}/history` });
  expect(answer.statusCode).toBe(200);
  return answer.json<DealPriceHistory>();
}

/** The price memory line the card shows for a deal's facts, as the page reads them (null: none). */
function lineOf(deal: Deal): string | null {
  const price = deal.salePrice ?? effectivePrice(deal)?.each;
  if (price === undefined || deal.discountCheck === undefined) return null;
  if (deal.discountCheck === 'unknown') return 'unknown';
  const card = priceMemoryCard({
    day: TODAY,
    price,
    daysSeen: 0,
    lowest30d: deal.lowest30d ?? null,
    usualPrice: deal.usualPrice ?? null,
    previousPrice: deal.previousPrice ?? null,
    priceChangedAt: deal.priceChangedAt ?? null,
    discountCheck: deal.discountCheck,
  });
  return card?.kind ?? null;
}

describe('secondsLeftAt', () => {
  it.each([
    // elapsed ms, days read, days, seconds left
    [0, 0, 60, undefined],
    [4_000, 0, 60, undefined],
    [2_000, 1, 60, 118],
    [30_000, 30, 60, 30],
    [59_000, 59, 60, 1],
    [60_000, 60, 60, 1],
  ])('after %i ms with %i of %i days read: %s s', (elapsed, read, days, left) => {
    expect(secondsLeftAt(elapsed, read, days)).toBe(left);
  });
});

describe('demo price history', () => {
  let longest: { id: string; points: number } = { id: '', points: 0 };

  it('fills two months before the first pass, whose list then shows every price memory line and dates its deals first seen', async () => {
    const { app, simulator, fillPriceHistory } = await startDemo();
    const filling = fillPriceHistory();
    // While it fills, nothing is scraped, and the first load's estimate is the fill's pace.
    let during: CacheStatus | undefined;
    let over = false;
    void filling.then(() => (over = true));
    while (!over && during?.etaSeconds === undefined) {
      during = (await app.inject({ url: '/api/monitoring/scraper/status' })).json<CacheStatus>();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(during).toMatchObject({ ready: false, progress: { done: 0, total: 39 } });
    expect(during!.etaSeconds).toBeGreaterThanOrEqual(1);
    // A visitor's refresh during the fill: its scrape waits until the history is written (the
    // store's website may be looked at meanwhile, which is no scrape of its menu).
    const visited = simulator.registry.dispensaries.find((entry) => entry.platform === 'dutchie')!;
    const refreshed = app.collection.refresh(visited.key);
    const filled = await filling;
    expect(simulator.requestCount({ dispensary: visited.key, platform: 'dutchie' })).toBe(0);
    await refreshed;
    // The entry point's start: the history first (filled already), then the schedule's first pass.
    await app.startCollecting();
    expect(await fillPriceHistory()).toBe(filled);
    expect(filled).toMatchObject({
      from: addDays(TODAY, -BACKFILL_DAYS),
      to: addDays(TODAY, -1),
      stores: 39,
      failedReads: 0,
    });
    expect(filled!.observations).toBeGreaterThan(39 * BACKFILL_DAYS * 30);
    await app.collection.refreshAll().finished;

    // The St. Louis market's line: the filled days' classed prices, every class with enough
    // stores today having a median on each of the days before it (a month's trend).
    const market = MarketSchema.parse((await app.inject({ url: '/api/market' })).json());
    const enough = market.classes.filter((each) => each.today?.enough);
    expect(enough.length).toBeGreaterThan(0);
    for (const each of enough) {
      expect(each.series, each.id).toHaveLength(BACKFILL_DAYS + 1);
      expect(each.trendPercent, each.id).not.toBeNull();
    }

    const deals = await dealsOf(app);
    // The visitor's store too: its deals were judged against the history.
    const judged = deals.filter(
      (deal) => deal.dispensaryKey === visited.key && deal.discountCheck !== undefined,
    );
    expect(judged.some((deal) => deal.discountCheck !== 'unknown')).toBe(true);
    const lines = new Map<string | null, number>();
    for (const deal of deals) lines.set(lineOf(deal), (lines.get(lineOf(deal)) ?? 0) + 1);
    for (const line of ['lowest-in-30-days', 'price-dropped', 'unknown']) {
      expect(lines.get(line) ?? 0, line).toBeGreaterThan(0);
    }
    // And a claimed regular price the history corrects ('Usual $X' in its place).
    expect(deals.some((deal) => deal.discountCheck === 'inflated')).toBe(true);

    // A deal on the menus of the filled days was first seen on one of them (at that day's
    // reading time): only a deal new to today's menus is 'New' on the first list.
    const filledTimes = new Set(
      Array.from({ length: BACKFILL_DAYS }, (_, at) =>
        middayOf(addDays(TODAY, at - BACKFILL_DAYS)).toISOString(),
      ),
    );
    const datedEarlier = deals.filter(
      (deal) => deal.firstSeenAt !== undefined && filledTimes.has(deal.firstSeenAt),
    );
    const fresh = deals.filter((deal) => isNewDeal(deal, clock.now().getTime()));
    expect(datedEarlier.length).toBeGreaterThan(deals.length / 2);
    expect(fresh.length).toBeLessThan(deals.length / 2);
    expect(deals.every((deal) => deal.firstSeenAt !== undefined)).toBe(true);
    // Seen the first filled day: on the menu since before the history.
    expect(
      datedEarlier.some((deal) => deal.firstSeenAt === middayOf(filled!.from).toISOString()),
    ).toBe(true);
    console.info(
      `demo first list: ${deals.length} deals, ${datedEarlier.length} first seen on a filled day, ${fresh.length} new`,
    );

    // The deals' products are found under the keys the history was written with: today's
    // point from the live pass, and the 60 days before it from the simulated ones.
    for (const deal of deals.filter((each) => each.discountCheck !== undefined).slice(0, 40)) {
      const { points } = await historyOf(app, deal.id!);
      if (points.length > longest.points) longest = { id: deal.id!, points: points.length };
    }
    const { points } = await historyOf(app, longest.id);
    expect(points).toHaveLength(BACKFILL_DAYS + 1);
    expect(points[0]!.day).toBe(addDays(TODAY, -BACKFILL_DAYS));
    expect(points.at(-1)!.day).toBe(TODAY);
  }, 300_000);

  it('is not filled again by a second start on the same data folder', async () => {
    await demo!.app.close();
    const { app, fillPriceHistory } = await startDemo();
    // Null: the store said it holds observations, and nothing was read or written.
    expect(await fillPriceHistory()).toBeNull();
    expect((await historyOf(app, longest.id)).points).toHaveLength(BACKFILL_DAYS + 1);
  }, 60_000);
});

import { join } from 'node:path';
import { addDays, MARKET_MIN_STORES, MarketSchema } from '@stl-deals/domain';
import { openSqliteRepository, type PriceObservation } from '@stl-deals/store';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { MARKET_MAX_AGE_MS } from '../src/market/market-book';
import { MARKET_CACHE_CONTROL } from '../src/routes/market';
import { feedRegistry, startApp, tempDir, TestClock } from './support/harness';
import { startFeedServer } from './support/feed-server';

// 2026-11-21T18:00Z is noon in St. Louis: the market day is the 21st.
const TODAY = '2026-11-21';
const eighth = { marketClass: 'flower-3.5g', units: 1 };
const edible = { marketClass: 'edibles-100mg', units: 2.5 };

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

function observation(
  n: number,
  day: string,
  salePrice: number,
  market: PriceObservation['market'],
): PriceObservation {
  return { productKey: `id:p${n}`, day, salePrice, regularPrice: salePrice, onDeal: false, market };
}

async function marketApp(
  write: (repository: Awaited<ReturnType<typeof openSqliteRepository>>) => Promise<void>,
) {
  const dataDir = tempDir();
  const repository = await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') });
  await write(repository);
  const feed = await startFeedServer();
  const clock = new TestClock();
  const app = await startApp({ registry: feedRegistry(feed, []), dataDir, repository, clock });
  apps.push(app);
  return { app, clock, repository, close: () => feed.close() };
}

describe('GET /api/market', () => {
  it("answers each class's market from the recorded menu prices of every store", async () => {
    const { app, close } = await marketApp(async (repository) => {
      for (let store = 0; store < MARKET_MIN_STORES; store++) {
        await repository.recordObservations(`store-${store}`, [
          // Eighths at 30, 32, ... 38 today; 40 a month ago, so the median fell.
          observation(1, TODAY, 30 + 2 * store, eighth),
          observation(1, addDays(TODAY, -29), 40, eighth),
          // A product of no class, and an edible priced per its 250 mg.
          observation(2, TODAY, 99, null),
          ...(store < 2 ? [observation(3, TODAY, 45, edible)] : []),
        ]);
      }
    });
    const response = await app.inject('/api/market');
    await close();

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(MARKET_CACHE_CONTROL);
    const market = MarketSchema.parse(response.json());
    expect(market.day).toBe(TODAY);
    expect(market.minStores).toBe(MARKET_MIN_STORES);
    const of = (id: string) => market.classes.find((each) => each.id === id)!;
    expect(of('flower-3.5g')).toEqual({
      id: 'flower-3.5g',
      label: '1/8 oz flower',
      category: 'flower',
      today: { median: 34, low: 30, high: 38, stores: 5, products: 5, enough: true },
      trendPercent: -15,
      series: [
        { day: addDays(TODAY, -29), median: 40 },
        { day: TODAY, median: 34 },
      ],
    });
    // Two stores: figures, but no line, as the median is not yet the market's.
    expect(of('edibles-100mg')).toMatchObject({
      today: { median: 18, low: 18, high: 18, stores: 2, products: 2, enough: false },
      trendPercent: null,
      series: [],
    });
    expect(of('vapes-1g').today).toBeNull();
    expect(market.claimedDiscounts).toEqual([]);
  });

  it('computes the market at most every few minutes, not per request', async () => {
    const { app, clock, repository, close } = await marketApp(async (repository) => {
      await repository.recordObservations('store-0', [observation(1, TODAY, 30, eighth)]);
    });
    const median = async () =>
      MarketSchema.parse((await app.inject('/api/market')).json()).classes[1]!.today?.median;
    expect(await median()).toBe(30);
    await repository.recordObservations('store-1', [observation(1, TODAY, 40, eighth)]);
    expect(await median()).toBe(30);
    clock.advance(MARKET_MAX_AGE_MS);
    expect(await median()).toBe(35);
    await close();
  });
});

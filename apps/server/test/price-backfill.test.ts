import { addDays, type PriceObservation } from '@stl-deals/domain';
import type { DealSighting } from '@stl-deals/store';
import { ADAPTERS, loadRegistry, type Registry } from '@stl-deals/scraper';
import {
  assignPlatforms,
  SIMULATED_PLATFORM_NAMES,
  startSimulator,
  type Simulator,
} from '@stl-deals/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { middayOf } from '../src/demo/past-menu-prices';
import { backfillPriceHistory, type PriceBackfillOptions } from '../src/demo/price-backfill';
import { silentLogger } from './support/harness';

const SEED = 'price-backfill-test';
const TODAY = '2026-11-20';

let registry: Registry;
let simulator: Simulator;

beforeAll(async () => {
  const scraped = SIMULATED_PLATFORM_NAMES.filter((platform) => ADAPTERS[platform]);
  registry = assignPlatforms(await loadRegistry(), scraped);
  simulator = await startSimulator({ registry, seed: SEED });
});
afterAll(() => simulator?.stop());

/** A store that records what it is given, holding observations from the start when told. */
function fakeStore(holds = false) {
  const written = new Map<string, PriceObservation[]>();
  const sighted = new Map<string, DealSighting[]>();
  return {
    written,
    sighted,
    repository: {
      hasPriceObservations: () => Promise.resolve(holds || written.size > 0),
      recordObservations: (key: string, observations: readonly PriceObservation[]) => {
        written.set(key, [...observations]);
        return Promise.resolve();
      },
      recordSightings: (key: string, sightings: readonly DealSighting[]) => {
        sighted.set(key, [...sightings]);
        return Promise.resolve();
      },
    },
  };
}

function options(
  repository: PriceBackfillOptions['repository'],
  more: Partial<PriceBackfillOptions> = {},
): PriceBackfillOptions {
  return {
    repository,
    simulated: { registry, seed: SEED, base: simulator.url },
    platforms: simulator.platforms,
    today: TODAY,
    days: 3,
    threads: 2,
    signal: new AbortController().signal,
    logger: silentLogger,
    ...more,
  };
}

describe('backfillPriceHistory', () => {
  it('writes each store its days before today, read on threads', async () => {
    const { repository, written, sighted } = fakeStore();
    const filled = await backfillPriceHistory(options(repository));

    const days = [addDays(TODAY, -3), addDays(TODAY, -2), addDays(TODAY, -1)];
    expect(filled).toMatchObject({ from: days[0], to: days[2], stores: 39, failedReads: 0 });
    expect([...written.keys()].sort()).toEqual(registry.dispensaries.map(({ key }) => key).sort());
    let total = 0;
    for (const observations of written.values()) {
      expect(new Set(observations.map(({ day }) => day))).toEqual(new Set(days));
      total += observations.length;
    }
    expect(filled!.observations).toBe(total);

    // And each store's deals of those days, first and last seen at a day's reading time.
    expect([...sighted.keys()].sort()).toEqual([...written.keys()].sort());
    const times = new Set(days.map((day) => middayOf(day).getTime()));
    let sightings = 0;
    for (const list of sighted.values()) {
      expect(new Set(list.map(({ dealKey }) => dealKey)).size).toBe(list.length);
      for (const { firstSeenAt, lastSeenAt } of list) {
        expect(times.has(firstSeenAt.getTime()) && times.has(lastSeenAt.getTime())).toBe(true);
        expect(firstSeenAt <= lastSeenAt).toBe(true);
      }
      sightings += list.length;
    }
    expect(sightings).toBeGreaterThan(39);
    expect(filled!.sightings).toBe(sightings);
    // Most deals were on the menu all three days: first seen on the first, last on the last.
    const all = [...sighted.values()].flat();
    const throughout = all.filter(
      ({ firstSeenAt, lastSeenAt }) =>
        firstSeenAt.getTime() === middayOf(days[0]!).getTime() &&
        lastSeenAt.getTime() === middayOf(days[2]!).getTime(),
    );
    expect(throughout.length).toBeGreaterThan(all.length / 2);
  }, 120_000);

  it('reads nothing when the store holds observations already', async () => {
    const { repository, written } = fakeStore(true);
    // A signal already aborted would fail any read: none is made.
    const stopped = AbortSignal.abort(new Error('no read expected'));
    expect(await backfillPriceHistory(options(repository, { signal: stopped }))).toBeNull();
    expect(written.size).toBe(0);
  });

  it('writes nothing when stopped while reading', async () => {
    const { repository, written, sighted } = fakeStore();
    const stopping = new AbortController();
    const filling = backfillPriceHistory(
      options(repository, { days: 30, signal: stopping.signal }),
    );
    setTimeout(() => stopping.abort(new Error('stopped')), 200);
    await expect(filling).rejects.toThrow('stopped');
    expect(written.size).toBe(0);
    expect(sighted.size).toBe(0);
  }, 60_000);
});

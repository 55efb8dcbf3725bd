/**
 * `npx tsx bench/price-observations.ts`: what writing one store result's price observations
 * costs on SQLite, against a budget of 50 ms for 1,000 observations. Measures `replaceSnapshot`
 * of an empty snapshot with 1,000 observations (wall time, the write lock's hold) on a fresh
 * database, then on a dispensary filled to the default bound of 1,000,000 rows (400 days of
 * 2,500 products), where each write also counts the dispensary's rows and the first write of a
 * new day drops the oldest day.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  openSqliteRepository,
  type DealsRepository,
  type PriceObservation,
} from '@stl-deals/store';
import { fixed, median } from './stats';

const OBSERVATIONS = 1_000;
const RUNS = 21;
const BUDGET_MS = 50;
const FILLED_DAYS = 400;
const FILLED_PRODUCTS = 2_500;
const SCRAPED_AT = new Date('2025-03-01T12:00:00.000Z');

function observations(count: number, day: string, salt: number): PriceObservation[] {
  return Array.from({ length: count }, (_, n) => ({
    productKey: `dutchie:grove:product-${n}`,
    day,
    salePrice: 20 + ((n + salt) % 50),
    regularPrice: 30 + (n % 50),
    onDeal: (n + salt) % 3 === 0,
  }));
}

/** 'YYYY-MM-DD' of `offset` days after 2024-01-01. */
function dayOf(offset: number): string {
  return new Date(Date.UTC(2024, 0, 1 + offset)).toISOString().slice(0, 10);
}

/** Wall milliseconds of each of RUNS writes of OBSERVATIONS on `day` (the first on a new day). */
async function timeWrites(repository: DealsRepository, day: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const batch = observations(OBSERVATIONS, day, run);
    const started = performance.now();
    await repository.replaceSnapshot('grove', [], SCRAPED_AT, batch);
    times.push(performance.now() - started);
  }
  return times;
}

function report(label: string, times: readonly number[]): void {
  const verdict = median(times) <= BUDGET_MS ? 'within' : 'OVER';
  console.log(
    `${label}: first ${fixed(times[0] ?? 0)} ms, median ${fixed(median(times))} ms, max ${fixed(Math.max(...times))} ms (${verdict} the ${BUDGET_MS} ms budget)`,
  );
}

async function main(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'stl-deals-observations-'));
  try {
    const repository = await openSqliteRepository({ file: join(folder, 'deals.db') });
    // Warm-up on another dispensary: the statements and the file, not the numbers.
    await repository.replaceSnapshot(
      'warm',
      [],
      SCRAPED_AT,
      observations(OBSERVATIONS, dayOf(0), 0),
    );
    report(`${OBSERVATIONS} observations, fresh database`, await timeWrites(repository, dayOf(0)));

    for (let day = 0; day < FILLED_DAYS; day++) {
      await repository.replaceSnapshot(
        'grove',
        [],
        SCRAPED_AT,
        observations(FILLED_PRODUCTS, dayOf(day), day),
      );
    }
    report(
      `${OBSERVATIONS} observations, dispensary at ${FILLED_DAYS * FILLED_PRODUCTS} rows, a new day`,
      await timeWrites(repository, dayOf(FILLED_DAYS)),
    );
    await repository.close();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

await main();

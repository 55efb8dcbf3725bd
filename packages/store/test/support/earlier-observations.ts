import type { Kysely, MigrationProvider } from 'kysely';
import { Migrator } from 'kysely';
import { expect } from 'vitest';
import type { DealsRepository, PriceObservation } from '../../src/repository';

/*
 * Price observations as the layout before the compact one held them (one row per dispensary key,
 * product key and 'YYYY-MM-DD' day, prices as floats), written into a database migrated up to
 * that layout, and what the repository must read back once it has migrated the database on.
 */

/** A row of the earlier `price_observations`. */
interface EarlierRow {
  dispensary_key: string;
  product_key: string;
  day: string;
  sale_price: number;
  regular_price: number | null;
  on_deal: number;
}

const EARLIER_ROWS: readonly EarlierRow[] = [
  row('grove', 'product-1', '2025-02-28', 11.5, 20, 1),
  row('grove', 'product-1', '2025-03-01', 19.99, 20, 0),
  // Float noise, and half a cent: kept as the store keeps cents (19.99 and 2.68).
  row('grove', 'product-2', '2025-03-01', 19.990000000000002, null, 0),
  row('grove', 'product-3', '2024-02-29', 2.675, 1_000_000, 1),
  row('grove', 'product-3', '1969-12-31', 0, 0, 0),
  // The same product key at another dispensary is another product.
  row('fields', 'product-1', '2025-03-01', 7, 9.5, 1),
  row('fields', 'k'.repeat(100), '2025-02-27', 1_000_000, null, 1),
];

function row(
  dispensary_key: string,
  product_key: string,
  day: string,
  sale_price: number,
  regular_price: number | null,
  on_deal: number,
): EarlierRow {
  return { dispensary_key, product_key, day, sale_price, regular_price, on_deal };
}

/**
 * Migrates `db` up to `lastEarlier` (the last migration before the compact layout) and writes
 * the earlier rows into it.
 */
export async function writeEarlierObservations(
  db: Kysely<unknown>,
  provider: MigrationProvider,
  lastEarlier: string,
): Promise<void> {
  const outcome = await new Migrator({ db, provider }).migrateTo(lastEarlier);
  if (outcome.error !== undefined)
    throw new Error('Could not migrate to the earlier layout', { cause: outcome.error });
  await (db as Kysely<{ price_observations: EarlierRow }>)
    .insertInto('price_observations')
    .values([...EARLIER_ROWS])
    .execute();
}

function observed(
  productKey: string,
  day: string,
  salePrice: number,
  regularPrice: number | null,
  onDeal: boolean,
): PriceObservation {
  return { productKey, day, salePrice, regularPrice, onDeal };
}

/**
 * Reads the earlier rows back through `repository`, then writes over and prunes them as its own:
 * a product of the earlier rows keeps its id (a new day and a replaced day land on its history),
 * pruning counts them, and a pruned product's key starts a new history.
 */
export async function expectEarlierObservationsMoved(repository: DealsRepository): Promise<void> {
  expect(await repository.hasPriceObservations()).toBe(true);
  expect(
    await repository.priceHistory(
      'grove',
      ['product-1', 'product-2', 'product-3', 'product-9'],
      '1969-01-01',
    ),
  ).toEqual(
    new Map([
      [
        'product-1',
        [
          observed('product-1', '2025-02-28', 11.5, 20, true),
          observed('product-1', '2025-03-01', 19.99, 20, false),
        ],
      ],
      ['product-2', [observed('product-2', '2025-03-01', 19.99, null, false)]],
      [
        'product-3',
        [
          observed('product-3', '1969-12-31', 0, 0, false),
          observed('product-3', '2024-02-29', 2.68, 1_000_000, true),
        ],
      ],
    ]),
  );
  expect(
    await repository.priceHistory('fields', ['product-1', 'k'.repeat(100)], '2025-01-01'),
  ).toEqual(
    new Map([
      ['product-1', [observed('product-1', '2025-03-01', 7, 9.5, true)]],
      ['k'.repeat(100), [observed('k'.repeat(100), '2025-02-27', 1_000_000, null, true)]],
    ]),
  );

  await repository.recordObservations('grove', [
    observed('product-1', '2025-03-01', 18, 20, true),
    observed('product-1', '2025-03-02', 17, 20, true),
  ]);
  expect(await repository.priceHistory('grove', ['product-1'], '2025-02-28')).toEqual(
    new Map([
      [
        'product-1',
        [
          observed('product-1', '2025-02-28', 11.5, 20, true),
          observed('product-1', '2025-03-01', 18, 20, true),
          observed('product-1', '2025-03-02', 17, 20, true),
        ],
      ],
    ]),
  );
  // Before 2025-03-01: grove's 2025-02-28, 2024-02-29 and 1969-12-31, fields' 2025-02-27.
  expect(await repository.pruneObservations('2025-03-01', { batchRows: 2 })).toBe(4);
  expect(await repository.priceHistory('grove', ['product-3'], '1900-01-01')).toEqual(new Map());
  await repository.recordObservations('grove', [observed('product-3', '2025-03-02', 3, 4, false)]);
  expect(await repository.priceHistory('grove', ['product-3'], '1900-01-01')).toEqual(
    new Map([['product-3', [observed('product-3', '2025-03-02', 3, 4, false)]]]),
  );
}

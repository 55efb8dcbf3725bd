import type { Deal } from '@stl-deals/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dealKey } from '../src/deal-key';
import type {
  CorruptRow,
  DealsRepository,
  PriceObservation,
  RepositoryOptions,
  PublishedView,
  ResolvedSource,
  ScrapeOutcome,
  ScrapeRun,
} from '../src/repository';
import { sampleDeal, sampleDeals } from './support/deals';

/*
 * The behaviour every `DealsRepository` engine promises, as one suite that each engine runs
 * against its own databases. An engine supplies fresh databases and a few ways to look at and
 * damage one from outside the repository (what the interface does not expose: the deal history's
 * last sightings, the count of stored runs, a stored row to corrupt).
 */

export interface DealHistoryRow {
  dealKey: string;
  firstSeenAt: string;
  lastSeenAt: string;
  lastSalePrice: number | null;
}

export interface DatabaseInspector {
  dealHistory(dispensaryKey: string): Promise<DealHistoryRow[]>;
  scrapeRunCount(dispensaryKey: string): Promise<number>;
  /** Overwrites one stored deal's payload, as disk damage or a bad manual edit would. */
  corruptDeal(dispensaryKey: string, position: number, payload: string): Promise<void>;
  /** When the stored location of a dispensary was found, as stored; null when none is. */
  locationFoundAt(dispensaryKey: string): Promise<string | null>;
  /** The product keys the price observations name at a dispensary (their product ids'), sorted. */
  observedProducts(dispensaryKey: string): Promise<string[]>;
}

/** One empty database for one test. */
export interface ContractDatabase {
  /** Opens a repository on this database; on a persistent engine, again after a close. */
  open(options?: RepositoryOptions): Promise<DealsRepository>;
  inspect: DatabaseInspector;
  /** Closes whatever is still open and deletes the database. */
  dispose(): Promise<void>;
}

export interface ContractEngine {
  name: string;
  /** Whether data outlives the repository that wrote it (not so for an in-memory database). */
  persistent: boolean;
  createDatabase(): Promise<ContractDatabase>;
}

const T1 = new Date('2025-03-01T10:00:00.000Z');
const T2 = new Date('2025-03-01T10:30:00.000Z');
const T3 = new Date('2025-03-01T11:00:00.000Z');

// Every outcome, checked by the compiler to be complete.
const ALL_OUTCOMES: Record<ScrapeOutcome, true> = {
  ok: true,
  empty: true,
  blocked: true,
  'schema-changed': true,
  'not-found': true,
  timeout: true,
  retryable: true,
  aborted: true,
  error: true,
};

function run(overrides: Partial<ScrapeRun> & Pick<ScrapeRun, 'finishedAt'>): ScrapeRun {
  return {
    dispensaryKey: 'grove',
    startedAt: overrides.finishedAt,
    outcome: 'ok',
    transport: 'http',
    dealCount: 3,
    error: null,
    ...overrides,
  };
}

/** An observation of product `n` on `day`, its prices from `n`. */
function observed(
  n: number,
  day: string,
  overrides: Partial<PriceObservation> = {},
): PriceObservation {
  return {
    productKey: `product-${n}`,
    day,
    salePrice: 20 + n,
    regularPrice: 30 + n,
    onDeal: true,
    ...overrides,
  };
}

/** Observations of products 0 to count - 1 on `day`. */
function observedMany(count: number, day: string): PriceObservation[] {
  return Array.from({ length: count }, (_, n) => observed(n, day));
}

function seenAt(deals: readonly Deal[], at: Date): Deal[] {
  return deals.map((deal) => ({ ...deal, firstSeenAt: at.toISOString() }));
}

export function repositoryContract(engine: ContractEngine): void {
  // A store that forgets on close (':memory:') has no restart to test: those tests are not registered.
  const itWhenPersistent = engine.persistent ? it : () => undefined;

  describe(`DealsRepository contract: ${engine.name}`, () => {
    let database: ContractDatabase;
    let repository: DealsRepository;

    beforeEach(async () => {
      database = await engine.createDatabase();
      repository = await database.open();
    });

    afterEach(async () => {
      await database.dispose();
    });

    async function restart(): Promise<void> {
      await repository.close();
      repository = await database.open();
    }

    it('starts empty', async () => {
      expect(await repository.loadSnapshots()).toEqual([]);
      expect(await repository.getSnapshot('grove')).toBeNull();
      expect(await repository.sourceHistories()).toEqual([]);
      expect(await repository.loadDispensaryLocations()).toEqual(new Map());
    });

    it('stores a snapshot and serves it back, firstSeenAt from the deal history', async () => {
      const deals = sampleDeals(3);

      const stored = await repository.replaceSnapshot('grove', deals, T1);

      const expected = {
        dispensaryKey: 'grove',
        deals: seenAt(deals, T1),
        scrapedAt: T1.toISOString(),
      };
      expect(stored).toEqual(expected);
      expect(await repository.getSnapshot('grove')).toEqual(expected);
      expect(await repository.loadSnapshots()).toEqual([expected]);
    });

    it('replaces a snapshot: the second wins, a deal seen again keeps its first sighting', async () => {
      await repository.replaceSnapshot('grove', [sampleDeal(1), sampleDeal(2)], T1);
      const again = sampleDeal(2, { salePrice: 9, price: '$9' });

      const stored = await repository.replaceSnapshot('grove', [again, sampleDeal(3)], T2);

      expect(stored.deals).toEqual([
        { ...again, firstSeenAt: T1.toISOString() },
        { ...sampleDeal(3), firstSeenAt: T2.toISOString() },
      ]);
      expect(stored.scrapedAt).toBe(T2.toISOString());
      expect(await repository.getSnapshot('grove')).toEqual(stored);
      expect(await database.inspect.dealHistory('grove')).toEqual([
        {
          dealKey: 'dutchie:grove:1',
          firstSeenAt: T1.toISOString(),
          lastSeenAt: T1.toISOString(),
          lastSalePrice: 11,
        },
        {
          dealKey: 'dutchie:grove:2',
          firstSeenAt: T1.toISOString(),
          lastSeenAt: T2.toISOString(),
          lastSalePrice: 9,
        },
        {
          dealKey: 'dutchie:grove:3',
          firstSeenAt: T2.toISOString(),
          lastSeenAt: T2.toISOString(),
          lastSalePrice: 13,
        },
      ]);
    });

    it('never moves a first sighting later, nor a last sighting or its sale price earlier', async () => {
      await repository.replaceSnapshot('grove', [sampleDeal(1, { salePrice: 8 })], T2);
      // A slow scrape that finished before the one already stored.
      const stored = await repository.replaceSnapshot('grove', [sampleDeal(1)], T1);

      expect(stored.deals[0]?.firstSeenAt).toBe(T1.toISOString());
      expect(await database.inspect.dealHistory('grove')).toMatchObject([
        { firstSeenAt: T1.toISOString(), lastSeenAt: T2.toISOString(), lastSalePrice: 8 },
      ]);
    });

    it("records sightings known from elsewhere: a snapshot's deals then keep the earlier first sighting", async () => {
      const key = dealKey('grove', sampleDeal(1));
      await repository.recordSightings('grove', [
        { dealKey: key, firstSeenAt: T1, lastSeenAt: T1, salePrice: 7 },
        // The same key again within the call: the earliest first and the latest last sighting.
        { dealKey: key, firstSeenAt: T2, lastSeenAt: T2, salePrice: 8 },
      ]);
      // No snapshot is written: only the history knows the deal.
      expect(await repository.getSnapshot('grove')).toBeNull();
      expect(await database.inspect.dealHistory('grove')).toEqual([
        {
          dealKey: key,
          firstSeenAt: T1.toISOString(),
          lastSeenAt: T2.toISOString(),
          lastSalePrice: 8,
        },
      ]);

      const stored = await repository.replaceSnapshot('grove', [sampleDeal(1), sampleDeal(2)], T3);
      expect(stored.deals.map((deal) => deal.firstSeenAt)).toEqual([
        T1.toISOString(),
        T3.toISOString(),
      ]);
      // A sighting recorded later never moves the first one later nor the last one earlier.
      await repository.recordSightings('grove', [
        { dealKey: key, firstSeenAt: T2, lastSeenAt: T2, salePrice: 1 },
      ]);
      expect(await database.inspect.dealHistory('grove')).toMatchObject([
        { dealKey: key, firstSeenAt: T1.toISOString(), lastSeenAt: T3.toISOString() },
        { firstSeenAt: T3.toISOString() },
      ]);
    });

    it('records no sighting of a call with a bad one, naming it', async () => {
      const good = { dealKey: 'dutchie:grove:1', firstSeenAt: T1, lastSeenAt: T2, salePrice: 5 };
      const bad: Array<[Partial<typeof good>, RegExp]> = [
        [{ dealKey: '' }, /Deal sighting 1 of dispensary 'grove': dealKey must be 1 to 100/],
        [{ dealKey: 'x'.repeat(101) }, /dealKey must be 1 to 100 characters/],
        [{ firstSeenAt: new Date(Number.NaN) }, /firstSeenAt is not a valid date/],
        [{ firstSeenAt: T3 }, /lastSeenAt .* is before firstSeenAt/],
        [{ salePrice: -1 }, /salePrice must be a number from 0/],
      ];
      for (const [change, message] of bad) {
        await expect(
          repository.recordSightings('grove', [good, { ...good, ...change }]),
        ).rejects.toThrow(message);
      }
      expect(await database.inspect.dealHistory('grove')).toEqual([]);
      await repository.recordSightings('grove', []);
      expect(await database.inspect.dealHistory('grove')).toEqual([]);
    });

    it('keeps the deals in the order given, across more rows than one insert holds', async () => {
      const deals = sampleDeals(1234).reverse();

      await repository.replaceSnapshot('grove', deals, T1);

      const titles = (await repository.getSnapshot('grove'))?.deals.map((deal) => deal.title);
      expect(titles).toEqual(deals.map((deal) => deal.title));
    });

    it('keeps dispensaries apart, even when their deals share an id', async () => {
      const shared = sampleDeal(1, { id: 'shared-id' });
      await repository.replaceSnapshot('grove', [shared], T1);
      await repository.replaceSnapshot('fields', [shared, sampleDeal(2)], T2);

      await repository.replaceSnapshot('grove', [sampleDeal(5)], T3);

      expect(await repository.getSnapshot('fields')).toEqual({
        dispensaryKey: 'fields',
        deals: seenAt([shared, sampleDeal(2)], T2),
        scrapedAt: T2.toISOString(),
      });
      const snapshots = await repository.loadSnapshots();
      expect(snapshots.map((snapshot) => snapshot.dispensaryKey)).toEqual(['fields', 'grove']);
    });

    it('stores an empty snapshot when told to', async () => {
      await repository.replaceSnapshot('grove', sampleDeals(2), T1);

      const stored = await repository.replaceSnapshot('grove', [], T2);

      expect(stored).toEqual({ dispensaryKey: 'grove', deals: [], scrapedAt: T2.toISOString() });
      expect(await repository.loadSnapshots()).toEqual([stored]);
    });

    it('knows a deal without an id by platform, dispensary, title and price', async () => {
      const noId = sampleDeal(1, { id: undefined });
      await repository.replaceSnapshot('grove', [noId], T1);

      const stored = await repository.replaceSnapshot(
        'grove',
        [
          { ...noId, description: 'reworded' },
          { ...noId, price: '$5' },
        ],
        T2,
      );

      expect(stored.deals.map((deal) => deal.firstSeenAt)).toEqual([
        T1.toISOString(),
        T2.toISOString(),
      ]);
      const keys = (await database.inspect.dealHistory('grove')).map((row) => row.dealKey);
      expect(keys).toEqual(
        [dealKey('grove', noId), dealKey('grove', { ...noId, price: '$5' })].sort(),
      );
    });

    it('ignores a given firstSeenAt and records a deal listed twice once', async () => {
      const deal = { ...sampleDeal(1), firstSeenAt: '2020-01-01T00:00:00.000Z' };

      const stored = await repository.replaceSnapshot('grove', [deal, deal], T1);

      expect(stored.deals).toEqual(seenAt([deal, deal], T1));
      expect(await database.inspect.dealHistory('grove')).toHaveLength(1);
    });

    it('rejects an invalid deal and keeps the previous snapshot', async () => {
      const previous = await repository.replaceSnapshot('grove', sampleDeals(2), T1);
      const invalid = { ...sampleDeal(7), discountPercent: 140 };

      await expect(
        repository.replaceSnapshot('grove', [sampleDeal(6), invalid], T2),
      ).rejects.toThrow(/Deal 1 of dispensary 'grove' is not a valid deal: discountPercent/);
      await expect(repository.replaceSnapshot('grove', [], new Date(Number.NaN))).rejects.toThrow(
        /scrapedAt of dispensary 'grove' is not a valid date/,
      );

      expect(await repository.getSnapshot('grove')).toEqual(previous);
      expect(await database.inspect.dealHistory('grove')).toHaveLength(2);
    });

    it('runs concurrent calls one at a time, each read seeing whole snapshots', async () => {
      const keys = ['a', 'b', 'c', 'd', 'e'];
      const sizes = new Map(keys.map((key, index) => [key, 300 + index]));

      const [read, ...written] = await Promise.all([
        repository.loadSnapshots(),
        ...keys.map((key) => repository.replaceSnapshot(key, sampleDeals(sizes.get(key) ?? 0), T1)),
        repository.loadSnapshots(),
      ]);

      for (const snapshot of [...read, ...written.flat()]) {
        expect(snapshot.deals).toHaveLength(sizes.get(snapshot.dispensaryKey) ?? -1);
      }
      const stored = await repository.loadSnapshots();
      expect(stored.map((snapshot) => snapshot.deals.length)).toEqual([...sizes.values()]);
    });

    it('prunes the history of deals last seen before the cutoff, never a key in a snapshot', async () => {
      await repository.replaceSnapshot('grove', [sampleDeal(1), sampleDeal(2)], T1);
      await repository.replaceSnapshot('grove', [sampleDeal(2), sampleDeal(3)], T2);
      await repository.replaceSnapshot('fields', [sampleDeal(5)], T1);
      await repository.replaceSnapshot('fields', [], T2);
      // Failing since T1: its deals are still served, so their history stays.
      const idle = await repository.replaceSnapshot('idle', [sampleDeal(7)], T1);

      expect(await repository.pruneDealHistory(T2)).toBe(2);

      expect((await database.inspect.dealHistory('grove')).map((row) => row.dealKey)).toEqual([
        'dutchie:grove:2',
        'dutchie:grove:3',
      ]);
      expect(await database.inspect.dealHistory('fields')).toEqual([]);
      expect(await repository.getSnapshot('idle')).toEqual(idle);
      const grove = await repository.getSnapshot('grove');
      expect(grove?.deals.map((deal) => deal.firstSeenAt)).toEqual([
        T1.toISOString(),
        T2.toISOString(),
      ]);
      expect(await repository.pruneDealHistory(T2)).toBe(0);
      // A forgotten key seen again starts over.
      const back = await repository.replaceSnapshot('grove', [sampleDeal(1)], T3);
      expect(back.deals[0]?.firstSeenAt).toBe(T3.toISOString());
    });

    it('prunes in batches, letting other calls run between them', async () => {
      await repository.replaceSnapshot('grove', sampleDeals(1000), T1);
      await repository.replaceSnapshot('grove', [], T2);
      const order: string[] = [];

      await Promise.all([
        repository.pruneDealHistory(T2, { batchRows: 10 }).then((pruned) => {
          order.push(`pruned ${pruned}`);
        }),
        // Asked for after the pruning started: served between two of its batches.
        Promise.resolve().then(async () => {
          await repository.replaceSnapshot('fields', sampleDeals(3), T3);
          order.push('stored');
        }),
      ]);

      expect(order).toEqual(['stored', 'pruned 1000']);
      expect(await database.inspect.dealHistory('grove')).toEqual([]);
      expect(await database.inspect.dealHistory('fields')).toHaveLength(3);
    });

    it('stops pruning between batches when aborted', async () => {
      await repository.replaceSnapshot('grove', sampleDeals(30), T1);
      await repository.replaceSnapshot('grove', [], T2);
      const controller = new AbortController();
      controller.abort();

      expect(await repository.pruneDealHistory(T2, { signal: controller.signal })).toBe(0);
      expect(await database.inspect.dealHistory('grove')).toHaveLength(30);
      await expect(repository.pruneDealHistory(new Date(Number.NaN))).rejects.toThrow(
        /lastSeenBefore of the deal history is not a valid date/,
      );
      await expect(repository.pruneDealHistory(T2, { batchRows: 0 })).rejects.toThrow(
        'batchRows must be a whole number of at least 1, got 0',
      );
    });

    it('stores price observations with the snapshot, the later of a product and day winning', async () => {
      await repository.replaceSnapshot('grove', sampleDeals(1), T1, [
        observed(1, '2025-03-01'),
        observed(2, '2025-03-01', { regularPrice: null, onDeal: false }),
        observed(1, '2025-02-28', { salePrice: 11.5 }),
      ]);
      // The same day again, later: it replaces the row. Twice in one call: the later one wins.
      await repository.replaceSnapshot('grove', sampleDeals(1), T2, [
        observed(1, '2025-03-01', { salePrice: 19.99, onDeal: false }),
        observed(3, '2025-03-01', { salePrice: 5 }),
        observed(3, '2025-03-01', { salePrice: 4 }),
      ]);
      await repository.replaceSnapshot('fields', [], T2, [observed(1, '2025-03-01')]);

      const history = await repository.priceHistory(
        'grove',
        ['product-1', 'product-2', 'product-3', 'product-9'],
        '2025-02-01',
      );
      expect(history).toEqual(
        new Map([
          [
            'product-1',
            [
              observed(1, '2025-02-28', { salePrice: 11.5 }),
              observed(1, '2025-03-01', { salePrice: 19.99, onDeal: false }),
            ],
          ],
          ['product-2', [observed(2, '2025-03-01', { regularPrice: null, onDeal: false })]],
          ['product-3', [observed(3, '2025-03-01', { salePrice: 4 })]],
        ]),
      );
      // From a day on; another dispensary's rows are its own.
      expect(await repository.priceHistory('grove', ['product-1'], '2025-03-01')).toEqual(
        new Map([['product-1', [observed(1, '2025-03-01', { salePrice: 19.99, onDeal: false })]]]),
      );
      expect(await repository.priceHistory('fields', ['product-1'], '2025-01-01')).toEqual(
        new Map([['product-1', [observed(1, '2025-03-01')]]]),
      );
      expect(await repository.priceHistory('grove', [], '2025-01-01')).toEqual(new Map());
    });

    it("reads a day's market: every dispensary's classed products of that day, by their kept class", async () => {
      const eighth = { marketClass: 'flower-3.5g', units: 1 };
      const edible = { marketClass: 'edibles-100mg', units: 2.5 };
      await repository.replaceSnapshot('grove', [], T1, [
        observed(1, '2025-03-01', { market: eighth }),
        observed(2, '2025-03-01', { market: edible }),
        observed(3, '2025-03-01', { market: null }),
        observed(4, '2025-03-01'),
        observed(1, '2025-02-28', { salePrice: 15 }),
      ]);
      await repository.recordObservations('fields', [
        observed(1, '2025-03-01', { salePrice: 30, market: eighth }),
      ]);
      const sorted = async (day: string) =>
        (await repository.marketObservations(day)).sort(
          (a, b) => a.dispensaryKey.localeCompare(b.dispensaryKey) || a.salePrice - b.salePrice,
        );

      expect(await sorted('2025-03-01')).toEqual([
        { dispensaryKey: 'fields', marketClass: 'flower-3.5g', units: 1, salePrice: 30 },
        { dispensaryKey: 'grove', marketClass: 'flower-3.5g', units: 1, salePrice: 21 },
        { dispensaryKey: 'grove', marketClass: 'edibles-100mg', units: 2.5, salePrice: 22 },
      ]);
      // The class is the product's, so its earlier days read it too.
      expect(await sorted('2025-02-28')).toEqual([
        { dispensaryKey: 'grove', marketClass: 'flower-3.5g', units: 1, salePrice: 15 },
      ]);
      expect(await repository.marketObservations('2025-03-02')).toEqual([]);

      // A write leaving the class out keeps it; another class replaces it; null clears it.
      await repository.recordObservations('grove', [
        observed(1, '2025-03-02'),
        observed(2, '2025-03-02', { market: { marketClass: 'edibles-100mg', units: 1 } }),
      ]);
      expect(await sorted('2025-03-02')).toEqual([
        { dispensaryKey: 'grove', marketClass: 'flower-3.5g', units: 1, salePrice: 21 },
        { dispensaryKey: 'grove', marketClass: 'edibles-100mg', units: 1, salePrice: 22 },
      ]);
      await repository.recordObservations('grove', [observed(1, '2025-03-02', { market: null })]);
      expect(await sorted('2025-03-02')).toEqual([
        { dispensaryKey: 'grove', marketClass: 'edibles-100mg', units: 1, salePrice: 22 },
      ]);
      // The class of the later of one product's observations in a call wins.
      await repository.recordObservations('fields', [
        observed(1, '2025-03-03', { market: edible }),
        observed(1, '2025-03-04', { market: eighth }),
      ]);
      expect(await repository.marketObservations('2025-03-03')).toEqual([
        { dispensaryKey: 'fields', marketClass: 'flower-3.5g', units: 1, salePrice: 21 },
      ]);
    });

    it('refuses a market class out of shape, writing nothing', async () => {
      const bad = (market: unknown) =>
        repository.recordObservations('grove', [
          observed(1, '2025-03-01', { market: { marketClass: 'flower-1g', units: 1 } }),
          observed(2, '2025-03-01', { market: market as PriceObservation['market'] }),
        ]);
      await expect(bad({ marketClass: 'Flower 1g', units: 1 })).rejects.toThrow(/marketClass/);
      await expect(bad({ marketClass: 'x'.repeat(41), units: 1 })).rejects.toThrow(/marketClass/);
      await expect(bad({ marketClass: 'flower-1g', units: 0 })).rejects.toThrow(/units/);
      await expect(bad({ marketClass: 'flower-1g', units: 101 })).rejects.toThrow(/units/);
      await expect(bad({ marketClass: 'flower-1g', units: Number.NaN })).rejects.toThrow(/units/);
      expect(await repository.marketObservations('2025-03-01')).toEqual([]);
      await expect(repository.marketObservations('2025-02-30')).rejects.toThrow(
        /day of the market observations must be a real calendar date/,
      );
    });

    it('writes no observations when the snapshot write fails, and no snapshot when one is bad', async () => {
      const previous = await repository.replaceSnapshot('grove', sampleDeals(2), T1, [
        observed(1, '2025-03-01'),
      ]);

      await expect(
        repository.replaceSnapshot('grove', [{ ...sampleDeal(7), discountPercent: 140 }], T2, [
          observed(1, '2025-03-01', { salePrice: 1 }),
          observed(2, '2025-03-01'),
        ]),
      ).rejects.toThrow(/not a valid deal: discountPercent/);
      await expect(
        repository.replaceSnapshot('grove', sampleDeals(5), T2, [
          observed(2, '2025-03-02'),
          observed(3, '2025-03-02', { salePrice: -1 }),
        ]),
      ).rejects.toThrow(/Price observation 1 of dispensary 'grove': salePrice/);

      expect(await repository.getSnapshot('grove')).toEqual(previous);
      expect(
        await repository.priceHistory(
          'grove',
          ['product-1', 'product-2', 'product-3'],
          '2025-01-01',
        ),
      ).toEqual(new Map([['product-1', [observed(1, '2025-03-01')]]]));
    });

    it('rejects every bad observation value, naming the field', async () => {
      const bad: [Partial<PriceObservation>, RegExp][] = [
        [{ salePrice: Number.NaN }, /salePrice must be a number from 0 to 1000000, got NaN/],
        [{ salePrice: -0.01 }, /salePrice must be a number from 0 to 1000000, got -0.01/],
        [{ salePrice: 1_000_000.01 }, /salePrice must be a number from 0 to 1000000/],
        [{ salePrice: Number.POSITIVE_INFINITY }, /salePrice .* got Infinity/],
        [{ regularPrice: Number.NaN }, /regularPrice must be a number from 0 to 1000000, got NaN/],
        [{ regularPrice: -5 }, /regularPrice must be a number from 0 to 1000000, got -5/],
        [{ regularPrice: 2e6 }, /regularPrice must be a number from 0 to 1000000/],
        [{ productKey: '' }, /productKey must be 1 to 100 characters, got 0 characters/],
        [{ productKey: 'k'.repeat(101) }, /productKey must be 1 to 100 characters, got 101/],
        [{ day: '2025-02-30' }, /day must be a real calendar date 'YYYY-MM-DD', got '2025-02-30'/],
        [{ day: '2025-13-01' }, /day must be a real calendar date/],
        [{ day: '2025-3-1' }, /day must be a real calendar date/],
        [{ day: '2025-03-01T00:00:00Z' }, /day must be a real calendar date/],
        [{ onDeal: 'yes' as unknown as boolean }, /onDeal must be true or false/],
      ];
      for (const [override, message] of bad) {
        await expect(
          repository.replaceSnapshot('grove', [], T1, [
            observed(1, '2025-03-01'),
            observed(2, '2025-03-01', override),
          ]),
          JSON.stringify(override),
        ).rejects.toThrow(message);
      }
      // The largest valid values pass.
      await repository.replaceSnapshot('grove', [], T1, [
        observed(1, '2024-02-29', { productKey: 'k'.repeat(100), salePrice: 1_000_000 }),
        observed(2, '2025-03-01', { salePrice: 0, regularPrice: 0 }),
      ]);

      expect(await repository.getSnapshot('grove')).toEqual({
        dispensaryKey: 'grove',
        deals: [],
        scrapedAt: T1.toISOString(),
      });
      const history = await repository.priceHistory(
        'grove',
        ['k'.repeat(100), 'product-1', 'product-2'],
        '2000-01-01',
      );
      expect([...history.keys()].sort()).toEqual(['k'.repeat(100), 'product-2']);
    });

    it('records observations without a snapshot, and says whether any are stored', async () => {
      expect(await repository.hasPriceObservations()).toBe(false);
      await repository.recordObservations('grove', []);
      expect(await repository.hasPriceObservations()).toBe(false);

      await repository.recordObservations('grove', [
        observed(1, '2025-02-27'),
        observed(1, '2025-02-28', { salePrice: 11.5 }),
        observed(2, '2025-02-28', { regularPrice: null, onDeal: false }),
        observed(2, '2025-02-28', { salePrice: 9 }),
      ]);
      expect(await repository.hasPriceObservations()).toBe(true);
      // No snapshot came with them.
      expect(await repository.getSnapshot('grove')).toBeNull();
      expect(await repository.loadSnapshots()).toEqual([]);
      // A scrape's observation of a recorded day replaces it, as one of its own would.
      await repository.replaceSnapshot('grove', sampleDeals(1), T1, [
        observed(1, '2025-02-28', { salePrice: 12 }),
      ]);
      expect(
        await repository.priceHistory('grove', ['product-1', 'product-2'], '2000-01-01'),
      ).toEqual(
        new Map([
          ['product-1', [observed(1, '2025-02-27'), observed(1, '2025-02-28', { salePrice: 12 })]],
          // Twice in one call: the later one wins.
          ['product-2', [observed(2, '2025-02-28', { salePrice: 9 })]],
        ]),
      );
    });

    it('answers the newest day stored, of any dispensary', async () => {
      expect(await repository.newestObservationDay()).toBeNull();
      await repository.recordObservations('grove', [
        observed(1, '2025-02-27'),
        observed(2, '2025-03-01'),
      ]);
      await repository.recordObservations('other', [observed(1, '2024-12-31')]);
      expect(await repository.newestObservationDay()).toBe('2025-03-01');
    });

    it('records no observation of a call with a bad one, naming it', async () => {
      await expect(
        repository.recordObservations('grove', [
          observed(1, '2025-02-28'),
          observed(2, '2025-02-30'),
        ]),
      ).rejects.toThrow(
        /Price observation 1 of dispensary 'grove': day must be a real calendar date/,
      );
      await expect(
        repository.recordObservations('grove', [observed(1, '2025-02-28', { salePrice: NaN })]),
      ).rejects.toThrow(/Price observation 0 of dispensary 'grove': salePrice/);
      expect(await repository.hasPriceObservations()).toBe(false);
    });

    it('holds recorded observations to observationRowsPerStore, dropping the oldest days', async () => {
      repository = await openWith({ observationRowsPerStore: 1_000 });
      const keys = Array.from({ length: 400 }, (_, n) => `product-${n}`);
      const days = ['2025-02-27', '2025-02-28', '2025-03-01'];
      await repository.recordObservations(
        'grove',
        days.flatMap((day) => observedMany(400, day)),
      );

      const kept = [
        ...(await repository.priceHistory('grove', keys, '2000-01-01')).values(),
      ].flat();
      expect(kept).toHaveLength(800);
      expect([...new Set(kept.map((row) => row.day))].sort()).toEqual(['2025-02-28', '2025-03-01']);
    });

    it('reads the price history of at most 1,000 valid keys from a real day', async () => {
      const keys = Array.from({ length: 1_000 }, (_, n) => `product-${n}`);
      await repository.replaceSnapshot('grove', [], T1, observedMany(1_000, '2025-03-01'));

      expect((await repository.priceHistory('grove', keys, '2025-03-01')).size).toBe(1_000);
      await expect(
        repository.priceHistory('grove', [...keys, 'product-1000'], '2025-03-01'),
      ).rejects.toThrow(/at most 1000 product keys per call, got 1001/);
      await expect(
        repository.priceHistory('grove', ['product-1', ''], '2025-03-01'),
      ).rejects.toThrow(/productKey must be 1 to 100 characters/);
      await expect(repository.priceHistory('grove', keys, '2025-02-29')).rejects.toThrow(
        /sinceDay of the price history of 'grove' must be a real calendar date/,
      );
    });

    it('prunes observations of days before the cutoff in batches, letting other calls run', async () => {
      for (const day of ['2025-02-27', '2025-02-28', '2025-03-01']) {
        await repository.replaceSnapshot('grove', [], T1, observedMany(300, day));
      }
      await repository.replaceSnapshot('fields', [], T1, observedMany(100, '2025-02-27'));
      const order: string[] = [];

      await Promise.all([
        repository.pruneObservations('2025-03-01', { batchRows: 10 }).then((pruned) => {
          order.push(`pruned ${pruned}`);
        }),
        // Asked for after the pruning started: served between two of its batches.
        Promise.resolve().then(async () => {
          await repository.replaceSnapshot('oak', [], T2, observedMany(3, '2025-03-01'));
          order.push('stored');
        }),
      ]);

      expect(order).toEqual(['stored', 'pruned 700']);
      const grove = await repository.priceHistory(
        'grove',
        ['product-0', 'product-299'],
        '2000-01-01',
      );
      expect([...grove.values()].flat().map((row) => row.day)).toEqual([
        '2025-03-01',
        '2025-03-01',
      ]);
      expect(await repository.priceHistory('fields', ['product-0'], '2000-01-01')).toEqual(
        new Map(),
      );
      expect((await repository.priceHistory('oak', ['product-0'], '2000-01-01')).size).toBe(1);
      expect(await repository.pruneObservations('2025-03-01')).toBe(0);
      // A product whose every observation went is forgotten; the others stay.
      expect(await database.inspect.observedProducts('fields')).toEqual([]);
      expect(await database.inspect.observedProducts('grove')).toHaveLength(300);
    });

    it('stops pruning observations between batches when aborted, and refuses a bad day', async () => {
      await repository.replaceSnapshot('grove', [], T1, observedMany(30, '2025-02-27'));
      const controller = new AbortController();
      controller.abort();

      expect(await repository.pruneObservations('2025-03-01', { signal: controller.signal })).toBe(
        0,
      );
      expect((await repository.priceHistory('grove', ['product-0'], '2000-01-01')).size).toBe(1);
      await expect(repository.pruneObservations('2025-02-30')).rejects.toThrow(
        /beforeDay of the price observations must be a real calendar date/,
      );
      await expect(repository.pruneObservations('2025-03-01', { batchRows: 0 })).rejects.toThrow(
        'batchRows must be a whole number of at least 1, got 0',
      );
    });

    it('keeps at most observationRowsPerStore observations per dispensary, dropping the oldest days', async () => {
      repository = await openWith({ observationRowsPerStore: 1_000 });
      const keys = Array.from({ length: 400 }, (_, n) => `product-${n}`);
      await repository.replaceSnapshot('fields', [], T1, observedMany(3, '2025-02-01'));
      const days = ['2025-02-26', '2025-02-27', '2025-02-28', '2025-03-01'];
      for (const day of days)
        await repository.replaceSnapshot('grove', [], T1, observedMany(400, day));

      // 1,600 written: the two oldest days went whole, as each write went over 1,000.
      const grove = await repository.priceHistory('grove', keys, '2000-01-01');
      const kept = [...grove.values()].flat();
      expect(kept).toHaveLength(800);
      expect([...new Set(kept.map((row) => row.day))].sort()).toEqual(['2025-02-28', '2025-03-01']);
      expect((await repository.priceHistory('fields', keys, '2000-01-01')).size).toBe(3);
      // A day bigger than the bound keeps the rows just written.
      await repository.replaceSnapshot('oak', [], T1, observedMany(1_200, '2025-03-01'));
      const oak = await repository.priceHistory(
        'oak',
        Array.from({ length: 1_000 }, (_, n) => `product-${n}`),
        '2000-01-01',
      );
      expect(oak.size).toBe(1_000);
      await expect(openWith({ observationRowsPerStore: 999 })).rejects.toThrow(
        /observationRowsPerStore must be a whole number of at least 1000, got 999/,
      );
    });

    it('forgets a product whose last observation the bound deletes; its key seen again starts anew', async () => {
      repository = await openWith({ observationRowsPerStore: 1_000 });
      const day1 = observedMany(600, '2025-02-27');
      // Other products the next day: 1,200 rows, so the first day goes whole, and its products.
      const day2 = observedMany(1_200, '2025-02-28').slice(600);
      await repository.replaceSnapshot('grove', [], T1, day1);
      await repository.replaceSnapshot('grove', [], T2, day2);

      const products = await database.inspect.observedProducts('grove');
      expect(products).toHaveLength(600);
      expect(products).not.toContain('product-0');
      expect(products).toContain('product-600');
      await repository.replaceSnapshot('grove', [], T3, [observed(0, '2025-03-01')]);
      expect(await repository.priceHistory('grove', ['product-0'], '2000-01-01')).toEqual(
        new Map([['product-0', [observed(0, '2025-03-01')]]]),
      );
    });

    it('replaces a day when only its regular price or its deal flag changes', async () => {
      await repository.recordObservations('grove', [
        observed(1, '2025-03-01'),
        observed(2, '2025-03-01', { regularPrice: null }),
        observed(3, '2025-03-01'),
      ]);
      await repository.recordObservations('grove', [
        observed(1, '2025-03-01', { regularPrice: null }),
        observed(2, '2025-03-01', { regularPrice: 40 }),
        observed(3, '2025-03-01', { onDeal: false }),
      ]);

      expect(
        await repository.priceHistory(
          'grove',
          ['product-1', 'product-2', 'product-3'],
          '2025-03-01',
        ),
      ).toEqual(
        new Map([
          ['product-1', [observed(1, '2025-03-01', { regularPrice: null })]],
          ['product-2', [observed(2, '2025-03-01', { regularPrice: 40 })]],
          ['product-3', [observed(3, '2025-03-01', { onDeal: false })]],
        ]),
      );
    });

    it('keeps prices to the whole cent and any real day, and one product key per dispensary', async () => {
      await repository.recordObservations('grove', [
        observed(1, '0100-01-01', { salePrice: 2.675, regularPrice: 19.990000000000002 }),
        observed(1, '1969-12-31', { salePrice: 0.004, regularPrice: 0.005 }),
        observed(1, '9999-12-31', { salePrice: 999_999.99, regularPrice: null }),
      ]);
      await repository.recordObservations('fields', [observed(1, '1969-12-31')]);

      expect(await repository.priceHistory('grove', ['product-1'], '0100-01-01')).toEqual(
        new Map([
          [
            'product-1',
            [
              observed(1, '0100-01-01', { salePrice: 2.68, regularPrice: 19.99 }),
              observed(1, '1969-12-31', { salePrice: 0, regularPrice: 0.01 }),
              observed(1, '9999-12-31', { salePrice: 999_999.99, regularPrice: null }),
            ],
          ],
        ]),
      );
      expect(await repository.priceHistory('fields', ['product-1'], '1969-12-31')).toEqual(
        new Map([['product-1', [observed(1, '1969-12-31')]]]),
      );
      expect(await database.inspect.observedProducts('grove')).toEqual(['product-1']);
    });

    it('answers the latest attempt, success and error per dispensary from scrape runs', async () => {
      await repository.recordScrapeRun(run({ finishedAt: T1.toISOString() }));
      await repository.recordScrapeRun(
        run({
          finishedAt: T2.toISOString(),
          outcome: 'blocked',
          transport: 'browser',
          error: 'Blocked by the platform',
        }),
      );
      await repository.recordScrapeRun(
        run({
          dispensaryKey: 'fields',
          finishedAt: '2025-03-01T06:00:00-05:00',
          outcome: 'timeout',
          error: 'Timed out',
        }),
      );

      expect(await repository.sourceHistories()).toEqual([
        {
          dispensaryKey: 'fields',
          lastAttemptAt: '2025-03-01T11:00:00.000Z',
          lastSuccessAt: null,
          lastOutcome: 'timeout',
          lastError: 'Timed out',
        },
        {
          dispensaryKey: 'grove',
          lastAttemptAt: T2.toISOString(),
          lastSuccessAt: T1.toISOString(),
          lastOutcome: 'blocked',
          lastError: 'Blocked by the platform',
        },
      ]);

      // One dispensary's, as a cluster's process follows one scrape.
      expect(await repository.sourceHistories('fields')).toEqual([
        expect.objectContaining({ dispensaryKey: 'fields', lastOutcome: 'timeout' }),
      ]);
      expect(await repository.sourceHistories('nowhere')).toEqual([]);

      await repository.recordScrapeRun(run({ finishedAt: T3.toISOString() }));
      const [, grove] = await repository.sourceHistories();
      expect(grove).toEqual({
        dispensaryKey: 'grove',
        lastAttemptAt: T3.toISOString(),
        lastSuccessAt: T3.toISOString(),
        lastOutcome: 'ok',
        lastError: null,
      });
    });

    it('stores every outcome and transport', async () => {
      const outcomes = Object.keys(ALL_OUTCOMES) as ScrapeOutcome[];
      const transports = ['http', 'browser', null] as const;
      for (const [index, outcome] of outcomes.entries()) {
        const finishedAt = new Date(T1.getTime() + index * 60_000).toISOString();
        const transport = transports[index % transports.length] ?? null;
        await repository.recordScrapeRun(
          run({ dispensaryKey: outcome, finishedAt, outcome, transport }),
        );
      }

      const histories = await repository.sourceHistories();
      expect(histories.map((history) => history.lastOutcome).sort()).toEqual([...outcomes].sort());
    });

    it('rejects a scrape run with a bad timestamp or deal count', async () => {
      await expect(
        repository.recordScrapeRun(run({ finishedAt: T1.toISOString(), startedAt: 'yesterday' })),
      ).rejects.toThrow(
        /Scrape run of dispensary 'grove': startedAt must be an ISO 8601 date-time/,
      );
      await expect(
        repository.recordScrapeRun(run({ finishedAt: T1.toISOString(), dealCount: -1 })),
      ).rejects.toThrow(/dealCount must be a whole number/);
      expect(await repository.sourceHistories()).toEqual([]);
    });

    it('keeps at most historyRowsPerStore history rows per dispensary, the newest sightings', async () => {
      repository = await openWith({ historyRowsPerStore: 1_000 });
      // A source that sends 400 new ids every scrape; another dispensary stays small.
      const churned = (scrape: number) =>
        Array.from({ length: 400 }, (_, n) => sampleDeal(scrape * 1_000 + n));
      await repository.replaceSnapshot('fields', sampleDeals(3), T1);
      for (let scrape = 0; scrape < 6; scrape++) {
        await repository.replaceSnapshot(
          'grove',
          churned(scrape),
          new Date(T1.getTime() + scrape * 60_000),
        );
      }

      const grove = await database.inspect.dealHistory('grove');
      expect(grove).toHaveLength(1_000);
      // The last two scrapes' rows, and 200 of the 400 seen just before them.
      const kept = new Set(grove.map((row) => row.dealKey));
      const keptOf = (scrape: number) =>
        churned(scrape).filter((deal) => kept.has(dealKey('grove', deal))).length;
      expect([0, 1, 2, 3, 4, 5].map(keptOf)).toEqual([0, 0, 0, 200, 400, 400]);
      expect(await database.inspect.dealHistory('fields')).toHaveLength(3);
      const snapshot = await repository.getSnapshot('grove');
      expect(snapshot?.deals).toHaveLength(400);
      await expect(openWith({ historyRowsPerStore: 999 })).rejects.toThrow(
        /historyRowsPerStore must be a whole number of at least 1000, got 999/,
      );
    });

    it('prunes old runs on insert, keeping the latest success', async () => {
      repository = await openWith({ scrapeRunsKept: 5 });
      await repository.recordScrapeRun(run({ finishedAt: T1.toISOString() }));
      for (let minute = 1; minute <= 12; minute++) {
        const finishedAt = new Date(T1.getTime() + minute * 60_000).toISOString();
        await repository.recordScrapeRun(run({ finishedAt, outcome: 'error', error: 'Failed' }));
        await repository.recordScrapeRun(run({ dispensaryKey: 'fields', finishedAt }));
      }

      expect(await database.inspect.scrapeRunCount('grove')).toBe(6);
      expect(await database.inspect.scrapeRunCount('fields')).toBe(5);
      const [, grove] = await repository.sourceHistories();
      expect(grove).toMatchObject({ lastSuccessAt: T1.toISOString(), lastOutcome: 'error' });
    });

    it('saves and loads dispensary locations, the latest winning', async () => {
      await repository.saveDispensaryLocation('grove', { lat: 38.6, lng: -90.2 }, T1);
      await repository.saveDispensaryLocation('fields', { lat: 38.7, lng: -90.3 }, T2);
      await repository.saveDispensaryLocation('grove', { lat: 38.65, lng: -90.25 }, T3);

      expect(await repository.loadDispensaryLocations()).toEqual(
        new Map([
          ['fields', { lat: 38.7, lng: -90.3 }],
          ['grove', { lat: 38.65, lng: -90.25 }],
        ]),
      );
      await expect(
        repository.saveDispensaryLocation('grove', { lat: 91, lng: 0 }, T1),
      ).rejects.toThrow(/Location of dispensary 'grove' is out of range/);
      await expect(
        repository.saveDispensaryLocation('grove', { lat: Number.NaN, lng: 0 }, T1),
      ).rejects.toThrow(/out of range/);
    });

    it("saves and loads a platform's store hours, the latest winning, null forgetting them", async () => {
      const day = (opens: string, closes: string) => [{ opens, closes }];
      const week = (closes: string) => ({
        sunday: [],
        monday: day('10:00', closes),
        tuesday: day('10:00', closes),
        wednesday: day('10:00', closes),
        thursday: day('10:00', closes),
        friday: day('10:00', '02:00'),
        saturday: day('10:00', '02:00'),
      });
      expect(await repository.loadDispensaryHours()).toEqual(new Map());
      await repository.saveDispensaryHours('grove', week('22:00'), T1);
      await repository.saveDispensaryHours('fields', week('20:00'), T2);
      await repository.saveDispensaryHours('grove', week('21:00'), T3);
      expect(await repository.loadDispensaryHours()).toEqual(
        new Map([
          ['fields', week('20:00')],
          ['grove', week('21:00')],
        ]),
      );
      expect(await repository.loadDispensaryHours('grove')).toEqual(
        new Map([['grove', week('21:00')]]),
      );
      await repository.saveDispensaryHours('grove', null, T3);
      expect([...(await repository.loadDispensaryHours()).keys()]).toEqual(['fields']);
      await expect(
        repository.saveDispensaryHours(
          'grove',
          { ...week('22:00'), monday: day('25:00', '22:00') },
          T1,
        ),
      ).rejects.toThrow(/Hours of dispensary 'grove' are no normal week/);
      await expect(
        repository.saveDispensaryHours('grove', week('22:00'), new Date(Number.NaN)),
      ).rejects.toThrow(/foundAt of the hours/);
    });

    it("saves and loads a platform's phone number, the latest winning, null forgetting it", async () => {
      expect(await repository.loadDispensaryPhones()).toEqual(new Map());
      await repository.saveDispensaryPhone('grove', '+13145550123', T1);
      await repository.saveDispensaryPhone('fields', '+16365550142', T2);
      await repository.saveDispensaryPhone('grove', '+13145550199', T3);
      expect(await repository.loadDispensaryPhones()).toEqual(
        new Map([
          ['fields', '+16365550142'],
          ['grove', '+13145550199'],
        ]),
      );
      expect(await repository.loadDispensaryPhones('grove')).toEqual(
        new Map([['grove', '+13145550199']]),
      );
      await repository.saveDispensaryPhone('grove', null, T3);
      expect([...(await repository.loadDispensaryPhones()).keys()]).toEqual(['fields']);
      for (const bad of ['(314) 555-0123', '+1314555012', '+11145550123', "'; drop table x"]) {
        await expect(repository.saveDispensaryPhone('grove', bad, T1)).rejects.toThrow(
          /Phone of dispensary 'grove' is no US number/,
        );
      }
      await expect(
        repository.saveDispensaryPhone('grove', '+13145550123', new Date(Number.NaN)),
      ).rejects.toThrow(/foundAt of the phone/);
    });

    it('keeps what the geocoder answered per address, a miss included', async () => {
      expect(await repository.loadGeocodedAddresses()).toEqual(new Map());
      const address = '20 S Euclid Ave, St. Louis, MO 63108';
      await repository.saveGeocodedAddress(address, { lat: 38.64, lng: -90.26 }, T1);
      await repository.saveGeocodedAddress('nowhere, MO 63108', null, T2);
      await repository.saveGeocodedAddress(address, { lat: 38.6395, lng: -90.262 }, T3);

      expect(await repository.loadGeocodedAddresses()).toEqual(
        new Map([
          [address, { lat: 38.6395, lng: -90.262 }],
          ['nowhere, MO 63108', null],
        ]),
      );
      await expect(
        repository.saveGeocodedAddress(address, { lat: 0, lng: 181 }, T1),
      ).rejects.toThrow(/out of range/);
    });

    it('keeps the menu source found on a website, the latest winning, and refuses a bad one', async () => {
      expect(await repository.loadResolvedSources()).toEqual(new Map());
      const found = {
        platform: 'jane' as const,
        platformId: '4536',
        menuUrl: 'https://www.iheartjane.com/embed/stores/4536/menu',
        evidence: 'Jane embed of store 4536',
        resolvedAt: T1.toISOString(),
      };
      await repository.saveResolvedSource('grove', { ...found, platform: 'html', evidence: 'x' });
      await repository.saveResolvedSource('grove', found);
      await repository.saveResolvedSource('elm', {
        platform: 'html',
        specialsUrl: 'https://elm.example/deals',
        evidence: 'no menu embed; specials page /deals',
        resolvedAt: T2.toISOString(),
      });
      expect(await repository.loadResolvedSources()).toEqual(
        new Map<string, ResolvedSource>([
          [
            'elm',
            {
              platform: 'html',
              specialsUrl: 'https://elm.example/deals',
              evidence: 'no menu embed; specials page /deals',
              resolvedAt: T2.toISOString(),
            },
          ],
          ['grove', found],
        ]),
      );
      expect(await repository.loadResolvedSources('grove')).toEqual(new Map([['grove', found]]));
      expect(await repository.loadResolvedSources('oak')).toEqual(new Map());
      await expect(
        repository.saveResolvedSource('oak', { ...found, menuUrl: 'javascript:alert(1)' }),
      ).rejects.toThrow(/not http\(s\)/);
      await expect(
        repository.saveResolvedSource('oak', { ...found, platform: 'myspace' as 'jane' }),
      ).rejects.toThrow(/no known platform/);
      expect((await repository.loadResolvedSources()).has('oak')).toBe(false);
    });

    it('keeps the last published view per name byte for byte, the latest winning', async () => {
      expect(await repository.loadPublishedView('page')).toBeNull();
      const page: PublishedView = {
        view: 'page',
        fingerprint: 'registry-a',
        etag: 'W/"first"',
        brotli: Buffer.from([0x8b]),
        publishedAt: T1.toISOString(),
      };
      await repository.savePublishedView(page);
      // Bigger than the page's 10,000 deals compressed, with every byte value.
      const brotli = Buffer.from(Array.from({ length: 600_000 }, (_, i) => (i * 7) % 256));
      await repository.savePublishedView({
        ...page,
        etag: 'W/"second"',
        brotli,
        publishedAt: T2.toISOString(),
      });
      await repository.savePublishedView({ ...page, view: 'full', fingerprint: 'registry-b' });

      // Compared as bytes: a deep equality of a buffer this size walks it one by one, for seconds.
      const { brotli: loadedBrotli, ...loaded } =
        (await repository.loadPublishedView('page')) ?? {};
      expect(loaded).toEqual({
        view: 'page',
        fingerprint: 'registry-a',
        etag: 'W/"second"',
        publishedAt: T2.toISOString(),
      });
      expect(loadedBrotli?.equals(brotli)).toBe(true);
      expect((await repository.loadPublishedView('full'))?.fingerprint).toBe('registry-b');
      await expect(repository.savePublishedView({ ...page, fingerprint: '' })).rejects.toThrow(
        /fingerprint/,
      );
      await expect(repository.savePublishedView({ ...page, etag: '' })).rejects.toThrow(/ETag/);
      await expect(
        repository.savePublishedView({
          ...page,
          publishedAt: 'yesterday',
          brotli: Buffer.from('x'),
        }),
      ).rejects.toThrow(/ISO 8601/);
      expect((await repository.loadPublishedView('page'))?.brotli.equals(brotli)).toBe(true);
    });

    it("stores when a location was found from the caller's clock, not the machine's", async () => {
      const foundAt = new Date('2031-06-01T12:00:00.000Z');
      await repository.saveDispensaryLocation('grove', { lat: 38.6, lng: -90.2 }, foundAt);

      expect(await database.inspect.locationFoundAt('grove')).toBe(foundAt.toISOString());
      await expect(
        repository.saveDispensaryLocation('grove', { lat: 38.6, lng: -90.2 }, new Date(Number.NaN)),
      ).rejects.toThrow(/not a valid date/);
      expect(await database.inspect.locationFoundAt('grove')).toBe(foundAt.toISOString());
    });

    it('skips and reports a stored deal that is no longer valid', async () => {
      const reported: CorruptRow[] = [];
      repository = await openWith({ onCorruptRow: (row) => reported.push(row) });
      await repository.replaceSnapshot('grove', sampleDeals(3), T1);
      await database.inspect.corruptDeal('grove', 0, '{"title": ');
      await database.inspect.corruptDeal('grove', 2, JSON.stringify({ title: 5 }));

      const snapshot = await repository.getSnapshot('grove');
      await repository.loadSnapshots();

      expect(snapshot?.deals).toEqual(seenAt([sampleDeal(1)], T1));
      expect(reported).toHaveLength(4);
      expect(reported.slice(0, 2)).toEqual([
        {
          dispensaryKey: 'grove',
          position: 0,
          reason: expect.stringMatching(/^not JSON/) as string,
        },
        {
          dispensaryKey: 'grove',
          position: 2,
          reason: expect.stringMatching(/^not a valid deal: title/) as string,
        },
      ]);
    });

    it('warns about a corrupt deal when no one listens', async () => {
      const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
      try {
        await repository.replaceSnapshot('grove', sampleDeals(1), T1);
        await database.inspect.corruptDeal('grove', 0, 'null');

        expect((await repository.getSnapshot('grove'))?.deals).toEqual([]);
        expect(warn).toHaveBeenCalledWith(
          expect.stringMatching(/Skipped stored deal 0 of dispensary 'grove': not a valid deal/),
          { code: 'STL_DEALS_CORRUPT_ROW' },
        );
      } finally {
        warn.mockRestore();
      }
    });

    it('finds a database in use healthy', async () => {
      await repository.replaceSnapshot('grove', sampleDeals(300), T1);
      await repository.pruneDealHistory(T2);

      expect(await repository.checkHealth()).toEqual({ ok: true });
    });

    it('rejects calls once closed, and closes again quietly', async () => {
      await repository.close();

      await expect(repository.close()).resolves.toBeUndefined();
      await expect(repository.loadSnapshots()).rejects.toThrow(/is closed/);
      await expect(repository.replaceSnapshot('grove', [], T1)).rejects.toThrow(/is closed/);
      await expect(repository.loadPublishedView('page')).rejects.toThrow(/is closed/);
    });

    itWhenPersistent('keeps everything across a restart', async () => {
      const snapshot = await repository.replaceSnapshot('grove', sampleDeals(20), T1);
      await repository.recordScrapeRun(run({ finishedAt: T1.toISOString() }));
      await repository.saveDispensaryLocation('grove', { lat: 38.6, lng: -90.2 }, T1);
      const view: PublishedView = {
        view: 'page',
        fingerprint: 'f',
        etag: 'W/"f"',
        brotli: Buffer.from('br'),
        publishedAt: T1.toISOString(),
      };
      await repository.savePublishedView(view);
      const histories = await repository.sourceHistories();

      await restart();

      expect(await repository.loadPublishedView('page')).toEqual(view);
      expect(await repository.loadSnapshots()).toEqual([snapshot]);
      expect(await repository.sourceHistories()).toEqual(histories);
      expect(await repository.loadDispensaryLocations()).toEqual(
        new Map([['grove', { lat: 38.6, lng: -90.2 }]]),
      );
      const again = await repository.replaceSnapshot('grove', sampleDeals(21), T2);
      expect(again.deals[0]?.firstSeenAt).toBe(T1.toISOString());
      expect(again.deals[20]?.firstSeenAt).toBe(T2.toISOString());
    });

    itWhenPersistent('opens an already migrated database again and again', async () => {
      const snapshot = await repository.replaceSnapshot('grove', sampleDeals(2), T1);

      for (let reopen = 0; reopen < 3; reopen++) await restart();

      expect(await repository.loadSnapshots()).toEqual([snapshot]);
    });

    /** Options apply at open, so a test that needs some starts over on a new database. */
    async function openWith(options: RepositoryOptions): Promise<DealsRepository> {
      await database.dispose();
      database = await engine.createDatabase();
      return database.open(options);
    }
  });
}

import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { DispensaryListSchema, type Deal } from '@stl-deals/domain';
import {
  BlockedError,
  loadRegistry,
  loadZipCentroids,
  RetryableError,
  type Geocoder,
  OfflineError,
  UnconfiguredError,
  type DetectedSource,
  type Registry,
  type RegistryEntry,
  type Scraper,
  type ScrapeResult,
} from '@stl-deals/scraper';
import {
  openSqliteRepository,
  StorageFaultError,
  StorageFullError,
  type DealsRepository,
  type PublishedView,
  type ScrapeRun,
} from '@stl-deals/store';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Collection, type CollectionOptions } from '../src/collection/collection';
import { DispatchFailedError } from '../src/collection/refresh-pass';
import { PUBLIC_REASONS, STORAGE_REASONS } from '../src/collection/scrape-verdict';
import { createLogger } from '../src/logger';
import { createMetrics } from '../src/observability/metrics';
import { feedDeals } from './support/deals';
import { silentLogger, tempDir, TestClock } from './support/harness';

type Behaviour = (entry: RegistryEntry, signal: AbortSignal) => Promise<ScrapeResult>;

/** A scraper whose answer per dispensary the test sets; it counts calls and concurrency. */
class FakeScraper implements Scraper {
  readonly calls: string[] = [];
  /** Keys whose registry entry names no menu source. */
  readonly unconfigured = new Set<string>();
  maxActive = 0;
  private active = 0;
  private readonly behaviours = new Map<string, Behaviour>();

  on(key: string, behaviour: Behaviour): this {
    this.behaviours.set(key, behaviour);
    return this;
  }

  async scrape(entry: RegistryEntry, signal: AbortSignal): Promise<ScrapeResult> {
    this.calls.push(entry.key);
    this.active += 1;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      const behaviour = this.behaviours.get(entry.key) ?? found(feedDeals(entry.key, 2));
      return await behaviour(entry, signal);
    } finally {
      this.active -= 1;
    }
  }

  hasMenuSource(entry: RegistryEntry): boolean {
    const named = entry.platformId ?? entry.menuUrl ?? entry.specialsUrl;
    return !this.unconfigured.has(entry.key) || named !== undefined;
  }

  /** What each website shows, by dispensary key (none: the site shows no menu). */
  readonly websites = new Map<string, DetectedSource | Error>();
  readonly resolved: string[] = [];

  fetchJsonInBrowser(): Promise<unknown> {
    return Promise.reject(new Error('no browser in these tests'));
  }

  resolveSource(entry: RegistryEntry): Promise<DetectedSource | null> {
    this.resolved.push(entry.key);
    const shown = this.websites.get(entry.key);
    return shown instanceof Error ? Promise.reject(shown) : Promise.resolve(shown ?? null);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

const found =
  (deals: Deal[], extra: Partial<ScrapeResult> = {}): Behaviour =>
  () =>
    Promise.resolve({ deals, transport: 'http', ...extra });
const fails =
  (error: Error): Behaviour =>
  () =>
    Promise.reject(error);
/** Never answers, and ignores its signal: the collection must not wait for it. */
const hangs: Behaviour = () => new Promise<never>(() => {});

/** A scrape that waits for `release()`. */
function gate(deals: Deal[] = []) {
  let release = () => {};
  const behaviour: Behaviour = () =>
    new Promise((resolve) => {
      release = () => resolve({ deals, transport: 'http' });
    });
  return { behaviour, release: () => release() };
}

/** A geocoder that answers from a table, or fails with `failure`; it records what it was asked. */
class FakeGeocoder implements Geocoder {
  readonly asked: string[] = [];
  constructor(
    private readonly answers: Record<string, { lat: number; lng: number }>,
    public failure: Error | null = null,
  ) {}
  locate(address: string): Promise<{ lat: number; lng: number } | null> {
    this.asked.push(address);
    if (this.failure) return Promise.reject(this.failure);
    return Promise.resolve(this.answers[address] ?? null);
  }
  close(): void {}
}

const ADDRESS_B = '6166 Delmar Blvd, St. Louis, MO 63112';
const GEOCODED = { lat: 38.63951, lng: -90.26201 };
const CENTROIDS = new Map([
  ['63104', { lat: 38.611, lng: -90.214 }],
  ['63108', { lat: 38.645, lng: -90.253 }],
  ['63112', { lat: 38.66, lng: -90.283 }],
]);
const placesOf = (collection: Collection) =>
  collection
    .dispensaries()
    .map(({ key, lat, lng, locationSource, approximate }) => [
      key,
      lat,
      lng,
      locationSource,
      approximate,
    ]);

const registry = (...keys: string[]): Registry => ({
  dispensaries: keys.map((key) => ({ key, name: `Store ${key}`, platform: 'feed' as const })),
});

const opened: Collection[] = [];
afterEach(async () => {
  for (const collection of opened.splice(0)) {
    collection.stop();
    await collection.settled();
  }
});

async function open(
  options: Partial<CollectionOptions> & { scraper: Scraper; registry: Registry },
): Promise<Collection> {
  const collection = await Collection.open({
    repository: await openSqliteRepository({ file: ':memory:' }),
    clock: new TestClock(),
    logger: silentLogger,
    metrics: createMetrics(),
    concurrency: 4,
    cooldownMs: 60_000,
    scrapeTimeoutMs: 5_000,
    ...options,
  });
  opened.push(collection);
  return collection;
}

const stateOf = (collection: Collection, key: string) =>
  collection.status().sources?.find((source) => source.key === key);

describe('Collection', () => {
  it('shares one scrape among concurrent callers of one dispensary', async () => {
    const scraper = new FakeScraper();
    const slow = gate(feedDeals('a', 2));
    scraper.on('a', slow.behaviour);
    const collection = await open({ scraper, registry: registry('a') });
    const callers = Array.from({ length: 5 }, () => collection.refresh('a'));
    const run = collection.refreshAll();
    await Promise.resolve();
    slow.release();
    expect(await Promise.all(callers)).toEqual(Array(5).fill('refreshed'));
    expect(await run.finished).toMatchObject({ refreshed: 1, failed: 0, skipped: 0 });
    expect(scraper.calls).toEqual(['a']);
  });

  it("gives a visitor's refresh a slot of its own, never behind a pass over hanging stores", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const hangs: Behaviour = (entry) =>
      held.then(() => ({ deals: feedDeals(entry.key, 1), transport: 'http' as const }));
    const scraper = new FakeScraper().on('h1', hangs).on('h2', hangs);
    const collection = await open({
      scraper,
      registry: registry('h1', 'h2', 'good', 'other'),
      concurrency: 1,
      cooldownMs: 0,
    });
    // A pass takes the one shared slot with a store that hangs; the others wait behind it.
    const pass = collection.refreshAll();
    await vi.waitFor(() => expect(scraper.calls).toEqual(['h1']));
    // A visitor asks for stores the pass has not reached: each is scraped at once, once.
    expect(await collection.refresh('good', { visitor: true })).toBe('refreshed');
    expect(await collection.refresh('other', { visitor: true })).toBe('refreshed');
    expect(scraper.calls).toEqual(['h1', 'good', 'other']);
    release();
    expect(await pass.finished).toMatchObject({ refreshed: 4, failed: 0 });
    // The pass's own turns for them found their scrapes done and did not scrape them again.
    expect(scraper.calls).toEqual(['h1', 'good', 'other', 'h2']);
    expect(scraper.maxActive).toBe(2);
  });

  it('keeps to the concurrency bound', async () => {
    const scraper = new FakeScraper();
    const keys = ['a', 'b', 'c', 'd', 'e'];
    const gates = keys.map((key) => {
      const g = gate(feedDeals(key, 1));
      scraper.on(key, g.behaviour);
      return g;
    });
    const collection = await open({ scraper, registry: registry(...keys), concurrency: 2 });
    const run = collection.refreshAll();
    while (run.done < keys.length) {
      await new Promise((resolve) => setImmediate(resolve));
      for (const g of gates) g.release();
    }
    expect(await run.finished).toMatchObject({ refreshed: 5 });
    expect(scraper.maxActive).toBe(2);
  });

  it('does not scrape a dispensary again within the cooldown', async () => {
    const scraper = new FakeScraper();
    const clock = new TestClock();
    const collection = await open({ scraper, registry: registry('a'), clock });
    expect(await collection.refresh('a')).toBe('refreshed');
    clock.advance(59_999);
    expect(await collection.refresh('a')).toBe('skipped');
    clock.advance(1);
    expect(await collection.refresh('a')).toBe('refreshed');
    expect(scraper.calls).toEqual(['a', 'a']);
  });

  it('keeps the last good deals when a scrape fails or finds none, and says so', async () => {
    const scraper = new FakeScraper().on('a', found(feedDeals('a', 3)));
    const clock = new TestClock();
    const collection = await open({ scraper, registry: registry('a'), clock, cooldownMs: 0 });
    await collection.refresh('a');
    const good = collection.deals.of('a').etag;

    for (const [behaviour, reason] of [
      [fails(new BlockedError('403 at menus.example')), PUBLIC_REASONS.blocked],
      [fails(new Error('a bug')), PUBLIC_REASONS.error],
      [found([]), PUBLIC_REASONS.empty],
    ] as const) {
      scraper.on('a', behaviour);
      clock.advance(1000);
      expect(await collection.refresh('a')).toBe('failed');
      expect(collection.deals.of('a').etag).toBe(good);
      expect(collection.deals.countOf('a')).toBe(3);
      expect(stateOf(collection, 'a')).toMatchObject({
        state: 'stale',
        error: reason,
        dealCount: 3,
      });
    }
  });

  it('times a scrape out even when the scraper ignores its signal', async () => {
    const scraper = new FakeScraper().on('a', hangs);
    const collection = await open({ scraper, registry: registry('a'), scrapeTimeoutMs: 20 });
    expect(await collection.refresh('a')).toBe('failed');
    expect(stateOf(collection, 'a')).toMatchObject({
      state: 'failed',
      error: PUBLIC_REASONS.timeout,
    });
  });

  it('aborts running scrapes on stop, records nothing for them, and starts no queued one', async () => {
    const scraper = new FakeScraper().on('a', hangs).on('b', hangs);
    const repository = await openSqliteRepository({ file: ':memory:' });
    const collection = await open({
      scraper,
      repository,
      registry: registry('a', 'b'),
      concurrency: 1,
    });
    const run = collection.refreshAll();
    await new Promise((resolve) => setImmediate(resolve));
    collection.stop();
    // The aborted scrape did not fail: it is skipped, like the one never started.
    expect(await run.finished).toMatchObject({ refreshed: 0, failed: 0, skipped: 2 });
    await collection.settled();
    expect(scraper.calls).toEqual(['a']);
    expect(await repository.sourceHistories()).toEqual([]);
    expect(await collection.refreshAll().finished).toMatchObject({ skipped: 2 });
    expect(scraper.calls).toEqual(['a']);
  });

  it('fails the attempt, keeping the last snapshot, when the store cannot write', async () => {
    const repository = await openSqliteRepository({ file: ':memory:' });
    const scraper = new FakeScraper();
    const collection = await open({
      scraper,
      registry: registry('a'),
      repository,
      cooldownMs: 0,
    });
    await collection.refresh('a');
    repository.replaceSnapshot = () => Promise.reject(new Error('disk full'));
    expect(await collection.refresh('a')).toBe('failed');
    expect(collection.deals.countOf('a')).toBe(2);
    expect(stateOf(collection, 'a')).toMatchObject({ state: 'stale', error: PUBLIC_REASONS.error });
  });

  it.each([
    ['full', new StorageFullError('The deals database /data/deals.sqlite is full'), 'disk full'],
    ['failing', new StorageFaultError('Not writing: it is missing'), 'storage failing'],
  ] as const)(
    'says the storage is %s, keeping the last snapshot, when the store says so',
    async (_name, error, logged) => {
      const lines: Array<Record<string, unknown>> = [];
      const logger = pino(
        { level: 'error' },
        { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
      );
      const repository = await openSqliteRepository({ file: ':memory:' });
      const collection = await open({
        scraper: new FakeScraper(),
        registry: registry('a'),
        repository,
        cooldownMs: 0,
        logger,
      });
      await collection.refresh('a');
      repository.replaceSnapshot = () => Promise.reject(error);

      expect(await collection.refresh('a')).toBe('failed');

      expect(collection.deals.countOf('a')).toBe(2);
      const reason =
        error instanceof StorageFullError ? STORAGE_REASONS.full : STORAGE_REASONS.fault;
      expect(stateOf(collection, 'a')).toMatchObject({ state: 'stale', error: reason });
      expect(lines).toContainEqual(
        expect.objectContaining({ msg: `could not store the snapshot: ${logged}` }),
      );
    },
  );

  it('places every dispensary: registry, platform record, geocoded address, ZIP centroid', async () => {
    const repository = await openSqliteRepository({ file: ':memory:' });
    await repository.saveDispensaryLocation('b', { lat: 38.61, lng: -90.21 }, new Date());
    const geocoder = new FakeGeocoder({ '20 S Euclid Ave, St. Louis, MO 63108': GEOCODED });
    const places: Registry = {
      dispensaries: [
        { key: 'a', name: 'A', platform: 'feed', lat: 38.5, lng: -90.1, address: ADDRESS_B },
        { key: 'b', name: 'B', platform: 'feed', address: ADDRESS_B },
        { key: 'c', name: 'C', platform: 'feed', address: '20 S Euclid Ave, St. Louis, MO 63108' },
        { key: 'd', name: 'D', platform: 'feed', address: '1 Unknown Rd, St. Louis, MO 63104' },
        { key: 'e', name: 'E', platform: 'feed' },
      ],
    };
    const options = { scraper: new FakeScraper(), registry: places, repository, geocoder };
    const collection = await open({ ...options, zipCentroids: CENTROIDS });

    // Before the geocoder answers, the ZIP's centroid stands in.
    expect(placesOf(collection)[2]).toEqual(['c', 38.645, -90.253, 'zip-centroid', true]);
    expect(await collection.locateByAddress()).toBe(2);
    expect(geocoder.asked).toEqual([
      '20 S Euclid Ave, St. Louis, MO 63108',
      '1 Unknown Rd, St. Louis, MO 63104',
    ]);
    expect(placesOf(collection)).toEqual([
      ['a', 38.5, -90.1, 'registry', false],
      ['b', 38.61, -90.21, 'platform', false],
      ['c', GEOCODED.lat, GEOCODED.lng, 'geocoder', false],
      ['d', 38.611, -90.214, 'zip-centroid', true],
      ['e', null, null, undefined, undefined],
    ]);

    // Each address is asked once: the answers, a miss included, are kept in the store.
    collection.stop();
    await collection.settled();
    const again = await open({ ...options, zipCentroids: CENTROIDS });
    expect(await again.locateByAddress()).toBe(0);
    expect(geocoder.asked).toHaveLength(2);
    expect(placesOf(again)).toEqual(placesOf(collection));
  });

  it('stops geocoding at the first failure and asks the addresses left at the next pass', async () => {
    const geocoder = new FakeGeocoder({}, new RetryableError('geocoder unreachable'));
    const places: Registry = {
      dispensaries: [
        { key: 'c', name: 'C', platform: 'feed', address: '20 S Euclid Ave, St. Louis, MO 63108' },
        { key: 'd', name: 'D', platform: 'feed', address: '1 Unknown Rd, St. Louis, MO 63104' },
      ],
    };
    const repository = await openSqliteRepository({ file: ':memory:' });
    const collection = await open({
      scraper: new FakeScraper(),
      registry: places,
      geocoder,
      repository,
    });
    expect(await collection.locateByAddress()).toBe(0);
    expect(geocoder.asked).toHaveLength(1);
    expect(await repository.loadGeocodedAddresses()).toEqual(new Map());
    geocoder.failure = null;
    expect(await collection.locateByAddress()).toBe(2);
  });

  it('gives every bundled dispensary finite coordinates from the first start, offline', async () => {
    const bundled = await loadRegistry();
    const collection = await open({
      scraper: new FakeScraper(),
      registry: bundled,
      zipCentroids: loadZipCentroids(),
    });
    const listed = collection.dispensaries();
    expect(listed).toHaveLength(39);
    for (const { key, lat, lng, locationSource } of listed) {
      expect(Number.isFinite(lat) && Number.isFinite(lng), key).toBe(true);
      expect(['registry', 'zip-centroid'], key).toContain(locationSource);
    }
  });

  it('serves registry coordinates first, then discovered ones, else null', async () => {
    const repository = await openSqliteRepository({ file: ':memory:' });
    await repository.saveDispensaryLocation('b', { lat: 38.6, lng: -90.2 }, new Date());
    const scraper = new FakeScraper().on(
      'c',
      found(feedDeals('c', 1), { location: { lat: 38.7, lng: -90.3 } }),
    );
    const places: Registry = {
      dispensaries: [
        { key: 'a', name: 'A', platform: 'feed', lat: 38.5, lng: -90.1 },
        { key: 'b', name: 'B', platform: 'feed' },
        { key: 'c', name: 'C', platform: 'feed' },
        { key: 'd', name: 'D', platform: 'feed' },
      ],
    };
    const collection = await open({ scraper, registry: places, repository });
    await collection.refresh('c');
    expect(collection.dispensaries().map(({ key, lat, lng }) => [key, lat, lng])).toEqual([
      ['a', 38.5, -90.1],
      ['b', 38.6, -90.2],
      ['c', 38.7, -90.3],
      ['d', null, null],
    ]);
    expect(await repository.loadDispensaryLocations()).toEqual(
      new Map([
        ['b', { lat: 38.6, lng: -90.2 }],
        ['c', { lat: 38.7, lng: -90.3 }],
      ]),
    );
  });

  it("serves the phone the platform last stated, else the registry's, else none, and keeps it", async () => {
    const repository = await openSqliteRepository({ file: ':memory:' });
    let statedByB: string | null | undefined = '+13145550142';
    const scraper = new FakeScraper()
      .on('b', (entry, signal) =>
        found(feedDeals('b', 1), statedByB === undefined ? {} : { phone: statedByB })(
          entry,
          signal,
        ),
      )
      .on('c', found(feedDeals('c', 1)));
    const stores: Registry = {
      dispensaries: [
        { key: 'a', name: 'A', platform: 'feed', phone: '314.555.0107' },
        { key: 'b', name: 'B', platform: 'feed', phone: '636-555-0188' },
        { key: 'c', name: 'C', platform: 'feed' },
      ],
    };
    const options = { scraper, registry: stores, repository, cooldownMs: 0 };
    const collection = await open(options);
    // Another process on the same store (an API process of a cluster), which never scrapes.
    const watcher = await open({ ...options, scraper: new FakeScraper() });
    const phonesOf = (listed: Collection) =>
      listed.dispensaries().map(({ key, phone }) => [key, phone]);
    const registryB = { source: 'registry', display: '(636) 555-0188', href: 'tel:+16365550188' };
    const platformB = { source: 'platform', display: '(314) 555-0142', href: 'tel:+13145550142' };
    expect(phonesOf(collection)).toEqual([
      ['a', { source: 'registry', display: '(314) 555-0107', href: 'tel:+13145550107' }],
      ['b', registryB],
      ['c', undefined],
    ]);
    await collection.refresh('b');
    await collection.refresh('c');
    expect(phonesOf(collection).slice(1)).toEqual([
      ['b', platformB],
      ['c', undefined],
    ]);
    expect(DispensaryListSchema.parse(collection.dispensaries())[1]?.phone).toEqual(platformB);
    // It follows the number when told the scrape ended.
    expect(phonesOf(watcher)[1]).toEqual(['b', registryB]);
    await watcher.follow('b');
    expect(phonesOf(watcher)[1]).toEqual(['b', platformB]);

    // A restart serves it before any scrape.
    collection.stop();
    await collection.settled();
    const again = await open(options);
    expect(phonesOf(again)[1]).toEqual(['b', platformB]);

    // A scrape whose store record was not answered says nothing: the kept number stays.
    statedByB = undefined;
    await again.refresh('b');
    expect(phonesOf(again)[1]).toEqual(['b', platformB]);
    // A store record that now states none: back to the registry's.
    statedByB = null;
    await again.refresh('b');
    expect(phonesOf(again)[1]).toEqual(['b', registryB]);
    expect(await repository.loadDispensaryPhones()).toEqual(new Map());
  });

  it("serves the hours the platform last stated, else the registry's, else none, and keeps them", async () => {
    const day = (closes: string) => [{ opens: '10:00', closes }];
    const week = (closes: string) => ({
      sunday: [],
      monday: day(closes),
      tuesday: day(closes),
      wednesday: day(closes),
      thursday: day(closes),
      friday: day('02:00'),
      saturday: day('02:00'),
    });
    const repository = await openSqliteRepository({ file: ':memory:' });
    let statedByB: ReturnType<typeof week> | null | undefined = week('22:00');
    const scraper = new FakeScraper()
      .on('b', (entry, signal) =>
        found(feedDeals('b', 1), statedByB === undefined ? {} : { hours: statedByB })(
          entry,
          signal,
        ),
      )
      .on('c', found(feedDeals('c', 1)));
    const stores: Registry = {
      dispensaries: [
        { key: 'a', name: 'A', platform: 'feed', hours: week('20:00') },
        { key: 'b', name: 'B', platform: 'feed', hours: week('20:00') },
        { key: 'c', name: 'C', platform: 'feed' },
      ],
    };
    const options = { scraper, registry: stores, repository, cooldownMs: 0 };
    const collection = await open(options);
    const hoursOf = (listed: Collection) =>
      listed.dispensaries().map(({ key, hours }) => [key, hours]);
    expect(hoursOf(collection)).toEqual([
      ['a', { source: 'registry', week: week('20:00') }],
      ['b', { source: 'registry', week: week('20:00') }],
      ['c', undefined],
    ]);
    await collection.refresh('b');
    await collection.refresh('c');
    expect(hoursOf(collection)[1]).toEqual(['b', { source: 'platform', week: week('22:00') }]);
    expect(hoursOf(collection)[2]).toEqual(['c', undefined]);

    // A restart serves them before any scrape.
    collection.stop();
    await collection.settled();
    const again = await open(options);
    expect(hoursOf(again)[1]).toEqual(['b', { source: 'platform', week: week('22:00') }]);

    // A scrape whose store record was not answered says nothing: the kept week stays.
    statedByB = undefined;
    await again.refresh('b');
    expect(hoursOf(again)[1]).toEqual(['b', { source: 'platform', week: week('22:00') }]);
    // A store record that now states none: back to the registry's.
    statedByB = null;
    await again.refresh('b');
    expect(hoursOf(again)[1]).toEqual(['b', { source: 'registry', week: week('20:00') }]);
    expect(await repository.loadDispensaryHours()).toEqual(new Map());
  });

  it('reports progress and an estimate from measured durations during the first load', async () => {
    const clock = new TestClock();
    const scraper = new FakeScraper();
    const slow = gate(feedDeals('b', 1));
    scraper.on('a', () => {
      clock.advance(10_000);
      return Promise.resolve({ deals: feedDeals('a', 1), transport: 'http' });
    });
    scraper.on('b', slow.behaviour);
    const collection = await open({
      scraper,
      clock,
      registry: registry('a', 'b', 'c'),
      concurrency: 1,
      scrapeTimeoutMs: 60_000,
    });
    expect(collection.status()).toMatchObject({ ready: false, progress: { done: 0, total: 3 } });
    expect(collection.status()).not.toHaveProperty('etaSeconds');

    const run = collection.refreshAll();
    await collection.refresh('a');
    await new Promise((resolve) => setImmediate(resolve));
    clock.advance(4_000);
    expect(collection.status()).toMatchObject({
      ready: false,
      progress: { done: 1, total: 3 },
      // b has run 4 s of a typical 10 s; c waits for the one slot: 6 + 10.
      etaSeconds: 16,
    });
    expect(stateOf(collection, 'b')?.state).toBe('running');
    expect(stateOf(collection, 'c')?.state).toBe('pending');
    slow.release();
    await run.finished;
    expect(collection.status()).toMatchObject({ ready: true, totalDeals: 4 });
  });

  it('starts a new pass after a pass that rejected, instead of joining it forever', async () => {
    const metrics = createMetrics();
    vi.spyOn(metrics.scrapes, 'inc').mockImplementationOnce(() => {
      throw new Error('a bug in reporting');
    });
    const scraper = new FakeScraper();
    const collection = await open({ scraper, registry: registry('a'), metrics, cooldownMs: 0 });
    const first = collection.refreshAll();
    await expect(first.finished).rejects.toThrow('a bug in reporting');
    const second = collection.refreshAll();
    expect(second).not.toBe(first);
    expect(await second.finished).toMatchObject({ refreshed: 1 });
    expect(scraper.calls).toEqual(['a', 'a']);
  });

  it('scrapes again when the last attempt is dated in the future (the clock was set back)', async () => {
    const scraper = new FakeScraper();
    const clock = new TestClock();
    const collection = await open({ scraper, registry: registry('a'), clock });
    expect(await collection.refresh('a')).toBe('refreshed');
    clock.advance(-60 * 60_000);
    expect(await collection.refresh('a')).toBe('refreshed');
    expect(await collection.refresh('a')).toBe('skipped');
    expect(scraper.calls).toEqual(['a', 'a']);
  });

  it('refreshes the dispensaries due: never attempted, nothing recent stored at start, or last attempted an interval ago', async () => {
    const repository = await openSqliteRepository({ file: ':memory:' });
    const clock = new TestClock();
    const at = (minutesAgo: number) => new Date(clock.now().getTime() - minutesAgo * 60_000);
    // a: a snapshot from 29 min ago; b: from 31 min ago; c: an old snapshot, attempted (and
    // failed) 5 min ago, before a restart; d: nothing at all; e: a run dated in the future.
    await repository.replaceSnapshot('a', feedDeals('a', 1), at(29));
    await repository.replaceSnapshot('b', feedDeals('b', 1), at(31));
    await repository.replaceSnapshot('c', feedDeals('c', 1), at(300));
    for (const [key, minutesAgo, outcome] of [
      ['c', 5, 'blocked'],
      ['e', -60, 'ok'],
    ] as const) {
      const finishedAt = at(minutesAgo).toISOString();
      await repository.recordScrapeRun({
        dispensaryKey: key,
        startedAt: finishedAt,
        finishedAt,
        outcome,
        transport: 'http',
        dealCount: 0,
        error: null,
      });
    }
    const scraper = new FakeScraper();
    const collection = await open({
      scraper,
      repository,
      clock,
      registry: registry('a', 'b', 'c', 'd', 'e'),
    });
    const run = collection.refreshDue(30 * 60_000);
    expect(run.total).toBe(4);
    await run.finished;
    // c is tried at once: nothing recent is stored for it, whatever its last attempt came to.
    expect(scraper.calls.sort()).toEqual(['b', 'c', 'd', 'e']);

    clock.advance(60_000);
    await collection.refreshDue(30 * 60_000).finished;
    expect(scraper.calls.sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('retries a failing dispensary after 1, 2, 4... minutes, at most an interval apart', async () => {
    const repository = await openSqliteRepository({ file: ':memory:' });
    const clock = new TestClock();
    const scraper = new FakeScraper().on('a', fails(new OfflineError('ENOTFOUND a.example')));
    const collection = await open({ scraper, repository, clock, registry: registry('a', 'b') });
    const INTERVAL_MS = 10 * 60_000;
    const triedAt: number[] = [];
    const start = clock.now().getTime();
    // A tick every 30 s for an hour, as the scheduler would.
    for (let tick = 0; tick <= 120; tick++) {
      const before = scraper.calls.filter((key) => key === 'a').length;
      await collection.refreshDue(INTERVAL_MS).finished;
      if (scraper.calls.filter((key) => key === 'a').length > before) {
        triedAt.push((clock.now().getTime() - start) / 60_000);
      }
      clock.advance(30_000);
    }
    // Tried at start, then 1, 2, 4 and 8 minutes after each failure, then every interval (10).
    expect(triedAt.slice(0, 8)).toEqual([0, 1, 3, 7, 15, 25, 35, 45]);
    // The good one is refreshed once per interval only.
    expect(scraper.calls.filter((key) => key === 'b')).toHaveLength(7);
    expect(stateOf(collection, 'a')).toMatchObject({ state: 'failed' });
  });

  it('logs and records the transport a failed scrape tried, when its error names it', async () => {
    class BlockedInBrowser extends BlockedError {
      readonly transport = 'browser';
    }
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const repository = await openSqliteRepository({ file: ':memory:' });
    const recorded: ScrapeRun[] = [];
    const record = repository.recordScrapeRun.bind(repository);
    repository.recordScrapeRun = (run) => {
      recorded.push(run);
      return record(run);
    };
    const scraper = new FakeScraper()
      .on('a', fails(new BlockedInBrowser('challenge page')))
      .on('b', fails(new BlockedError('403')));
    const collection = await open({ scraper, repository, logger, registry: registry('a', 'b') });
    await collection.refreshAll().finished;
    const scrapeLines = lines.filter((line) => line.msg === 'scrape');
    expect(
      scrapeLines.map(({ dispensary, transport, outcome }) => [dispensary, transport, outcome]),
    ).toEqual([
      ['a', 'browser', 'blocked'],
      ['b', null, 'blocked'],
    ]);
    expect(recorded.map(({ dispensaryKey, transport }) => [dispensaryKey, transport])).toEqual([
      ['a', 'browser'],
      ['b', null],
    ]);
  });

  it('never estimates 0 s while a scrape runs past its typical duration', async () => {
    const clock = new TestClock();
    const slow = gate(feedDeals('b', 1));
    const scraper = new FakeScraper()
      .on('a', () => {
        clock.advance(10_000);
        return Promise.resolve({ deals: feedDeals('a', 1), transport: 'http' });
      })
      .on('b', slow.behaviour);
    const collection = await open({
      scraper,
      clock,
      registry: registry('a', 'b'),
      scrapeTimeoutMs: 60_000,
    });
    await collection.refresh('a');
    const running = collection.refresh('b');
    await new Promise((resolve) => setImmediate(resolve));
    clock.advance(30_000);
    // 30 s into a typical 10 s: still running, so half the typical duration more.
    expect(collection.status()).toMatchObject({ ready: false, etaSeconds: 5 });
    clock.advance(28_000);
    // 2 s before the timeout ends it.
    expect(collection.status()).toMatchObject({ etaSeconds: 2 });
    slow.release();
    await running;
    expect(collection.status()).toMatchObject({ ready: true, progress: { done: 2, total: 2 } });
    expect(collection.status()).not.toHaveProperty('etaSeconds');
  });

  it('never scrapes a dispensary with no menu source, and counts it settled and apart', async () => {
    const scraper = new FakeScraper().on('c', fails(new OfflineError('ENOTFOUND')));
    scraper.unconfigured.add('b');
    const collection = await open({ scraper, registry: registry('a', 'b', 'c') });
    expect(stateOf(collection, 'b')).toMatchObject({
      state: 'unconfigured',
      error: 'No menu source is known for this dispensary yet.',
    });
    expect(await collection.refreshAll().finished).toMatchObject({
      refreshed: 1,
      failed: 1,
      skipped: 1,
    });
    expect(await collection.refresh('b')).toBe('skipped');
    expect(await collection.refreshDue(0).finished).toMatchObject({ skipped: 3 });
    expect(scraper.calls).toEqual(['a', 'c']);
    expect(collection.status()).toMatchObject({
      ready: true,
      sourcesOk: 1,
      sourcesFailing: 1,
      sourcesUnconfigured: 1,
    });
    expect(stateOf(collection, 'c')).toMatchObject({
      state: 'failed',
      error: 'The service cannot reach the internet.',
    });
  });

  it('stops trying a dispensary once its scrape finds it has no menu source', async () => {
    const scraper = new FakeScraper().on('a', fails(new UnconfiguredError('no platformId')));
    const collection = await open({ scraper, registry: registry('a'), cooldownMs: 0 });
    expect(await collection.refresh('a')).toBe('failed');
    expect(await collection.refresh('a')).toBe('skipped');
    expect(scraper.calls).toEqual(['a']);
    expect(stateOf(collection, 'a')).toMatchObject({
      state: 'unconfigured',
      error: 'No menu source is known for this dispensary yet.',
    });
    expect(collection.status()).toMatchObject({ ready: true, sourcesUnconfigured: 1 });
  });
});

describe('Collection in a cluster: its scrapes asked of the queue', () => {
  it('a refresh no worker will answer fails with its reason and keeps the last good deals, until the store is read again', async () => {
    const repository = await openSqliteRepository({ file: ':memory:' });
    const clock = new TestClock();
    const scrapedAt = new Date(clock.now().getTime() - 60_000);
    await repository.replaceSnapshot('a', feedDeals('a', 3), scrapedAt);
    await repository.recordScrapeRun({
      dispensaryKey: 'a',
      startedAt: scrapedAt.toISOString(),
      finishedAt: scrapedAt.toISOString(),
      outcome: 'ok',
      transport: 'http',
      dealCount: 3,
      error: null,
    });
    const unreachable = "The service's database cannot be reached; the last good deals are kept.";
    const asked: string[] = [];
    const scraper = new FakeScraper();
    const collection = await open({
      scraper,
      repository,
      clock,
      registry: registry('a'),
      dispatch: {
        request: (key) => {
          asked.push(key);
          return Promise.reject(new DispatchFailedError(unreachable));
        },
      },
    });
    expect(await collection.refresh('a')).toBe('failed');
    expect(await collection.refreshAll().finished).toMatchObject({ refreshed: 0, failed: 1 });
    expect(asked).toEqual(['a', 'a']);
    expect(scraper.calls).toEqual([]);
    expect(stateOf(collection, 'a')).toMatchObject({
      state: 'stale',
      error: unreachable,
      dealCount: 3,
      lastSuccessAt: scrapedAt.toISOString(),
      // Nothing was learnt of the menu: its last attempt and failures in a row are as they were.
      lastAttemptAt: scrapedAt.toISOString(),
    });
    expect(collection.health()).toEqual([
      { key: 'a', lastSuccessAt: scrapedAt, consecutiveFailures: 0 },
    ]);
    // The store read again (the cluster's connection back): its state is what the store says.
    await collection.follow('a');
    expect(stateOf(collection, 'a')).toMatchObject({ state: 'ok', error: null });
  });
});

describe("Collection, keeping the page's list for the next start", () => {
  const savesOf = (repository: DealsRepository) => vi.spyOn(repository, 'savePublishedView');
  const keptDeals = (view: PublishedView | undefined) =>
    JSON.parse(String(brotliDecompressSync(view?.brotli ?? Buffer.alloc(0)))) as unknown[];

  it('writes the latest list at most every 30 s, and the one unwritten at shutdown', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const repository = await openSqliteRepository({ file: ':memory:' });
      const saves = savesOf(repository);
      const scraper = new FakeScraper();
      scraper.on('a', found(feedDeals('a', 2)));
      scraper.on('b', found(feedDeals('b', 3)));
      const collection = await open({
        scraper,
        repository,
        registry: registry('a', 'b'),
        coalescing: { quietMs: 0, maxWaitMs: 0 },
        cooldownMs: 0,
      });
      // A refresh ends once its deals are published, which the coalescing timer does.
      const refresh = async (key: string) => {
        const refreshed = collection.refresh(key);
        await vi.advanceTimersByTimeAsync(0);
        return refreshed;
      };
      await refresh('a');
      await refresh('b');
      // Two publications (and the one at start), nothing written yet.
      expect(saves).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(29_000);
      expect(saves).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1_000);
      // Each write keeps both views, the page's first.
      const written = (view: string) =>
        saves.mock.calls.flatMap(([kept]) => (kept.view === view ? [kept] : []));
      // Its brotli comes from the thread pool, which the fake timers do not drive.
      await vi.waitFor(() => expect(saves).toHaveBeenCalledTimes(2));
      expect(saves.mock.calls.map(([kept]) => kept.view)).toEqual(['page', 'full']);
      expect(keptDeals(written('page')[0])).toHaveLength(5);
      expect(keptDeals(written('full')[0])).toHaveLength(5);

      scraper.on('a', found(feedDeals('a', 1)));
      await refresh('a');
      collection.stop();
      await collection.settled();
      expect(saves).toHaveBeenCalledTimes(4);
      expect(keptDeals(written('page')[1])).toHaveLength(4);
      expect((await repository.loadPublishedView('page'))?.brotli).toEqual(
        written('page')[1]?.brotli,
      );
      expect((await repository.loadPublishedView('full'))?.brotli).toEqual(
        written('full')[1]?.brotli,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the snapshots back after a start on the kept list a store per turn of the event loop', async () => {
    const repository = await openSqliteRepository({ file: ':memory:' });
    const stores = registry('a', 'b', 'c');
    const first = await open({ scraper: new FakeScraper(), repository, registry: stores });
    await first.refreshAll().finished;
    first.stop();
    await first.settled();

    const reads = vi.spyOn(repository, 'getSnapshot');
    const restarted = await open({ scraper: new FakeScraper(), repository, registry: stores });
    // The kept list is served: nothing was read back to open.
    expect(reads).not.toHaveBeenCalled();
    const loaded = restarted.whenLoaded();
    // What waits for the next turn (a request, a signal) runs before the last store is read,
    // although the store answers every read at once.
    const readsByNextTurn = await new Promise<number>((resolve) =>
      setImmediate(() => resolve(reads.mock.calls.length)),
    );
    expect(readsByNextTurn).toBeLessThan(stores.dispensaries.length);
    await loaded;
    expect(reads).toHaveBeenCalledTimes(stores.dispensaries.length);
    expect(restarted.status().totalDeals).toBe(6);
  });

  it('writes nothing in a process that serves no deals (a cluster worker)', async () => {
    const repository = await openSqliteRepository({ file: ':memory:' });
    const saves = savesOf(repository);
    const scraper = new FakeScraper();
    scraper.on('a', found(feedDeals('a', 2)));
    const collection = await open({
      scraper,
      repository,
      registry: registry('a'),
      keepsPage: false,
    });
    await collection.refresh('a');
    collection.stop();
    await collection.settled();
    expect(saves).not.toHaveBeenCalled();
  });
});

describe('Collection, reading a store through its website (RESOLVE_SOURCES)', () => {
  const site = (key: string, extra: Partial<RegistryEntry> = {}): RegistryEntry => ({
    key,
    name: `Store ${key}`,
    platform: 'html',
    website: `https://${key}.example/`,
    ...extra,
  });
  const JANE = {
    platform: 'jane' as const,
    platformId: '4536',
    menuUrl: 'https://www.iheartjane.com/embed/stores/4536/menu',
    evidence: 'store website: Jane embed of store 4536',
  };

  it('scrapes through the platform its website embeds, and keeps it after a restart', async () => {
    const scraper = new FakeScraper();
    scraper.unconfigured.add('a');
    scraper.websites.set('a', JANE);
    const file = join(tempDir(), 'deals.sqlite');
    const repository = await openSqliteRepository({ file });
    const seen: RegistryEntry[] = [];
    scraper.on('a', (entry) => {
      seen.push(entry);
      return Promise.resolve({ deals: feedDeals('a', 2), transport: 'browser' });
    });
    const registry = { dispensaries: [site('a')] };
    const first = await open({ scraper, registry, repository, resolveSources: true });
    expect(await first.refresh('a')).toBe('refreshed');
    expect(seen[0]).toMatchObject({ platform: 'jane', platformId: '4536' });
    expect(first.dispensaries()[0]).toMatchObject({
      platform: 'jane',
      platformSource: expect.stringMatching(
        /^store website: Jane embed of store 4536 \(20/,
      ) as string,
    });
    first.stop();
    await first.settled();

    const restarted = await open({
      scraper,
      registry,
      repository,
      resolveSources: true,
      cooldownMs: 0,
    });
    expect(await restarted.refresh('a')).toBe('refreshed');
    expect(scraper.resolved).toEqual(['a']); // looked at once
    expect(seen[1]).toMatchObject({ platform: 'jane', platformId: '4536' });
    expect(restarted.dispensaries()[0]?.platform).toBe('jane');
  });

  it("fails with the site's reason when it has no other source, and looks again once online", async () => {
    const scraper = new FakeScraper();
    scraper.unconfigured.add('a');
    scraper.websites.set('a', new OfflineError('getaddrinfo ENOTFOUND a.example'));
    const collection = await open({
      scraper,
      registry: { dispensaries: [site('a')] },
      resolveSources: true,
      cooldownMs: 0,
    });
    expect(await collection.refresh('a')).toBe('failed');
    expect(stateOf(collection, 'a')).toMatchObject({
      state: 'failed',
      error: 'The service cannot reach the internet.',
    });
    scraper.websites.delete('a'); // online, and the site shows no menu
    expect(await collection.refresh('a')).toBe('failed');
    expect(stateOf(collection, 'a')).toMatchObject({ state: 'unconfigured' });
    expect(await collection.refresh('a')).toBe('skipped'); // not looked at again for 30 days
    expect(scraper.resolved).toEqual(['a', 'a']);
    expect(scraper.calls).toEqual([]); // nothing to scrape it by
  });

  it('logs one line per store that could not be reached, with its public reason and no stack', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger('info', {
      write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
    });
    const scraper = new FakeScraper().on('b', fails(new OfflineError('ENOTFOUND b.example')));
    scraper.unconfigured.add('a');
    scraper.websites.set('a', new OfflineError('getaddrinfo ENOTFOUND a.example'));
    const collection = await open({
      scraper,
      logger,
      registry: { dispensaries: [site('a'), ...registry('b').dispensaries] },
      resolveSources: true,
    });
    await collection.refreshAll().finished;
    const warnings = lines.filter((line) => Number(line.level) >= 40);
    expect(warnings.map(({ dispensary, msg, reason }) => [dispensary, msg, reason])).toEqual([
      ['a', 'scrape', 'The service cannot reach the internet.'],
      ['b', 'scrape', 'The service cannot reach the internet.'],
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/"stack"|\\n\s+at /);
  });

  it('keeps reading a specials page when the site cannot be opened, and never opens a site of a store with an id', async () => {
    const scraper = new FakeScraper();
    scraper.websites.set('a', new Error('The browser failed: no Chromium'));
    const registry = {
      dispensaries: [
        site('a', { specialsUrl: 'https://a.example/specials' }),
        site('b', { platform: 'dutchie', platformId: 'b-store' }),
      ],
    };
    const collection = await open({ scraper, registry, resolveSources: true });
    expect(await collection.refreshAll().finished).toMatchObject({ refreshed: 2 });
    expect(scraper.resolved).toEqual(['a']);
    expect(collection.dispensaries().map((each) => each.platform)).toEqual(['html', 'dutchie']);
  });

  it('looks a store with no website nor source up in the directories, once', async () => {
    const scraper = new FakeScraper();
    scraper.unconfigured.add('a');
    scraper.websites.set('a', {
      platform: 'dutchie',
      platformId: 'a-store',
      website: 'https://a.example/',
      evidence: 'dutchie directory (DispensarySearch): listed as a-store',
    });
    const bare: RegistryEntry = {
      key: 'a',
      name: 'Store a',
      platform: 'html',
      address: '1 Elm St, Fenton, MO 63026',
    };
    const collection = await open({
      scraper,
      registry: { dispensaries: [bare] },
      resolveSources: true,
      cooldownMs: 0,
    });
    expect(await collection.refresh('a')).toBe('refreshed');
    expect(await collection.refresh('a')).toBe('refreshed');
    expect(scraper.resolved).toEqual(['a']);
    expect(collection.dispensaries()[0]).toMatchObject({
      platform: 'dutchie',
      website: 'https://a.example/',
    });
  });

  it('never opens a website with RESOLVE_SOURCES off', async () => {
    const scraper = new FakeScraper();
    const collection = await open({
      scraper,
      registry: { dispensaries: [site('a', { specialsUrl: 'https://a.example/s' })] },
    });
    expect(await collection.refresh('a')).toBe('refreshed');
    expect(scraper.resolved).toEqual([]);
  });
});

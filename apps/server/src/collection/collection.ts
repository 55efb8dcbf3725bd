import {
  chooseLocation,
  zipOfAddress,
  type CacheStatus,
  type Dispensary,
  type GeoPoint,
} from '@stl-deals/domain';
import {
  ScrapeError,
  type Geocoder,
  UnconfiguredError,
  type Registry,
  type RegistryEntry,
  type Scraper,
  type ScrapeResult,
  type Transport,
} from '@stl-deals/scraper';
import type {
  DealsRepository,
  ResolvedSource,
  ScrapeOutcome,
  Snapshot,
  SourceHistory,
} from '@stl-deals/store';
import pLimit, { type LimitFunction } from 'p-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { isEtagForm } from '../http/etag';
import type { PreparedBody } from '../http/prepared-body';
import type { Metrics } from '../observability/metrics';
import { DealsReadModel, pageFingerprint, type Coalescing } from './read-model';
import { judgeScrape, storeFailure, type ScrapeEnd, type ScrapeVerdict } from './scrape-verdict';
import {
  effectiveEntry,
  needsResolution,
  platformSourceOf,
  resolvedFrom,
} from './source-resolution';
import { cacheStatus, estimateSeconds, type SourceFacts } from './source-status';
import { untilAborted } from './until-aborted';

/** What one caller's refresh of one dispensary came to. */
export type RefreshResult = 'refreshed' | 'failed' | 'skipped';

export interface RefreshSummary {
  refreshed: number;
  failed: number;
  /** Scraped less than the cooldown ago, no menu source known, or asked or stopped by a shutdown. */
  skipped: number;
  durationMs: number;
}

/**
 * How scrapes are carried out when they are jobs on a cluster's queue (see cluster/): the
 * dispensary's scrape is queued, or the one queued or running is joined, wherever it runs.
 */
export interface ScrapeDispatch {
  /** Resolves with what the scrape came to once its result is in the store. */
  request(key: string): Promise<RefreshResult>;
}

/** What a process that scrapes tells the others (see cluster/scrape-events.ts). */
export type ScrapeEvent =
  | { kind: 'started'; key: string; leaseUntil: string }
  | {
      kind: 'finished';
      key: string;
      result: RefreshResult;
      durationMs: number;
      dealsFound?: number;
      unconfigured: boolean;
    };

/** One pass over several dispensaries, which any number of callers may wait on. */
export interface CollectionRun {
  readonly total: number;
  /** How many of them have finished so far. */
  readonly done: number;
  /** Never rejects: a dispensary's failure is counted, not thrown. */
  readonly finished: Promise<RefreshSummary>;
}

export interface CollectionOptions {
  registry: Registry;
  repository: DealsRepository;
  scraper: Scraper;
  clock: Clock;
  logger: FastifyBaseLogger;
  metrics: Pick<Metrics, 'scrapes' | 'scrapeSeconds' | 'dispensaryDeals'>;
  concurrency: number;
  cooldownMs: number;
  scrapeTimeoutMs: number;
  /** Finds a street address's coordinates; null or absent: no geocoder is asked (GEOCODER_URL). */
  geocoder?: Geocoder | null;
  /** ZIP -> its centroid, the last resort for a dispensary's place. */
  zipCentroids?: ReadonlyMap<string, GeoPoint>;
  /**
   * Whether a store's website is opened in the browser to find the menu it embeds, before the
   * first scrape of an entry with a website and no platform id (RESOLVE_SOURCES). Default false.
   */
  resolveSources?: boolean;
  /** When the whole deals list follows the dispensaries' results. Default DEFAULT_COALESCING. */
  coalescing?: Coalescing;
  /**
   * Set in a cluster: every scrape this process asks for is a job on the shared queue, run by
   * whichever worker takes it (`runJob`), instead of a scrape here.
   */
  dispatch?: ScrapeDispatch;
  /** Told when a scrape starts and ends here, so that the cluster's other processes follow. */
  onScrapeEvent?: (event: ScrapeEvent) => void;
  /**
   * Whether the page's list is kept in the store for the next start (see `keepPage`). Default
   * true; false for a cluster's workers, which serve no deals.
   */
  keepsPage?: boolean;
}

/** One dispensary as the collection tracks it. */
interface Source {
  /** The registry's entry, read through what its website showed (see source-resolution). */
  entry: RegistryEntry;
  /** The registry's own entry. */
  registered: RegistryEntry;
  /** What the store's website showed when it was last looked at. */
  resolved: ResolvedSource | undefined;
  snapshotAt: Date | null;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastOutcome: ScrapeOutcome | null;
  lastError: string | null;
  attemptedSinceStart: boolean;
  /** No menu source is known (the registry's entry, or a scrape that found none): never scraped. */
  unconfigured: boolean;
  runningSince: Date | null;
  /** In a cluster: another process scrapes it, until this time at the latest (its job's lease). */
  runningElsewhereUntil: Date | null;
  /** The scrape under way or queued, which every caller shares. */
  flight: Promise<RefreshResult> | null;
  /** Coordinates a platform's store lookup found. */
  discovered: GeoPoint | null;
  /** Deals the last stored menu held when it was over the per-store bound, else undefined. */
  dealsFound?: number;
}

/** The view of the whole list kept for the next start: the one the page asks for. */
const PAGE_VIEW = 'page';

/**
 * How often at most the page's list is written for the next start: some megabytes at 10,000
 * deals, by every API process of a cluster. A start after a crash may serve a list up to this old
 * until the snapshots are read back (under a second later); a shutdown writes the latest.
 */
const KEEP_PAGE_EVERY_MS = 30_000;

/** How many recent scrape durations the estimate averages. */
const RECENT_DURATIONS = 20;

/**
 * Collects every dispensary's deals: scrapes with bounded concurrency, one scrape per dispensary
 * at a time whoever asks (single-flight), a cooldown between scrapes, the nothing-lost rule on
 * every result, and the read model and status kept current.
 */
export class Collection {
  readonly deals: DealsReadModel;
  private readonly sources: Source[];
  private readonly byKey: Map<string, Source>;
  private readonly limit: LimitFunction;
  private readonly stopping = new AbortController();
  private readonly recentDurationsMs: number[] = [];
  private allRun: CollectionRun | null = null;
  private locating: Promise<number> | null = null;
  private loading: Promise<void> | null = null;
  /** The snapshots were read back (see `whenLoaded`). */
  private loaded = false;
  /** What the page's list published under (see `pageFingerprint`). */
  private readonly fingerprint: string;
  /** The ETag of the page's list the store holds, when known: that list is not written again. */
  private savedPageEtag: string | null = null;
  /** The latest page's list not yet written, if any; writes follow one another. */
  private unsavedPage: PreparedBody | null = null;
  private keepTimer: NodeJS.Timeout | undefined;
  private saving: Promise<void> = Promise.resolve();

  /**
   * Opens the collection on what the repository kept. When the store holds the page's list as
   * this registry and build would publish it, that list is served at once and the snapshots are
   * read back later (`whenLoaded`), so that a restart answers the page without decoding every
   * deal first; otherwise they are read back before this resolves, as nothing could be served.
   */
  static async open(options: CollectionOptions): Promise<Collection> {
    const { repository } = options;
    const [histories, locations, geocoded, resolved, stored] = await Promise.all([
      repository.sourceHistories(),
      repository.loadDispensaryLocations(),
      repository.loadGeocodedAddresses(),
      repository.loadResolvedSources(),
      repository.loadPublishedView(PAGE_VIEW),
    ]);
    const collection = new Collection(options, histories, locations, geocoded, resolved);
    if (stored?.fingerprint === collection.fingerprint && isEtagForm(stored.etag)) {
      collection.deals.serveStored(stored.brotli, stored.etag);
      collection.savedPageEtag = stored.etag;
    } else {
      await collection.whenLoaded();
    }
    return collection;
  }

  /**
   * Reads the stored snapshots back into the read model and publishes them (replacing a stored
   * page's list), once: called again, it answers the same promise. Everything but that page's
   * list waits for it (the status, a dispensary's deals, scrapes, a cluster's events), since
   * only the snapshots say which dispensary has what.
   */
  whenLoaded(): Promise<void> {
    this.loading ??= this.loadSnapshots();
    return this.loading;
  }

  private async loadSnapshots(): Promise<void> {
    // One dispensary at a time: only one menu's decoded deals are alive at once, and they die
    // young, so loading 10,000 stored deals leaves no grown heap behind.
    for (const source of this.sources) {
      if (this.stopping.signal.aborted) return;
      const snapshot = await this.options.repository.getSnapshot(source.entry.key);
      if (snapshot) this.restore(source, snapshot);
    }
    this.deals.publish();
    this.loaded = true;
  }

  private constructor(
    private readonly options: CollectionOptions,
    histories: readonly SourceHistory[],
    locations: ReadonlyMap<string, GeoPoint>,
    /** What the geocoder answered per street address (null: no match), asked once each. */
    private readonly geocoded: Map<string, GeoPoint | null>,
    resolvedSources: ReadonlyMap<string, ResolvedSource>,
  ) {
    const historyOf = new Map(histories.map((history) => [history.dispensaryKey, history]));
    this.sources = options.registry.dispensaries.map((registered) => {
      const history = historyOf.get(registered.key);
      const resolved = resolvedSources.get(registered.key);
      const entry = effectiveEntry(registered, resolved);
      return {
        entry,
        registered,
        resolved,
        snapshotAt: null,
        lastAttemptAt: dateOrNull(history?.lastAttemptAt),
        lastSuccessAt: dateOrNull(history?.lastSuccessAt),
        lastOutcome: history?.lastOutcome ?? null,
        lastError: history?.lastError ?? null,
        attemptedSinceStart: false,
        unconfigured: !options.scraper.hasMenuSource(entry),
        runningSince: null,
        runningElsewhereUntil: null,
        flight: null,
        discovered: locations.get(entry.key) ?? null,
      };
    });
    this.byKey = new Map(this.sources.map((source) => [source.entry.key, source]));
    this.limit = pLimit(options.concurrency);
    this.fingerprint = pageFingerprint(options.registry.dispensaries);
    this.deals = new DealsReadModel(options.registry.dispensaries, options.coalescing, (page) =>
      this.keepPage(page),
    );
    for (const source of this.sources) this.countDeals(source);
  }

  /** A stored snapshot taken back at start. */
  private restore(source: Source, snapshot: Snapshot): void {
    source.snapshotAt = dateOrNull(snapshot.scrapedAt);
    source.lastSuccessAt ??= source.snapshotAt;
    this.deals.replace([{ key: source.entry.key, deals: snapshot.deals }]);
    this.countDeals(source);
  }

  /**
   * Keeps the page's list just published for the next start: written `KEEP_PAGE_EVERY_MS` later
   * with whatever was published meanwhile (the latest), after the writes before it, or at
   * shutdown (`settled`). Any process of a cluster that serves deals may write it: the last
   * write wins, and each is a list that process served.
   */
  private keepPage(page: PreparedBody): void {
    if (this.options.keepsPage === false) return;
    this.unsavedPage = page;
    this.keepTimer ??= setTimeout(() => this.writeKeptPage(), KEEP_PAGE_EVERY_MS);
  }

  private writeKeptPage(): void {
    clearTimeout(this.keepTimer);
    this.keepTimer = undefined;
    this.saving = this.saving.then(() => this.writePage());
  }

  private async writePage(): Promise<void> {
    const page = this.unsavedPage;
    this.unsavedPage = null;
    // A start that read back what it served writes nothing.
    if (page === null || page.etag === this.savedPageEtag) return;
    const { repository, clock, logger } = this.options;
    try {
      await repository.savePublishedView({
        view: PAGE_VIEW,
        fingerprint: this.fingerprint,
        etag: page.etag,
        // Compressed for the page's visitors already (on the thread pool), not again.
        brotli: await page.encoded('br'),
        publishedAt: clock.now().toISOString(),
      });
      this.savedPageEtag = page.etag;
    } catch (error) {
      // The next start reads the snapshots back first, as without a stored list.
      logger.warn({ err: error }, 'the published deals could not be kept for the next start');
    }
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** Scrapes one known dispensary now, or joins its scrape under way; see `refreshSource`. */
  refresh(key: string): Promise<RefreshResult> {
    const source = this.byKey.get(key);
    if (!source) throw new RangeError(`Unknown dispensary '${key}'`);
    return this.refreshSource(source);
  }

  /** Every dispensary; a caller while a pass is under way joins that pass. */
  refreshAll(): CollectionRun {
    if (this.allRun) return this.allRun;
    const run = this.runOver(this.sources);
    this.allRun = run;
    // Cleared however the pass ends: a pass that rejected (a bug) must not be joined forever.
    // Its callers handle the rejection; the catch only keeps this side chain from being unhandled.
    run.finished
      .finally(() => {
        if (this.allRun === run) this.allRun = null;
      })
      .catch(() => {});
    return run;
  }

  /**
   * The dispensaries due for the schedule: never attempted, or last attempted `maxAgeMs` ago or
   * more (the snapshot's time stands in when no attempt was recorded). A last attempt in the
   * future (the clock was set back) counts as due, so that it cannot hold a dispensary back.
   */
  refreshDue(maxAgeMs: number): CollectionRun {
    const now = this.options.clock.now().getTime();
    return this.runOver(
      this.sources.filter(({ lastAttemptAt, snapshotAt }) => {
        const last = lastAttemptAt ?? snapshotAt;
        return last === null || !within(now - last.getTime(), maxAgeMs);
      }),
    );
  }

  status(): CacheStatus {
    const now = this.options.clock.now().getTime();
    const eta = estimateSeconds({
      runningElapsedMs: this.sources.flatMap(({ runningSince }) =>
        runningSince === null ? [] : [now - runningSince.getTime()],
      ),
      queued: this.limit.pendingCount,
      concurrency: this.options.concurrency,
      recentDurationsMs: this.recentDurationsMs,
      timeoutMs: this.options.scrapeTimeoutMs,
    });
    return cacheStatus(
      this.sources.map((source) => this.factsOf(source)),
      this.deals.totalDeals(),
      eta,
    );
  }

  /**
   * The registry's dispensaries, each placed by the best source known (see `chooseLocation`): the
   * registry, the platform's store record, the geocoded address, the ZIP's centroid.
   */
  dispensaries(): Dispensary[] {
    const { zipCentroids } = this.options;
    return this.sources.map(({ entry, discovered, resolved }) => {
      const zip = zipOfAddress(entry.address);
      const location = chooseLocation({
        registry: entry,
        platform: discovered,
        geocoder: entry.address === undefined ? null : this.geocoded.get(entry.address),
        zipCentroid: zip === null ? null : zipCentroids?.get(zip),
      });
      return {
        key: entry.key,
        name: entry.name,
        lat: location?.lat ?? null,
        lng: location?.lng ?? null,
        ...(location
          ? { locationSource: location.locationSource, approximate: location.approximate }
          : {}),
        address: entry.address,
        website: entry.website,
        platform: entry.platform,
        platformSource: platformSourceOf(entry, resolved),
      };
    });
  }

  /**
   * Asks the geocoder, one address at a time, for each dispensary that neither the registry nor
   * its platform placed and whose address it was never asked (a miss is kept too, so no address
   * is asked twice). The first failure ends the pass (the service is unreachable, or answers
   * something else): the rest wait for the next start. Resolves with the count of addresses
   * answered; callers while a pass runs join it.
   */
  locateByAddress(): Promise<number> {
    this.locating ??= this.geocodeMissing().finally(() => {
      this.locating = null;
    });
    return this.locating;
  }

  private async geocodeMissing(): Promise<number> {
    const { geocoder, repository, clock, logger } = this.options;
    if (!geocoder) return 0;
    const addresses = new Set(
      this.sources.flatMap(({ entry, discovered }) => {
        const placed = (entry.lat !== undefined && entry.lng !== undefined) || discovered !== null;
        return placed || entry.address === undefined || this.geocoded.has(entry.address)
          ? []
          : [entry.address];
      }),
    );
    let answered = 0;
    for (const address of addresses) {
      if (this.stopping.signal.aborted) break;
      try {
        const location = await geocoder.locate(address, this.stopping.signal);
        this.geocoded.set(address, location);
        answered += 1;
        await repository.saveGeocodedAddress(address, location, clock.now());
      } catch (error) {
        if (!this.stopping.signal.aborted) {
          logger.warn(
            { err: error, address, left: addresses.size - answered },
            'geocoding stopped; the addresses left are asked at the next start',
          );
        }
        break;
      }
    }
    if (answered > 0) logger.info({ answered, asked: addresses.size }, 'addresses geocoded');
    return answered;
  }

  /** Whether `stop` was called: a scrape ended now was cut short, not finished. */
  get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  /** Aborts the running scrapes; queued ones end without scraping. */
  stop(): void {
    this.stopping.abort();
    this.deals.close();
  }

  /** Resolves once no scrape is running or queued. */
  async settled(): Promise<void> {
    await Promise.allSettled([
      ...this.sources.flatMap(({ flight }) => (flight ? [flight] : [])),
      ...(this.locating ? [this.locating] : []),
      ...(this.loading ? [this.loading] : []),
    ]);
    // Last: a scrape's or the load's publication may wait to be written.
    if (this.keepTimer !== undefined) this.writeKeptPage();
    await this.saving;
  }

  /**
   * A worker's job: scrapes the dispensary here, unless the store says it was attempted less than
   * the cooldown ago (by any process) or it has no menu source. The dispensary's state is read
   * from the store first, since another worker may have scraped it since this one last looked.
   */
  async runJob(key: string): Promise<RefreshResult> {
    const source = this.byKey.get(key);
    if (!source) throw new RangeError(`Unknown dispensary '${key}'`);
    await this.follow(key);
    const last = source.lastAttemptAt;
    const now = this.options.clock.now().getTime();
    const skip =
      (source.unconfigured && !this.needsResolution(source)) ||
      (last !== null && within(now - last.getTime(), this.options.cooldownMs)) ||
      this.stopping.signal.aborted;
    if (!skip) return this.limit(() => this.scrape(source));
    // Whoever waits for this job hears that it ended.
    this.options.onScrapeEvent?.({
      kind: 'finished',
      key,
      result: 'skipped',
      durationMs: 0,
      unconfigured: source.unconfigured,
    });
    return 'skipped';
  }

  /**
   * Takes the dispensary's state from the store: its snapshot, its last attempt, the menu source
   * its website showed. In a cluster, how a process learns of a scrape another one made; `ended`
   * is what that process told of it (see ScrapeEvent).
   */
  async follow(key: string, ended?: Extract<ScrapeEvent, { kind: 'finished' }>): Promise<void> {
    const source = this.byKey.get(key);
    if (!source) return;
    await this.whenLoaded();
    const { repository, scraper } = this.options;
    const [snapshot, [history], resolved] = await Promise.all([
      repository.getSnapshot(key),
      repository.sourceHistories(key),
      repository.loadResolvedSources(key),
    ]);
    if (history) this.applyHistory(source, history);
    const resolvedNow = resolved.get(key);
    if (resolvedNow && resolvedNow !== source.resolved) {
      source.resolved = resolvedNow;
      source.entry = effectiveEntry(source.registered, resolvedNow);
      source.unconfigured = !scraper.hasMenuSource(source.entry);
    }
    if (snapshot && snapshot.scrapedAt !== source.snapshotAt?.toISOString()) {
      this.restore(source, snapshot);
    }
    if (ended && ended.result !== 'skipped') {
      source.runningElsewhereUntil = null;
      source.attemptedSinceStart = true;
      source.dealsFound = ended.dealsFound;
      if (ended.unconfigured) source.unconfigured = true;
      this.noteDuration(ended.durationMs);
    }
  }

  /** In a cluster: another process started scraping the dispensary, under a lease until then. */
  scrapeStartedElsewhere(key: string, leaseUntil: Date): void {
    const source = this.byKey.get(key);
    if (source && source.runningSince === null) source.runningElsewhereUntil = leaseUntil;
  }

  /** Every dispensary's last attempt as the store has it: what the schedule's due list reads. */
  async reloadHistories(): Promise<void> {
    for (const history of await this.options.repository.sourceHistories()) {
      const source = this.byKey.get(history.dispensaryKey);
      if (source) this.applyHistory(source, history);
    }
  }

  private applyHistory(source: Source, history: SourceHistory): void {
    source.lastAttemptAt = dateOrNull(history.lastAttemptAt);
    source.lastSuccessAt = dateOrNull(history.lastSuccessAt) ?? source.snapshotAt;
    source.lastOutcome = history.lastOutcome;
    source.lastError = history.lastError;
  }

  private runOver(sources: readonly Source[]): CollectionRun {
    const startedAt = this.options.clock.now().getTime();
    let done = 0;
    const finished = Promise.all(
      sources.map((source) =>
        this.refreshSource(source).then((result) => {
          done += 1;
          return result;
        }),
      ),
    ).then((results) => ({
      refreshed: results.filter((result) => result === 'refreshed').length,
      failed: results.filter((result) => result === 'failed').length,
      skipped: results.filter((result) => result === 'skipped').length,
      durationMs: this.options.clock.now().getTime() - startedAt,
    }));
    return {
      total: sources.length,
      get done() {
        return done;
      },
      finished,
    };
  }

  /**
   * Single-flight: a caller joins the dispensary's scrape under way or queued. A dispensary
   * attempted less than the cooldown ago is not scraped again, so no caller can hammer a menu;
   * an attempt dated in the future (the clock was set back) does not hold the cooldown on. One
   * with no menu source is skipped: the registry is read once, so trying again cannot help.
   */
  private refreshSource(source: Source): Promise<RefreshResult> {
    if (source.flight) return source.flight;
    if (source.unconfigured && !this.needsResolution(source)) return Promise.resolve('skipped');
    const now = this.options.clock.now().getTime();
    const coolingDown =
      source.lastAttemptAt !== null &&
      within(now - source.lastAttemptAt.getTime(), this.options.cooldownMs);
    if (coolingDown || this.stopping.signal.aborted) return Promise.resolve('skipped');
    const { dispatch } = this.options;
    // A scrape is judged against the stored snapshot, and must not be overwritten by it.
    const scrape = () =>
      dispatch ? dispatch.request(source.entry.key) : this.limit(() => this.scrape(source));
    const scraped = this.loaded ? scrape() : this.whenLoaded().then(scrape);
    const flight = scraped
      // A refresh ends once its deals are in the whole list too (published after the burst).
      .then(async (result) => {
        await this.deals.published();
        return result;
      })
      .finally(() => {
        source.flight = null;
      });
    source.flight = flight;
    return flight;
  }

  private needsResolution(source: Source): boolean {
    const { resolveSources, scraper, clock } = this.options;
    return (
      resolveSources === true &&
      needsResolution(
        source.registered,
        source.resolved,
        scraper.hasMenuSource(source.registered),
        clock.now(),
      )
    );
  }

  /**
   * Opens the store's website for the menu it embeds and reads the store through it from now on,
   * kept across restarts. A site that cannot be read leaves the entry as it was: its scrape goes
   * on (a specials page), or fails with the site's reason when the entry has no other source.
   */
  private async resolve(source: Source, signal: AbortSignal): Promise<void> {
    const { scraper, repository, clock, logger } = this.options;
    const key = source.registered.key;
    let found;
    try {
      found = await scraper.resolveSource(source.registered, signal);
    } catch (error) {
      logger.warn({ dispensary: key, err: error }, 'the store website could not be read');
      if (source.unconfigured) throw error;
      return;
    }
    const resolved = resolvedFrom(source.registered, found, clock.now());
    source.resolved = resolved;
    source.entry = effectiveEntry(source.registered, resolved);
    source.unconfigured = !scraper.hasMenuSource(source.entry);
    logger.info(
      { dispensary: key, platform: source.entry.platform, evidence: resolved.evidence },
      'menu source read from the store website',
    );
    await repository.saveResolvedSource(key, resolved).catch((error: unknown) => {
      logger.warn({ dispensary: key, err: error }, 'the resolved source could not be stored');
    });
  }

  /** One scrape of one dispensary, never throwing: every failure becomes its outcome. */
  private async scrape(source: Source): Promise<RefreshResult> {
    if (this.stopping.signal.aborted) return 'skipped';
    const { clock, scraper } = this.options;
    const startedAt = clock.now();
    source.runningSince = startedAt;
    source.runningElsewhereUntil = null;
    this.options.onScrapeEvent?.({
      kind: 'started',
      key: source.entry.key,
      leaseUntil: new Date(startedAt.getTime() + this.options.scrapeTimeoutMs).toISOString(),
    });
    const timeout = AbortSignal.timeout(this.options.scrapeTimeoutMs);
    const signal = AbortSignal.any([this.stopping.signal, timeout]);
    let result: ScrapeResult | null = null;
    let end: ScrapeEnd;
    try {
      if (this.needsResolution(source)) {
        await untilAborted(this.resolve(source, signal), signal);
        if (source.unconfigured) {
          throw new UnconfiguredError(`Its website: ${source.resolved?.evidence ?? 'unread'}`);
        }
      }
      result = await untilAborted(scraper.scrape(source.entry, signal), signal);
      end = { kind: 'found', dealCount: result.deals.length };
    } catch (error) {
      if (this.stopping.signal.aborted) end = { kind: 'aborted' };
      else if (timeout.aborted) end = { kind: 'timed-out' };
      else end = { kind: 'threw', error };
    }
    const finishedAt = clock.now();
    let verdict = judgeScrape(
      end,
      source.snapshotAt !== null ? this.deals.countOf(source.entry.key) : null,
    );
    const transport = result?.transport ?? (end.kind === 'threw' ? transportOf(end.error) : null);
    if (end.kind === 'threw' && end.error instanceof UnconfiguredError) source.unconfigured = true;
    // An aborted attempt says nothing about the menu, so it is neither stored nor shown.
    if (verdict.outcome !== 'aborted') {
      verdict = await this.store(source, verdict, result, transport, startedAt, finishedAt);
    }
    source.runningSince = null;
    const durationMs = finishedAt.getTime() - startedAt.getTime();
    this.report(source, verdict, end, { transport, result, durationMs });
    // A scrape a shutdown stopped did not fail: nothing is known about the menu.
    const refreshResult: RefreshResult =
      verdict.outcome === 'aborted' ? 'skipped' : verdict.outcome === 'ok' ? 'refreshed' : 'failed';
    this.options.onScrapeEvent?.({
      kind: 'finished',
      key: source.entry.key,
      result: refreshResult,
      durationMs,
      ...(source.dealsFound !== undefined ? { dealsFound: source.dealsFound } : {}),
      unconfigured: source.unconfigured,
    });
    return refreshResult;
  }

  /** Keeps what the verdict keeps and records the attempt; a failed write fails the attempt. */
  private async store(
    source: Source,
    verdict: ScrapeVerdict,
    result: ScrapeResult | null,
    transport: Transport | null,
    startedAt: Date,
    finishedAt: Date,
  ): Promise<ScrapeVerdict> {
    const { repository, logger } = this.options;
    const key = source.entry.key;
    let final = verdict;
    if (verdict.replace && result) {
      try {
        const snapshot = await repository.replaceSnapshot(key, result.deals, finishedAt);
        this.deals.replace([{ key, deals: snapshot.deals }]);
        source.dealsFound = overBound(result);
        source.snapshotAt = finishedAt;
        source.lastSuccessAt = finishedAt;
        this.countDeals(source);
      } catch (error) {
        const failure = storeFailure(error);
        logger.error({ err: error, dispensary: key }, failure.log);
        final = { outcome: 'error', replace: false, error: failure.reason };
      }
    }
    if (result?.location) {
      source.discovered = result.location;
      await repository
        .saveDispensaryLocation(key, result.location, finishedAt)
        .catch((error: unknown) =>
          logger.error({ err: error, dispensary: key }, 'could not store the location'),
        );
    }
    source.lastAttemptAt = finishedAt;
    source.lastOutcome = final.outcome;
    source.lastError = final.error;
    source.attemptedSinceStart = true;
    await repository
      .recordScrapeRun({
        dispensaryKey: key,
        startedAt: startedAt.toISOString(),
        finishedAt: finishedAt.toISOString(),
        outcome: final.outcome,
        transport,
        dealCount: result?.deals.length ?? 0,
        error: final.error,
      })
      .catch((error: unknown) =>
        logger.error({ err: error, dispensary: key }, 'could not record the scrape run'),
      );
    return final;
  }

  /** The one log line per scrape, and its metrics. */
  private report(
    source: Source,
    verdict: ScrapeVerdict,
    end: ScrapeEnd,
    attempt: { transport: Transport | null; result: ScrapeResult | null; durationMs: number },
  ): void {
    const { platform } = source.entry;
    const { transport, result, durationMs } = attempt;
    const line = {
      dispensary: source.entry.key,
      platform,
      transport,
      durationMs,
      dealCount: result?.deals.length ?? 0,
      ...(result && overBound(result) !== undefined ? { dealsFound: overBound(result) } : {}),
      outcome: verdict.outcome,
    };
    if (verdict.outcome === 'ok') this.options.logger.info(line, 'scrape');
    else this.options.logger.warn({ ...line, ...failureDetail(end) }, 'scrape');
    this.options.metrics.scrapes.inc({ outcome: verdict.outcome, platform });
    if (verdict.outcome === 'aborted') return;
    this.options.metrics.scrapeSeconds.observe({ platform }, durationMs / 1000);
    this.noteDuration(durationMs);
  }

  private noteDuration(durationMs: number): void {
    this.recentDurationsMs.push(durationMs);
    if (this.recentDurationsMs.length > RECENT_DURATIONS) this.recentDurationsMs.shift();
  }

  private factsOf(source: Source): SourceFacts {
    return {
      key: source.entry.key,
      name: source.entry.name,
      dealCount: this.deals.countOf(source.entry.key),
      hasSnapshot: source.snapshotAt !== null,
      lastAttemptAt: source.lastAttemptAt,
      lastSuccessAt: source.lastSuccessAt,
      lastOutcome: source.lastOutcome,
      lastError: source.lastError,
      attemptedSinceStart: source.attemptedSinceStart,
      running:
        source.runningSince !== null ||
        (source.runningElsewhereUntil !== null &&
          source.runningElsewhereUntil.getTime() > this.options.clock.now().getTime()),
      // A website still to be looked at may yet give a source: until then its failures show.
      unconfigured: source.unconfigured && !this.needsResolution(source),
      ...(source.dealsFound !== undefined ? { dealsFound: source.dealsFound } : {}),
    };
  }

  private countDeals(source: Source): void {
    this.options.metrics.dispensaryDeals.set(
      { dispensary: source.entry.key },
      this.deals.countOf(source.entry.key),
    );
  }
}

/** How many deals the menu held, when the scraper cut it to the per-store bound. */
function overBound(result: ScrapeResult): number | undefined {
  const found = result.dealsFound;
  return found !== undefined && found > result.deals.length ? found : undefined;
}

/** The scraper's own message for the log; the whole error (stack included) when unexpected. */
function failureDetail(end: ScrapeEnd): Record<string, unknown> {
  if (end.kind !== 'threw') return {};
  return end.error instanceof ScrapeError ? { detail: end.error.message } : { err: end.error };
}

/**
 * The transport a failed scrape last tried, when its error says so. The scraper's errors do not
 * carry it yet; an error that has a `transport` of 'http' or 'browser' is believed.
 */
function transportOf(error: unknown): Transport | null {
  const transport = (error as { transport?: unknown } | null)?.transport;
  return transport === 'http' || transport === 'browser' ? transport : null;
}

/** Whether `elapsedMs` lies in [0, `limitMs`): a time in the future is never within. */
function within(elapsedMs: number, limitMs: number): boolean {
  return elapsedMs >= 0 && elapsedMs < limitMs;
}

function dateOrNull(iso: string | null | undefined): Date | null {
  return iso ? new Date(iso) : null;
}

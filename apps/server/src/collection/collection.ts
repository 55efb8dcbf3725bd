import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CacheStatus, Dispensary, GeoPoint, WeeklyHours } from '@stl-deals/domain';
import type { Geocoder, Registry, RegistryEntry, Scraper } from '@stl-deals/scraper';
import type { DealsRepository, ResolvedSource, Snapshot, SourceHistory } from '@stl-deals/store';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { DispensaryHealth, Metrics } from '../observability/metrics';
import { collectionStatus, ScrapeDurations } from './collection-status';
import { DispensaryLocations } from './dispensary-locations';
import { Following } from './following';
import { KeptPage, loadKeptViews } from './kept-page';
import { marketDay } from './market-day';
import { PriceFacts } from './price-facts';
import { RecordingDays } from './recording-days';
import { DealsReadModel, pageFingerprint, type Coalescing } from './read-model';
import {
  RefreshPasses,
  type CollectionRun,
  type RefreshResult,
  type RefreshSummary,
  type ScrapeDispatch,
  type ScrapeEvent,
} from './refresh-pass';
import { ScrapeAttempts } from './scrape-attempt';
import { SourceResolver } from './source-resolver';
import { snapshotTaken, startedElsewhere, trackSource, type TrackedSource } from './tracked-source';

// What the collection's callers name with it: a refresh's results and a cluster's events.
export type { CollectionRun, RefreshResult, RefreshSummary, ScrapeDispatch, ScrapeEvent };

export interface CollectionOptions {
  registry: Registry;
  repository: DealsRepository;
  scraper: Scraper;
  clock: Clock;
  logger: FastifyBaseLogger;
  metrics: Pick<Metrics, 'scrapes' | 'scrapeSeconds' | 'priceProblems' | 'dispensaryDeals'>;
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
   * Whether the page's list is kept in the store for the next start (see kept-page.ts). Default
   * true; false for a cluster's workers, which serve no deals.
   */
  keepsPage?: boolean;
  /**
   * Seconds of the work the first pass waits for (demo mode's price history), as that work
   * estimates them: the first load's estimate adds them. Undefined when none or not known yet.
   */
  firstPassWaitsOn?: () => number | undefined;
}

/**
 * Collects every dispensary's deals: scrapes with bounded concurrency, one scrape per dispensary
 * at a time whoever asks (single-flight), a cooldown between scrapes, the nothing-lost rule on
 * every result, and the read model and status kept current. Each of these has its module; this
 * class tracks the dispensaries and puts the modules together.
 */
export class Collection {
  readonly deals: DealsReadModel;
  private readonly sources: TrackedSource[];
  private readonly byKey: Map<string, TrackedSource>;
  private readonly stopping = new AbortController();
  private readonly durations = new ScrapeDurations();
  private readonly keptPage: KeptPage;
  private readonly resolver: SourceResolver;
  private readonly passes: RefreshPasses;
  private readonly following: Following;
  private readonly locations: DispensaryLocations;
  private readonly priceFacts: PriceFacts;
  private readonly recordingDays: RecordingDays;
  private readonly passListeners: ((summary: RefreshSummary) => void)[] = [];
  private loading: Promise<void> | null = null;
  /** The snapshots were read back (see `whenLoaded`). */
  private loaded = false;

  /**
   * Opens the collection on what the repository kept. When the store holds the page's list as
   * this registry and build would publish it, that list is served at once and the snapshots are
   * read back later (`whenLoaded`), so that a restart answers the page without decoding every
   * deal first; otherwise they are read back before this resolves, as nothing could be served.
   */
  static async open(options: CollectionOptions): Promise<Collection> {
    const { repository } = options;
    const [histories, locations, hours, geocoded, resolved, kept] = await Promise.all([
      repository.sourceHistories(),
      repository.loadDispensaryLocations(),
      repository.loadDispensaryHours(),
      repository.loadGeocodedAddresses(),
      repository.loadResolvedSources(),
      loadKeptViews(repository),
    ]);
    const collection = new Collection(options, histories, { locations, hours }, geocoded, resolved);
    const adopted = collection.keptPage.adopt(kept);
    if (adopted.page) {
      collection.deals.serveStored(adopted);
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
      // A turn of the event loop before each: SQLite answers at once, so the reads resolve with
      // no turn between them, and the whole read-back (seconds on a busy machine) would hold up
      // every request and signal until done, the stored page's list and a shutdown included.
      await nextTurn();
      if (this.stopping.signal.aborted) return;
      const snapshot = await this.options.repository.getSnapshot(source.entry.key);
      if (snapshot) await this.restore(source, snapshot);
    }
    this.deals.publish();
    this.loaded = true;
  }

  private constructor(
    private readonly options: CollectionOptions,
    histories: readonly SourceHistory[],
    found: {
      locations: ReadonlyMap<string, GeoPoint>;
      hours: ReadonlyMap<string, WeeklyHours>;
    },
    geocoded: Map<string, GeoPoint | null>,
    resolvedSources: ReadonlyMap<string, ResolvedSource>,
  ) {
    const { registry, repository, scraper } = options;
    const hasMenuSource = (entry: RegistryEntry) => scraper.hasMenuSource(entry);
    const historyOf = new Map(histories.map((history) => [history.dispensaryKey, history]));
    this.sources = registry.dispensaries.map((registered) =>
      trackSource(
        registered,
        {
          history: historyOf.get(registered.key),
          resolved: resolvedSources.get(registered.key),
          location: found.locations.get(registered.key),
          hours: found.hours.get(registered.key),
        },
        hasMenuSource,
      ),
    );
    this.byKey = new Map(this.sources.map((source) => [source.entry.key, source]));
    const stopping = this.stopping.signal;
    this.keptPage = new KeptPage({
      ...options,
      fingerprint: pageFingerprint(registry.dispensaries),
      enabled: options.keepsPage !== false,
    });
    this.deals = new DealsReadModel(registry.dispensaries, options.coalescing, (lists) =>
      this.keptPage.keep(lists),
    );
    this.resolver = new SourceResolver({ ...options, enabled: options.resolveSources === true });
    this.priceFacts = new PriceFacts(options);
    this.recordingDays = new RecordingDays(options);
    const attempts = new ScrapeAttempts({
      ...options,
      stopping,
      deals: this.deals,
      priceFacts: this.priceFacts,
      recordingDays: this.recordingDays,
      resolver: this.resolver,
      durations: this.durations,
      dealsChanged: (source) => this.countDeals(source),
    });
    this.passes = new RefreshPasses({
      ...options,
      stopping,
      snapshots: { loaded: () => this.loaded, whenLoaded: () => this.whenLoaded() },
      published: () => this.deals.published(),
      scrape: (source) => attempts.run(source),
      isUnscrapable: (source) => this.isUnscrapable(source),
      onPassEnded: (summary) => {
        for (const listener of this.passListeners) listener(summary);
      },
    });
    this.following = new Following({
      repository,
      hasMenuSource,
      restore: (source, snapshot) => this.restore(source, snapshot),
      durations: this.durations,
    });
    this.locations = new DispensaryLocations({ ...options, stopping }, geocoded);
    for (const source of this.sources) this.countDeals(source);
  }

  /**
   * A stored snapshot taken in: read back at start, or another process's scrape. Its price facts
   * are those of the day it was scraped, as its scrape gave them (the day its prices were
   * recorded under, when its clock was ahead).
   */
  private async restore(source: TrackedSource, snapshot: Snapshot): Promise<void> {
    const key = source.entry.key;
    const scrapedAt = new Date(snapshot.scrapedAt);
    const day = await this.recordingDays
      .dayOf(scrapedAt)
      .then((found) => found.day)
      // The history's newest day unread: the facts' read would fail the same way, so no day is
      // recorded or trusted on it, and the snapshot is served all the same.
      .catch(() => marketDay(scrapedAt));
    const deals = await this.priceFacts.withFacts(key, snapshot.deals, day);
    snapshotTaken(source, snapshot.scrapedAt);
    await this.deals.replace([{ key, deals }]);
    this.countDeals(source);
  }

  private countDeals(source: TrackedSource): void {
    this.options.metrics.dispensaryDeals.set(
      { dispensary: source.entry.key },
      this.deals.countOf(source.entry.key),
    );
  }

  /** No menu source is known and no website or listing is still to be looked at for one. */
  private isUnscrapable(source: TrackedSource): boolean {
    return source.unconfigured && !this.resolver.isPending(source);
  }

  private sourceOf(key: string): TrackedSource {
    const source = this.byKey.get(key);
    if (!source) throw new RangeError(`Unknown dispensary '${key}'`);
    return source;
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /**
   * Scrapes one known dispensary now, or joins its scrape under way (see refresh-pass.ts); a
   * visitor's refresh has a scrape slot of its own.
   */
  refresh(key: string, { visitor = false }: { visitor?: boolean } = {}): Promise<RefreshResult> {
    return this.passes.refresh(this.sourceOf(key), visitor);
  }

  /**
   * Calls `listener` each time a pass over dispensaries ends, whoever started it: the schedule,
   * a visitor's refresh of all, or of one (a pass of one). A joined pass ends once.
   */
  onPassEnded(listener: (summary: RefreshSummary) => void): void {
    this.passListeners.push(listener);
  }

  /** Every dispensary; a caller while a pass is under way joins that pass. */
  refreshAll(): CollectionRun {
    return this.passes.all(this.sources);
  }

  /** The dispensaries due for the schedule (see `isDue`). */
  refreshDue(maxAgeMs: number): CollectionRun {
    return this.passes.due(this.sources, maxAgeMs);
  }

  status(): CacheStatus {
    return collectionStatus({
      sources: this.sources,
      now: this.options.clock.now(),
      queued: this.passes.queued,
      concurrency: this.options.concurrency,
      scrapeTimeoutMs: this.options.scrapeTimeoutMs,
      durations: this.durations,
      served: this.deals,
      heldBackOf: (key) => this.priceFacts.heldBackOf(key),
      awaitsResolution: (source) => this.resolver.isPending(source),
      waitingSeconds: this.options.firstPassWaitsOn?.(),
    });
  }

  /**
   * The price memory's today: the market's day on the clock, checked as a result's prices are
   * (see recording-days.ts), so a clock stepped ahead or back shows the days kept; the clock's own
   * day when the history cannot be read.
   */
  async priceDay(): Promise<string> {
    const now = this.options.clock.now();
    return this.recordingDays
      .dayOf(now)
      .then((found) => found.day)
      .catch(() => marketDay(now));
  }

  /** Each dispensary's last success and failures in a row, for the operator's gauges. */
  health(): DispensaryHealth[] {
    return this.sources.map(({ entry, lastSuccessAt, consecutiveFailures }) => ({
      key: entry.key,
      lastSuccessAt,
      consecutiveFailures,
    }));
  }

  /** The registry's dispensaries, each placed by the best source known (dispensary-locations). */
  dispensaries(): Dispensary[] {
    return this.locations.dispensaries(this.sources);
  }

  /** Geocodes the addresses of the dispensaries not placed otherwise (dispensary-locations.ts). */
  locateByAddress(): Promise<number> {
    return this.locations.locateByAddress(this.sources);
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
    const locating = this.locations.underWay;
    await Promise.allSettled([
      ...this.passes.inFlight,
      ...(locating ? [locating] : []),
      ...(this.loading ? [this.loading] : []),
    ]);
    // Last: a scrape's or the load's publication may wait to be written.
    await this.keptPage.flush();
  }

  /**
   * A worker's job: scrapes the dispensary here, unless the store says it was attempted less than
   * the cooldown ago (by any process) or it has no menu source. The dispensary's state is read
   * from the store first, since another worker may have scraped it since this one last looked.
   */
  async runJob(key: string): Promise<RefreshResult> {
    const source = this.sourceOf(key);
    await this.follow(key);
    return this.passes.job(source);
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
    await this.following.follow(source, ended);
  }

  /** In a cluster: another process started scraping the dispensary, under a lease until then. */
  scrapeStartedElsewhere(key: string, leaseUntil: Date): void {
    const source = this.byKey.get(key);
    if (source) startedElsewhere(source, leaseUntil);
  }

  /** Every dispensary's last attempt as the store has it: what the schedule's due list reads. */
  reloadHistories(): Promise<void> {
    return this.following.reloadHistories(this.byKey);
  }
}

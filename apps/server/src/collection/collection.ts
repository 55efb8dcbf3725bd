import type { CacheStatus, Dispensary } from '@stl-deals/domain';
import type { RegistryEntry } from '@stl-deals/scraper';
import type { DispensaryHealth } from '../observability/metrics';
import type { CollectionOptions } from './collection-options';
import { collectionStatus, ScrapeDurations } from './collection-status';
import { DispensaryGauges } from './dispensary-gauges';
import { DispensaryLocations } from './dispensary-locations';
import { Following } from './following';
import { KeptPage, loadKeptViews } from './kept-page';
import { loadKeptOfSources, trackSources, type KeptOfSources } from './kept-sources';
import { PriceFacts } from './price-facts';
import { RecordingDays } from './recording-days';
import { DealsReadModel, pageFingerprint } from './read-model';
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
import { StoredSnapshots } from './stored-snapshots';
import type { TrackedSource } from './tracked-source';

// What the collection's callers name with it: how it is made, a refresh's results and a cluster's
// events.
export type {
  CollectionOptions,
  CollectionRun,
  RefreshResult,
  RefreshSummary,
  ScrapeDispatch,
  ScrapeEvent,
};

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
  private readonly snapshots: StoredSnapshots;
  private readonly gauges: DispensaryGauges;

  /**
   * Opens the collection on what the repository kept. When the store holds the page's list as
   * this registry and build would publish it, that list is served at once and the snapshots are
   * read back later (`whenLoaded`), so that a restart answers the page without decoding every
   * deal first; otherwise they are read back before this resolves, as nothing could be served.
   */
  static async open(options: CollectionOptions): Promise<Collection> {
    const [known, kept] = await Promise.all([
      loadKeptOfSources(options.repository),
      loadKeptViews(options.repository),
    ]);
    const collection = new Collection(options, known);
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
    return this.snapshots.whenLoaded();
  }

  private constructor(
    private readonly options: CollectionOptions,
    known: KeptOfSources,
  ) {
    const { registry, scraper } = options;
    const hasMenuSource = (entry: RegistryEntry) => scraper.hasMenuSource(entry);
    this.sources = trackSources(registry.dispensaries, known, hasMenuSource);
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
    this.gauges = new DispensaryGauges(options.metrics, this.deals);
    this.resolver = new SourceResolver({ ...options, enabled: options.resolveSources === true });
    this.priceFacts = new PriceFacts(options);
    this.recordingDays = new RecordingDays(options);
    // What the parts below share: the options, the shutdown and the read model with its facts.
    const shared = {
      ...options,
      stopping,
      deals: this.deals,
      priceFacts: this.priceFacts,
      recordingDays: this.recordingDays,
      durations: this.durations,
      dealsChanged: (source: TrackedSource) => this.gauges.countDeals(source),
    };
    this.snapshots = new StoredSnapshots({ ...shared, sources: this.sources });
    const attempts = new ScrapeAttempts({ ...shared, resolver: this.resolver });
    this.passes = new RefreshPasses({
      ...shared,
      snapshots: this.snapshots,
      published: () => this.deals.published(),
      scrape: (source) => attempts.run(source),
      isUnscrapable: (source) => this.isUnscrapable(source),
    });
    this.following = new Following({
      ...shared,
      hasMenuSource,
      byKey: this.byKey,
      snapshots: this.snapshots,
    });
    this.locations = new DispensaryLocations(shared, known.geocoded);
    for (const source of this.sources) this.gauges.countDeals(source);
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
    this.passes.onPassEnded(listener);
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
  priceDay(): Promise<string> {
    return this.recordingDays.dayOrClockDay(this.options.clock.now());
  }

  /** Each dispensary's last success and failures in a row, for the operator's gauges. */
  health(): DispensaryHealth[] {
    return this.gauges.health(this.sources);
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
    const loading = this.snapshots.underWay;
    await Promise.allSettled([
      ...this.passes.inFlight,
      ...(locating ? [locating] : []),
      ...(loading ? [loading] : []),
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
  follow(key: string, ended?: Extract<ScrapeEvent, { kind: 'finished' }>): Promise<void> {
    return this.following.follow(key, ended);
  }

  /** In a cluster: another process started scraping the dispensary, under a lease until then. */
  scrapeStartedElsewhere(key: string, leaseUntil: Date): void {
    this.following.startedElsewhere(key, leaseUntil);
  }

  /** Every dispensary's last attempt as the store has it: what the schedule's due list reads. */
  reloadHistories(): Promise<void> {
    return this.following.reloadHistories();
  }
}

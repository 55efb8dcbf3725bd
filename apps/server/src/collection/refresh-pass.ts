import pLimit, { type LimitFunction } from 'p-limit';
import type { Clock } from '../clock';
import { isCoolingDown, isDue, notCarriedOut, type TrackedSource } from './tracked-source';

/** What one caller's refresh of one dispensary came to. */
export type RefreshResult = 'refreshed' | 'failed' | 'skipped';

export interface RefreshSummary {
  refreshed: number;
  failed: number;
  /** Scraped less than the cooldown ago, no menu source known, or asked or stopped by a shutdown. */
  skipped: number;
  durationMs: number;
}

/** One pass over several dispensaries, which any number of callers may wait on. */
export interface CollectionRun {
  readonly total: number;
  /** How many of them have finished so far. */
  readonly done: number;
  /** Never rejects: a dispensary's failure is counted, not thrown. */
  readonly finished: Promise<RefreshSummary>;
}

/**
 * How scrapes are carried out when they are jobs on a cluster's queue (see cluster/): the
 * dispensary's scrape is queued, or the one queued or running is joined, wherever it runs.
 */
export interface ScrapeDispatch {
  /**
   * Resolves with what the scrape came to once its result is in the store; rejects with a
   * DispatchFailedError when no worker will answer.
   */
  request(key: string): Promise<RefreshResult>;
}

/**
 * A scrape asked of the cluster that no worker will answer: it could not be queued (the
 * database cannot be reached), or no word of it can come. The refresh fails with
 * `publicReason`, which status shows; the last good deals are kept.
 */
export class DispatchFailedError extends Error {
  constructor(
    readonly publicReason: string,
    options?: ErrorOptions,
  ) {
    super(publicReason, options);
    this.name = 'DispatchFailedError';
  }
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

export interface RefreshPassOptions {
  clock: Clock;
  /** Scrapes run here at once at most; the rest wait for a slot. */
  concurrency: number;
  cooldownMs: number;
  /** Set in a cluster: each scrape asked for is a job on the shared queue (see ScrapeDispatch). */
  dispatch?: ScrapeDispatch | undefined;
  /** Aborted at shutdown: nothing more is scraped. */
  stopping: AbortSignal;
  /**
   * The stored snapshots read back: a scrape is judged against the stored snapshot, and must
   * not be overwritten by it, so none starts before.
   */
  snapshots: { loaded(): boolean; whenLoaded(): Promise<void> };
  /** Resolves once the dispensaries' latest deals are in the whole list. */
  published(): Promise<void>;
  /** One scrape of the dispensary here, never throwing. */
  scrape(source: TrackedSource): Promise<RefreshResult>;
  /** No menu source is known and none is to be looked for: trying again cannot help. */
  isUnscrapable(source: TrackedSource): boolean;
  onScrapeEvent?: ((event: ScrapeEvent) => void) | undefined;
}

/**
 * Refreshes over the dispensaries: one scrape per dispensary at a time whoever asks
 * (single-flight), a cooldown between scrapes, and at most `concurrency` scrapes at once here.
 */
export class RefreshPasses {
  private readonly limit: LimitFunction;
  /** The scrape under way or queued per dispensary, which every caller shares. */
  private readonly flights = new Map<TrackedSource, Promise<RefreshResult>>();
  private allRun: CollectionRun | null = null;
  /**
   * A visitor's refresh of one dispensary has a scrape slot of its own beside the shared ones, so
   * it never waits behind a pass over other, slow or hanging, stores.
   */
  private readonly visitorSlot = pLimit(1);
  /** Starts a dispensary's scrape still waiting for a shared slot in the visitor's slot. */
  private readonly hurries = new Map<TrackedSource, () => void>();
  private readonly passListeners: ((summary: RefreshSummary) => void)[] = [];

  constructor(private readonly options: RefreshPassOptions) {
    this.limit = pLimit(options.concurrency);
  }

  /**
   * Calls `listener` once each pass ends, with its summary: a scheduled one, a refresh of all, or
   * a refresh of one dispensary asked on its own (a pass of one), once its deals are published.
   * A joined pass ends once.
   */
  onPassEnded(listener: (summary: RefreshSummary) => void): void {
    this.passListeners.push(listener);
  }

  /** Scrapes waiting for a free slot here. */
  get queued(): number {
    return this.limit.pendingCount;
  }

  /** The scrapes under way or queued. */
  get inFlight(): Promise<RefreshResult>[] {
    return [...this.flights.values()];
  }

  /** Every dispensary given; a caller while such a pass is under way joins that pass. */
  all(sources: readonly TrackedSource[]): CollectionRun {
    if (this.allRun) return this.allRun;
    const run = this.over(sources);
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

  /** The dispensaries due for the schedule (see `isDue`). */
  due(sources: readonly TrackedSource[], maxAgeMs: number): CollectionRun {
    const now = this.options.clock.now();
    return this.over(sources.filter((source) => isDue(source, now, maxAgeMs)));
  }

  /**
   * Single-flight: a caller joins the dispensary's scrape under way or queued. A dispensary
   * attempted less than the cooldown ago is not scraped again (see `isCoolingDown`). One with no
   * menu source is skipped: the registry is read once, so trying again cannot help. A visitor's
   * refresh (`visitor`) takes the visitor's slot, and hurries a scrape of the same dispensary
   * still waiting for a shared slot into it (in a cluster, the job takes its turn on the queue).
   *
   * Asked on its own (a visitor's Refresh of one store), it is a pass of one: its end is told
   * like a pass's, so what it found reaches followers now rather than at the next pass.
   */
  refresh(source: TrackedSource, visitor = false): Promise<RefreshResult> {
    const startedAt = this.options.clock.now().getTime();
    const flight = this.flight(source, visitor);
    this.tellEnd(
      flight.then((result) => ({
        refreshed: result === 'refreshed' ? 1 : 0,
        failed: result === 'failed' ? 1 : 0,
        skipped: result === 'skipped' ? 1 : 0,
        durationMs: this.options.clock.now().getTime() - startedAt,
      })),
    );
    return flight;
  }

  /** One dispensary's scrape, joined or started (see `refresh`), told to no one. */
  private flight(source: TrackedSource, visitor: boolean): Promise<RefreshResult> {
    const joined = this.flights.get(source);
    if (joined) {
      if (visitor) this.hurries.get(source)?.();
      return joined;
    }
    const { clock, cooldownMs, stopping, dispatch, snapshots } = this.options;
    if (this.options.isUnscrapable(source)) return Promise.resolve('skipped');
    if (isCoolingDown(source, clock.now(), cooldownMs) || stopping.aborted) {
      return Promise.resolve('skipped');
    }
    const scrape = () =>
      dispatch ? this.dispatched(source, dispatch) : this.slotted(source, visitor);
    const scraped = snapshots.loaded() ? scrape() : snapshots.whenLoaded().then(scrape);
    const flight = scraped
      // A refresh ends once its deals are in the whole list too (published after the burst).
      .then(async (result) => {
        await this.options.published();
        return result;
      })
      .finally(() => {
        this.flights.delete(source);
        this.hurries.delete(source);
      });
    this.flights.set(source, flight);
    return flight;
  }

  /**
   * One scrape here, in a shared slot or the visitor's. A scrape waiting for a shared slot can be
   * hurried into the visitor's; it still runs once, and the shared slot it later gets is let go
   * at once.
   */
  private slotted(source: TrackedSource, visitor: boolean): Promise<RefreshResult> {
    let scraping: Promise<RefreshResult> | undefined;
    let settle!: (scraped: Promise<RefreshResult>) => void;
    const result = new Promise<RefreshResult>((resolve) => (settle = resolve));
    const start = () => {
      if (!scraping) {
        scraping = this.options.scrape(source);
        settle(scraping);
      }
      return scraping;
    };
    // The scrape's outcome reaches the callers through `result`; a slot's own promise only holds
    // the slot, so its rejection (a bug: a scrape reports failures, it does not throw) is theirs.
    const hold = (slot: LimitFunction, task: () => Promise<RefreshResult> | undefined) => {
      slot(task).catch(() => {});
    };
    const hurry = () => hold(this.visitorSlot, start);
    if (visitor) hurry();
    else {
      hold(this.limit, () => (scraping ? undefined : start()));
      this.hurries.set(source, hurry);
    }
    return result;
  }

  /** A scrape asked of the cluster; one that no worker will answer is a failed refresh. */
  private async dispatched(
    source: TrackedSource,
    dispatch: ScrapeDispatch,
  ): Promise<RefreshResult> {
    try {
      return await dispatch.request(source.entry.key);
    } catch (error) {
      if (!(error instanceof DispatchFailedError)) throw error;
      notCarriedOut(source, error.publicReason);
      return 'failed';
    }
  }

  /**
   * A worker's job, once the dispensary's state was read from the store: scrapes it here,
   * unless it was attempted less than the cooldown ago (by any process) or it has no menu source.
   */
  job(source: TrackedSource): Promise<RefreshResult> {
    const { clock, cooldownMs, stopping, onScrapeEvent } = this.options;
    const skip =
      this.options.isUnscrapable(source) ||
      isCoolingDown(source, clock.now(), cooldownMs) ||
      stopping.aborted;
    if (!skip) return this.limit(() => this.options.scrape(source));
    // Whoever waits for this job hears that it ended.
    onScrapeEvent?.({
      kind: 'finished',
      key: source.entry.key,
      result: 'skipped',
      durationMs: 0,
      unconfigured: source.unconfigured,
    });
    return Promise.resolve('skipped');
  }

  private over(sources: readonly TrackedSource[]): CollectionRun {
    const { clock } = this.options;
    const startedAt = clock.now().getTime();
    let done = 0;
    const finished = Promise.all(
      sources.map((source) =>
        this.flight(source, false).then((result) => {
          done += 1;
          return result;
        }),
      ),
    ).then((results) => ({
      refreshed: results.filter((result) => result === 'refreshed').length,
      failed: results.filter((result) => result === 'failed').length,
      skipped: results.filter((result) => result === 'skipped').length,
      durationMs: clock.now().getTime() - startedAt,
    }));
    this.tellEnd(finished);
    return {
      total: sources.length,
      get done() {
        return done;
      },
      finished,
    };
  }

  /**
   * Tells the `onPassEnded` listeners once the pass ends, from a side chain: a listener's failure
   * is not the pass's, and the pass's own rejection (a bug) is its callers' to handle.
   */
  private tellEnd(finished: Promise<RefreshSummary>): void {
    finished
      .then((summary) => {
        for (const listener of this.passListeners) listener(summary);
      })
      .catch(() => {});
  }
}

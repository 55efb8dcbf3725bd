import type { CacheStatus } from '@stl-deals/domain';
import type { DealsReadModel } from './read-model';
import { cacheStatus, estimateSeconds, type SourceFacts } from './source-status';
import { isRunning, type TrackedSource } from './tracked-source';

/** How many recent scrape durations the estimate averages. */
const RECENT_DURATIONS = 20;

/** The durations of the latest scrapes, here or (in a cluster) elsewhere: the ETA's measure. */
export class ScrapeDurations {
  private readonly recentMs: number[] = [];

  note(durationMs: number): void {
    this.recentMs.push(durationMs);
    if (this.recentMs.length > RECENT_DURATIONS) this.recentMs.shift();
  }

  get recent(): readonly number[] {
    return this.recentMs;
  }
}

/** What the status call is made of at one moment. */
export interface CollectionMoment {
  sources: readonly TrackedSource[];
  now: Date;
  /** Scrapes waiting for a free slot. */
  queued: number;
  concurrency: number;
  scrapeTimeoutMs: number;
  durations: ScrapeDurations;
  /**
   * The whole list as served (last published): each dispensary's deals in it, whether it holds
   * a part of it, whether a result of it is still to be published, and all its deals.
   */
  served: Pick<
    DealsReadModel,
    'publishedCountOf' | 'isPublished' | 'awaitsPublication' | 'totalDeals'
  >;
  /** Deals of one dispensary held back: their price today is far from their product's history. */
  heldBackOf(key: string): number;
  /** Whether its website (or the directories) is still to be looked at for a menu source. */
  awaitsResolution(source: TrackedSource): boolean;
  /** Seconds of the work the first pass waits for, when known (`firstPassWaitsOn`). */
  waitingSeconds?: number | undefined;
}

/** The status call: every dispensary's state, and the first load's progress and estimate. */
export function collectionStatus(moment: CollectionMoment): CacheStatus {
  const { sources, now } = moment;
  const passEta = estimateSeconds({
    runningElapsedMs: sources.flatMap(({ runningSince }) =>
      runningSince === null ? [] : [now.getTime() - runningSince.getTime()],
    ),
    queued: moment.queued,
    concurrency: moment.concurrency,
    recentDurationsMs: moment.durations.recent,
    timeoutMs: moment.scrapeTimeoutMs,
  });
  // Work still to come before the pass: the pass's own time is added once measured.
  const eta =
    moment.waitingSeconds === undefined ? passEta : moment.waitingSeconds + (passEta ?? 0);
  return cacheStatus(
    sources.map((source) => factsOf(source, moment)),
    moment.served.totalDeals(),
    eta,
  );
}

/** A dispensary as the status tells it: its counts and snapshot as the list served has them. */
function factsOf(source: TrackedSource, moment: CollectionMoment): SourceFacts {
  const { key } = source.entry;
  const { served } = moment;
  return {
    key,
    name: source.entry.name,
    dealCount: served.publishedCountOf(key),
    hasSnapshot: source.snapshotAt !== null && served.isPublished(key),
    unpublished: served.awaitsPublication(key),
    lastAttemptAt: source.lastAttemptAt,
    lastSuccessAt: source.lastSuccessAt,
    lastOutcome: source.lastOutcome,
    lastError: source.lastError,
    attemptedSinceStart: source.attemptedSinceStart,
    running: isRunning(source, moment.now),
    // A website still to be looked at may yet give a source: until then its failures show.
    unconfigured: source.unconfigured && !moment.awaitsResolution(source),
    ...(source.dealsFound !== undefined ? { dealsFound: source.dealsFound } : {}),
    pricesHeldBack: moment.heldBackOf(source.entry.key),
  };
}

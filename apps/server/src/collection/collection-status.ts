import type { CacheStatus } from '@stl-deals/domain';
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
  /** Deals served for one dispensary, and for all. */
  dealCountOf(key: string): number;
  /** Deals of one dispensary held back: their price today is far from their product's history. */
  heldBackOf(key: string): number;
  totalDeals: number;
  /** Whether its website (or the directories) is still to be looked at for a menu source. */
  awaitsResolution(source: TrackedSource): boolean;
}

/** The status call: every dispensary's state, and the first load's progress and estimate. */
export function collectionStatus(moment: CollectionMoment): CacheStatus {
  const { sources, now } = moment;
  const eta = estimateSeconds({
    runningElapsedMs: sources.flatMap(({ runningSince }) =>
      runningSince === null ? [] : [now.getTime() - runningSince.getTime()],
    ),
    queued: moment.queued,
    concurrency: moment.concurrency,
    recentDurationsMs: moment.durations.recent,
    timeoutMs: moment.scrapeTimeoutMs,
  });
  return cacheStatus(
    sources.map((source) => factsOf(source, moment)),
    moment.totalDeals,
    eta,
  );
}

function factsOf(source: TrackedSource, moment: CollectionMoment): SourceFacts {
  return {
    key: source.entry.key,
    name: source.entry.name,
    dealCount: moment.dealCountOf(source.entry.key),
    hasSnapshot: source.snapshotAt !== null,
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

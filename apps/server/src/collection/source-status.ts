import {
  countSources,
  type CacheStatus,
  type SourceState,
  type SourceStatus,
} from '@stl-deals/domain';
import { UNCONFIGURED_REASON } from '@stl-deals/scraper';
import type { ScrapeOutcome } from '@stl-deals/store';

/** What the service knows about one dispensary's collection at a moment. */
export interface SourceFacts {
  key: string;
  name: string;
  /** Its deals in the whole list as served (last published). */
  dealCount: number;
  /** The whole list as served holds a snapshot's deals of it. */
  hasSnapshot: boolean;
  /**
   * It has a result the whole list does not hold yet (published with the burst it came in): until
   * then it is still loading as far as the list is concerned.
   */
  unpublished?: boolean;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastOutcome: ScrapeOutcome | null;
  lastError: string | null;
  /** Whether an attempt finished since this process started. */
  attemptedSinceStart: boolean;
  running: boolean;
  /** The registry names no menu source for it (see `Scraper.hasMenuSource`): it is not scraped. */
  unconfigured?: boolean;
  /** Deals the last scrape's menu held, when over the per-store bound (so cut to `dealCount`). */
  dealsFound?: number;
  /** Deals of its last result held back, their price today far from their product's history. */
  pricesHeldBack?: number;
}

/**
 * running: a scrape is under way, or its result is on its way into the list. unconfigured: no menu source is known, so none is tried.
 * pending: never attempted. ok: the last attempt succeeded. stale: the last attempt failed and
 * the last good snapshot is served. failed: it failed and there is nothing to serve.
 */
export function sourceState(source: SourceFacts): SourceState {
  if (source.running || source.unpublished === true) return 'running';
  if (source.unconfigured) return 'unconfigured';
  if (source.lastOutcome === null) return source.hasSnapshot ? 'ok' : 'pending';
  if (source.lastOutcome === 'ok') return 'ok';
  return source.hasSnapshot ? 'stale' : 'failed';
}

/**
 * A dispensary counts toward `ready` once the list served holds its snapshot, or once it finished
 * an attempt since start whose result (if any) is in that list; one with no menu source is settled
 * from the start, since no attempt will come. So `ready` never says the list is whole while a
 * result counted as done is still to be published.
 */
function isSettled(source: SourceFacts): boolean {
  if (source.hasSnapshot || source.unconfigured === true) return true;
  return source.attemptedSinceStart && source.unpublished !== true;
}

function sourceStatus(source: SourceFacts): SourceStatus {
  const failing = source.lastOutcome !== null && source.lastOutcome !== 'ok';
  const error = source.unconfigured ? UNCONFIGURED_REASON : failing ? source.lastError : null;
  return {
    key: source.key,
    name: source.name,
    state: sourceState(source),
    dealCount: source.dealCount,
    lastSuccessAt: source.lastSuccessAt?.toISOString() ?? null,
    lastAttemptAt: source.lastAttemptAt?.toISOString() ?? null,
    error,
    ...(source.dealsFound !== undefined ? { dealsFound: source.dealsFound } : {}),
    ...(source.pricesHeldBack ? { pricesHeldBack: source.pricesHeldBack } : {}),
  };
}

/**
 * The status call. `progress` is always sent: while the first load runs it counts the settled
 * dispensaries, and once ready it is `{done: total, total}`. `etaSeconds` estimates the first
 * load only, so it is sent only while that runs (not ready), and left out when no estimate can be
 * honest (nothing measured yet, or nothing under way). Later refreshes are not a load the page
 * waits on: their state is in `sources`, and counted in `sourcesOk`, `sourcesFailing` (stale or
 * failed) and `sourcesUnconfigured`.
 */
export function cacheStatus(
  sources: readonly SourceFacts[],
  totalDeals: number,
  etaSeconds: number | undefined,
): CacheStatus {
  const done = sources.filter(isSettled).length;
  const ready = done === sources.length;
  const lastSuccess = Math.max(...sources.map((source) => source.lastSuccessAt?.getTime() ?? 0));
  const statuses = sources.map(sourceStatus);
  return {
    ready,
    totalDeals,
    lastUpdate: lastSuccess > 0 ? new Date(lastSuccess).toISOString() : 'never',
    dispensaryCount: sources.length,
    progress: { done, total: sources.length },
    ...(ready || etaSeconds === undefined ? {} : { etaSeconds }),
    sources: statuses,
    ...countSources(statuses),
  };
}

export interface WorkInFlight {
  /** How long each running scrape has run so far. */
  runningElapsedMs: readonly number[];
  /** Scrapes waiting for a free slot. */
  queued: number;
  concurrency: number;
  /** Recent measured scrape durations; none measured yet means no estimate. */
  recentDurationsMs: readonly number[];
  /** SCRAPE_TIMEOUT_S in ms: no scrape runs longer. */
  timeoutMs: number;
}

/**
 * What a scrape that has run `elapsedMs` has left: the typical duration minus what it has run;
 * past the typical duration, half the typical duration more (it is slow, not done). Never past
 * the timeout, which ends it, and never 0 while it runs.
 */
function remainingMs(elapsedMs: number, typical: number, timeoutMs: number): number {
  const left = elapsedMs < typical ? typical - elapsedMs : typical / 2;
  return Math.max(Math.min(left, timeoutMs - elapsedMs), 1);
}

/**
 * Seconds until the scrapes under way and queued are done, from measured durations: each slot
 * finishes its running scrape (see `remainingMs`), then the queue is dealt to whichever slot
 * frees first. Undefined when nothing is under way or nothing has been measured, since any
 * number would be a guess; at least 1 while anything is under way.
 */
export function estimateSeconds(work: WorkInFlight): number | undefined {
  const { runningElapsedMs, queued, recentDurationsMs, timeoutMs } = work;
  if (recentDurationsMs.length === 0 || runningElapsedMs.length + queued === 0) return undefined;
  const typical = recentDurationsMs.reduce((sum, ms) => sum + ms, 0) / recentDurationsMs.length;
  const slots = Array.from({ length: Math.max(work.concurrency, 1) }, (_, index) => {
    const elapsed = runningElapsedMs[index];
    return elapsed === undefined ? 0 : remainingMs(elapsed, typical, timeoutMs);
  });
  for (let job = 0; job < queued; job += 1) {
    const earliest = slots.indexOf(Math.min(...slots));
    slots[earliest] = (slots[earliest] ?? 0) + typical;
  }
  return Math.max(Math.ceil(Math.max(...slots) / 1000), 1);
}

import type { CacheStatus, SourceState, SourceStatus } from '@stl-deals/domain';
import type { ScrapeOutcome } from '@stl-deals/store';

/** What the service knows about one dispensary's collection at a moment. */
export interface SourceFacts {
  key: string;
  name: string;
  /** Deals currently served for it. */
  dealCount: number;
  hasSnapshot: boolean;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastOutcome: ScrapeOutcome | null;
  lastError: string | null;
  /** Whether an attempt finished since this process started. */
  attemptedSinceStart: boolean;
  running: boolean;
}

/**
 * running: a scrape is under way. pending: never attempted. ok: the last attempt succeeded.
 * stale: the last attempt failed and the last good snapshot is served. failed: it failed and
 * there is nothing to serve.
 */
export function sourceState(source: SourceFacts): SourceState {
  if (source.running) return 'running';
  if (source.lastOutcome === null) return source.hasSnapshot ? 'ok' : 'pending';
  if (source.lastOutcome === 'ok') return 'ok';
  return source.hasSnapshot ? 'stale' : 'failed';
}

/** A dispensary counts toward `ready` once it has a snapshot or finished an attempt since start. */
function isSettled(source: SourceFacts): boolean {
  return source.hasSnapshot || source.attemptedSinceStart;
}

function sourceStatus(source: SourceFacts): SourceStatus {
  const failing = source.lastOutcome !== null && source.lastOutcome !== 'ok';
  return {
    key: source.key,
    name: source.name,
    state: sourceState(source),
    dealCount: source.dealCount,
    lastSuccessAt: source.lastSuccessAt?.toISOString() ?? null,
    lastAttemptAt: source.lastAttemptAt?.toISOString() ?? null,
    error: failing ? source.lastError : null,
  };
}

/**
 * The status call. `progress` and `etaSeconds` describe the first load, so they are sent only
 * while it runs (not ready); `etaSeconds` is left out when no estimate can be honest.
 */
export function cacheStatus(
  sources: readonly SourceFacts[],
  totalDeals: number,
  etaSeconds: number | undefined,
): CacheStatus {
  const done = sources.filter(isSettled).length;
  const ready = done === sources.length;
  const lastSuccess = Math.max(...sources.map((source) => source.lastSuccessAt?.getTime() ?? 0));
  return {
    ready,
    totalDeals,
    lastUpdate: lastSuccess > 0 ? new Date(lastSuccess).toISOString() : 'never',
    dispensaryCount: sources.length,
    ...(ready ? {} : { progress: { done, total: sources.length } }),
    ...(ready || etaSeconds === undefined ? {} : { etaSeconds }),
    sources: sources.map(sourceStatus),
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
}

/**
 * Seconds until the scrapes under way and queued are done, from measured durations: each slot
 * finishes its running scrape (the typical duration minus what it has run, at least 0), then the
 * queue is dealt to whichever slot frees first. Undefined when nothing is under way or nothing
 * has been measured, since any number would be a guess.
 */
export function estimateSeconds(work: WorkInFlight): number | undefined {
  const { runningElapsedMs, queued, recentDurationsMs } = work;
  if (recentDurationsMs.length === 0 || runningElapsedMs.length + queued === 0) return undefined;
  const typical = recentDurationsMs.reduce((sum, ms) => sum + ms, 0) / recentDurationsMs.length;
  const slots = Array.from({ length: Math.max(work.concurrency, 1) }, (_, index) =>
    Math.max(typical - (runningElapsedMs[index] ?? typical), 0),
  );
  for (let job = 0; job < queued; job += 1) {
    const earliest = slots.indexOf(Math.min(...slots));
    slots[earliest] = (slots[earliest] ?? 0) + typical;
  }
  return Math.ceil(Math.max(...slots) / 1000);
}

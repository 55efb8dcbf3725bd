import type { GeoPoint, WeeklyHours } from '@stl-deals/domain';
import type { RegistryEntry } from '@stl-deals/scraper';
import type { ResolvedSource, ScrapeOutcome, SourceHistory } from '@stl-deals/store';
import { effectiveEntry } from './source-resolution';

/** One dispensary as the collection tracks it. */
export interface TrackedSource {
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
  /**
   * Failed attempts in a row since the last that gave a menu (a stored failure counts one at
   * start): the retry's backoff and the operator's alert.
   */
  consecutiveFailures: number;
  attemptedSinceStart: boolean;
  /** No menu source is known (the registry's entry, or a scrape that found none): never scraped. */
  unconfigured: boolean;
  runningSince: Date | null;
  /** In a cluster: another process scrapes it, until this time at the latest (its job's lease). */
  runningElsewhereUntil: Date | null;
  /** Coordinates a platform's store lookup found. */
  discovered: GeoPoint | null;
  /** The weekly hours its platform's store record last stated (null: none known). */
  platformHours: WeeklyHours | null;
  /** The phone number (E.164) its platform's store record last stated (null: none known). */
  platformPhone: string | null;
  /** Deals the last stored menu held when it was over the per-store bound, else undefined. */
  dealsFound?: number;
}

/** Whether an entry names anything the scraper could start from (see `Scraper.hasMenuSource`). */
export type HasMenuSource = (entry: RegistryEntry) => boolean;

/** What the store kept of a dispensary when the collection opens. */
export interface KnownOfSource {
  history: SourceHistory | undefined;
  resolved: ResolvedSource | undefined;
  /** Where its platform's store lookup placed it. */
  location: GeoPoint | undefined;
  /** The weekly hours its platform last stated. */
  hours?: WeeklyHours | undefined;
  /** The phone number (E.164) its platform last stated. */
  phone?: string | undefined;
}

/** A registry entry as the collection starts tracking it, from what the store kept of it. */
export function trackSource(
  registered: RegistryEntry,
  { history, resolved, location, hours, phone }: KnownOfSource,
  hasMenuSource: HasMenuSource,
): TrackedSource {
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
    consecutiveFailures: isFailure(history?.lastOutcome) ? 1 : 0,
    attemptedSinceStart: false,
    unconfigured: !hasMenuSource(entry),
    runningSince: null,
    runningElsewhereUntil: null,
    discovered: location ?? null,
    platformHours: hours ?? null,
    platformPhone: phone ?? null,
  };
}

/** The last attempt as the store has it; the snapshot's time stands in for a success it lacks. */
export function applyHistory(source: TrackedSource, history: SourceHistory): void {
  source.lastAttemptAt = dateOrNull(history.lastAttemptAt);
  source.lastSuccessAt = dateOrNull(history.lastSuccessAt) ?? source.snapshotAt;
  source.lastOutcome = history.lastOutcome;
  source.lastError = history.lastError;
  // Another process's attempts are not counted one by one: a failure there keeps the backoff
  // at least where it was, a success ends it.
  source.consecutiveFailures = isFailure(history.lastOutcome)
    ? Math.max(1, source.consecutiveFailures)
    : 0;
}

/** The store is read through what its website showed from now on. */
export function readThrough(
  source: TrackedSource,
  resolved: ResolvedSource,
  hasMenuSource: HasMenuSource,
): void {
  source.resolved = resolved;
  source.entry = effectiveEntry(source.registered, resolved);
  source.unconfigured = !hasMenuSource(source.entry);
}

/** A stored snapshot taken in: read back at start, or another process's scrape. */
export function snapshotTaken(source: TrackedSource, scrapedAt: string): void {
  source.snapshotAt = dateOrNull(scrapedAt);
  source.lastSuccessAt ??= source.snapshotAt;
}

/** This process's scrape replaced the stored snapshot at `at`. */
export function snapshotReplaced(
  source: TrackedSource,
  at: Date,
  dealsFound: number | undefined,
): void {
  source.dealsFound = dealsFound;
  source.snapshotAt = at;
  source.lastSuccessAt = at;
}

/** An attempt this process finished, whatever it came to. */
export function attemptFinished(
  source: TrackedSource,
  at: Date,
  outcome: ScrapeOutcome,
  error: string | null,
): void {
  source.lastAttemptAt = at;
  source.lastOutcome = outcome;
  source.lastError = error;
  source.attemptedSinceStart = true;
  if (isFailure(outcome)) source.consecutiveFailures += 1;
  else if (outcome !== 'aborted') source.consecutiveFailures = 0;
}

/**
 * An attempt that gave no menu for a reason of the source's (a shutdown's 'aborted' is not one);
 * 'empty' read a menu that has no deals.
 */
export function isFailure(outcome: ScrapeOutcome | null | undefined): boolean {
  return (
    outcome !== null &&
    outcome !== undefined &&
    outcome !== 'ok' &&
    outcome !== 'empty' &&
    outcome !== 'aborted'
  );
}

/** The first retry of a failed dispensary waits this long; each failure after doubles it. */
export const FIRST_RETRY_MS = 60_000;

/** The wait before retrying after `failures` failures in a row: 1, 2, 4... minutes, at most `capMs`. */
export function retryDelayMs(failures: number, capMs: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.min(Math.max(failures - 1, 0), 30), capMs);
}

/** In a cluster: another process started scraping it, under a lease until `leaseUntil`. */
export function startedElsewhere(source: TrackedSource, leaseUntil: Date): void {
  if (source.runningSince === null) source.runningElsewhereUntil = leaseUntil;
}

/** In a cluster: another process's scrape of it ended (not skipped), as that process told. */
export function finishedElsewhere(
  source: TrackedSource,
  ended: { dealsFound?: number; unconfigured: boolean },
): void {
  source.runningElsewhereUntil = null;
  source.attemptedSinceStart = true;
  source.dealsFound = ended.dealsFound;
  if (ended.unconfigured) source.unconfigured = true;
}

/**
 * In a cluster: a scrape asked for that no worker will answer, since it could not be queued or
 * no word of it can come (see DispatchFailedError). The refresh failed for `reason`, which status
 * shows until the dispensary's state is read from the store again; nothing was learnt of the
 * menu, so its last attempt and its failures in a row stay as they were.
 */
export function notCarriedOut(source: TrackedSource, reason: string): void {
  source.runningElsewhereUntil = null;
  source.lastOutcome = 'error';
  source.lastError = reason;
}

/** A scrape runs here, or another process's lease on it has not run out. */
export function isRunning(source: TrackedSource, now: Date): boolean {
  return (
    source.runningSince !== null ||
    (source.runningElsewhereUntil !== null &&
      source.runningElsewhereUntil.getTime() > now.getTime())
  );
}

/**
 * Attempted less than the cooldown ago, so not scraped again: no caller can hammer a menu. An
 * attempt dated in the future (the clock was set back) does not hold the cooldown on.
 */
export function isCoolingDown(source: TrackedSource, now: Date, cooldownMs: number): boolean {
  const last = source.lastAttemptAt;
  return last !== null && within(now.getTime() - last.getTime(), cooldownMs);
}

/**
 * Due for the schedule:
 * - never attempted, or last attempted `maxAgeMs` ago or more (the snapshot's time stands in
 *   when no attempt was recorded);
 * - after a failure, once its backoff has passed (see `retryDelayMs`), not only at the next pass;
 * - at start, whatever the last attempt came to, when nothing recent is stored for it: a restart
 *   after an outage tries every such dispensary at once instead of waiting out the last
 *   attempts' interval with nothing to show.
 * A last attempt in the future (the clock was set back) counts as due, so that it cannot hold a
 * dispensary back.
 */
export function isDue(source: TrackedSource, now: Date, maxAgeMs: number): boolean {
  const last = source.lastAttemptAt ?? source.snapshotAt;
  if (last === null) return true;
  const snapshot = source.snapshotAt;
  const recentSnapshot = snapshot !== null && within(now.getTime() - snapshot.getTime(), maxAgeMs);
  if (!source.attemptedSinceStart && !recentSnapshot) return true;
  const waitMs =
    source.consecutiveFailures > 0 ? retryDelayMs(source.consecutiveFailures, maxAgeMs) : maxAgeMs;
  return !within(now.getTime() - last.getTime(), waitMs);
}

/** Whether `elapsedMs` lies in [0, `limitMs`): a time in the future is never within. */
function within(elapsedMs: number, limitMs: number): boolean {
  return elapsedMs >= 0 && elapsedMs < limitMs;
}

function dateOrNull(iso: string | null | undefined): Date | null {
  return iso ? new Date(iso) : null;
}

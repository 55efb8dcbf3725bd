import type { CacheStatus, SourceState, SourceStatus } from '../contract/cache-status';
import { wholeNumberText } from './number-text';

/** The states in which a dispensary's last collection failed: stale (older deals served) or failed. */
export const FAILING_STATES: readonly SourceState[] = ['stale', 'failed'];

/** How many dispensaries stand where, as the status call sends them. */
export interface SourceCounts {
  /** The last collection succeeded. */
  sourcesOk: number;
  /** The last collection failed (`FAILING_STATES`). */
  sourcesFailing: number;
  /** No menu source is known, so it is not collected. */
  sourcesUnconfigured: number;
}

/**
 * Counts by state. A dispensary being scraped right now (running) or never tried yet (pending)
 * counts in none of them: its standing is not known until the attempt ends.
 */
export function countSources(sources: readonly Pick<SourceStatus, 'state'>[]): SourceCounts {
  const counting = (wanted: readonly SourceState[]) =>
    sources.filter(({ state }) => wanted.includes(state)).length;
  return {
    sourcesOk: counting(['ok']),
    sourcesFailing: counting(FAILING_STATES),
    sourcesUnconfigured: counting(['unconfigured']),
  };
}

/** Where the page's deals come from, when that needs saying. */
export interface SourceCoverage {
  /** Dispensaries whose last collection succeeded. */
  ok: number;
  /** All dispensaries. */
  total: number;
  /** The failing and unconfigured dispensaries, in the status's (registry) order. */
  troubled: SourceStatus[];
}

/**
 * Null while every dispensary is fine (or the status has no per-source part): nothing to say.
 * Otherwise the counts the status sent (counted from `sources` when an older service sent none)
 * and the dispensaries to list. The sent counts win: they are what the service counted.
 */
export function sourceCoverage(status: CacheStatus): SourceCoverage | null {
  const sources = status.sources ?? [];
  const counted = countSources(sources);
  const failing = status.sourcesFailing ?? counted.sourcesFailing;
  const unconfigured = status.sourcesUnconfigured ?? counted.sourcesUnconfigured;
  if (failing + unconfigured === 0) return null;
  return {
    ok: status.sourcesOk ?? counted.sourcesOk,
    total: status.dispensaryCount ?? sources.length,
    troubled: sources.filter(
      ({ state }) => FAILING_STATES.includes(state) || state === 'unconfigured',
    ),
  };
}

/**
 * 'Deals from N of M dispensaries', N counting the dispensaries whose last collection succeeded
 * (a stale one's older deals are still listed, but it is not counted: it is in the list of
 * failing ones instead). One dispensary in all reads 'dispensary'.
 */
export function coverageLine({ ok, total }: Pick<SourceCoverage, 'ok' | 'total'>): string {
  const noun = total === 1 ? 'dispensary' : 'dispensaries';
  return `Deals from ${wholeNumberText(ok)} of ${wholeNumberText(total)} ${noun}`;
}

/**
 * No dispensary gave deals on its last attempt: none succeeded and at least one was tried and
 * failed (dispensaries with no menu source alone are not an outage).
 */
export function noneReached({ ok, troubled }: Pick<SourceCoverage, 'ok' | 'troubled'>): boolean {
  return ok === 0 && troubled.some(({ state }) => FAILING_STATES.includes(state));
}

import {
  ScrapeError,
  type RegistryEntry,
  type ScrapeResult,
  type Transport,
} from '@stl-deals/scraper';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../observability/metrics';
import type { ScrapeEnd, ScrapeVerdict } from './scrape-verdict';

/** What one scrape came to, as the log and the metrics tell it. */
export interface ScrapeAttemptFacts {
  entry: RegistryEntry;
  verdict: ScrapeVerdict;
  end: ScrapeEnd;
  transport: Transport | null;
  result: ScrapeResult | null;
  durationMs: number;
}

/**
 * The one log line per scrape, and its metrics; an aborted scrape's duration is not measured. A
 * failed scrape's line carries its public reason (what status shows) beside the scraper's own
 * words; a stack only for an unexpected error (see logger.ts).
 */
export function reportScrape(
  logger: FastifyBaseLogger,
  metrics: Pick<Metrics, 'scrapes' | 'scrapeSeconds' | 'priceProblems'>,
  attempt: ScrapeAttemptFacts,
): void {
  const { entry, verdict, end, transport, result, durationMs } = attempt;
  const { platform } = entry;
  const found = result ? overBound(result) : undefined;
  const line = {
    dispensary: entry.key,
    platform,
    transport,
    durationMs,
    dealCount: result?.deals.length ?? 0,
    ...(found !== undefined ? { dealsFound: found } : {}),
    ...(result?.priceProblems ? { priceProblems: result.priceProblems } : {}),
    outcome: verdict.outcome,
  };
  for (const [problem, count] of Object.entries(result?.priceProblems ?? {})) {
    metrics.priceProblems.inc({ problem, platform }, count);
  }
  if (verdict.outcome === 'ok') logger.info(line, 'scrape');
  else logger.warn({ ...line, reason: verdict.error, ...failureDetail(end) }, 'scrape');
  metrics.scrapes.inc({ outcome: verdict.outcome, platform });
  if (verdict.outcome === 'aborted') return;
  metrics.scrapeSeconds.observe({ platform }, durationMs / 1000);
}

/** How many deals the menu held, when the scraper cut it to the per-store bound. */
export function overBound(result: ScrapeResult): number | undefined {
  const found = result.dealsFound;
  return found !== undefined && found > result.deals.length ? found : undefined;
}

/**
 * The transport a failed scrape last tried, when its error says so. The scraper's errors do not
 * carry it yet; an error that has a `transport` of 'http' or 'browser' is believed.
 */
export function transportOf(error: unknown): Transport | null {
  const transport = (error as { transport?: unknown } | null)?.transport;
  return transport === 'http' || transport === 'browser' ? transport : null;
}

/** The scraper's own message for the log; the whole error (stack included) when unexpected. */
function failureDetail(end: ScrapeEnd): Record<string, unknown> {
  if (end.kind !== 'threw') return {};
  return end.error instanceof ScrapeError ? { detail: end.error.message } : { err: end.error };
}

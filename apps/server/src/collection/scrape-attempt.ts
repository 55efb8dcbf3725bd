import {
  UnconfiguredError,
  type Scraper,
  type ScrapeResult,
  type Transport,
} from '@stl-deals/scraper';
import type { WeeklyHours } from '@stl-deals/domain';
import type { DealsRepository } from '@stl-deals/store';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Metrics } from '../observability/metrics';
import type { ScrapeDurations } from './collection-status';
import { menuObservations } from './menu-observations';
import { HELD_BACK } from './price-facts';
import type { PriceFacts } from './price-facts';
import type { DealsReadModel } from './read-model';
import type { RecordingDays } from './recording-days';
import type { RefreshResult, ScrapeEvent } from './refresh-pass';
import { overBound, reportScrape, transportOf } from './scrape-report';
import { judgeScrape, storeFailure, type ScrapeEnd, type ScrapeVerdict } from './scrape-verdict';
import type { SourceResolver } from './source-resolver';
import { attemptFinished, snapshotReplaced, type TrackedSource } from './tracked-source';
import { untilAborted } from './until-aborted';

export interface ScrapeAttemptsOptions {
  clock: Clock;
  scraper: Pick<Scraper, 'scrape'>;
  repository: Pick<
    DealsRepository,
    | 'replaceSnapshot'
    | 'saveDispensaryLocation'
    | 'saveDispensaryHours'
    | 'saveDispensaryPhone'
    | 'recordScrapeRun'
  >;
  logger: FastifyBaseLogger;
  metrics: Pick<Metrics, 'scrapes' | 'scrapeSeconds' | 'priceProblems'>;
  scrapeTimeoutMs: number;
  /** Told when a scrape starts and ends here, so that the cluster's other processes follow. */
  onScrapeEvent?: ((event: ScrapeEvent) => void) | undefined;
  /** Aborted at shutdown: the scrape under way stops, and is neither stored nor shown. */
  stopping: AbortSignal;
  deals: Pick<DealsReadModel, 'countOf' | 'replace'>;
  /** Puts the price memory's facts on the deals stored, before the read model takes them. */
  priceFacts: Pick<PriceFacts, 'withFacts' | 'heldBackOf'>;
  /** The day a result's prices are recorded under, the clock checked. */
  recordingDays: Pick<RecordingDays, 'dayOf'>;
  resolver: Pick<SourceResolver, 'isPending' | 'resolve'>;
  durations: ScrapeDurations;
  /** The dispensary's deals in the read model changed. */
  dealsChanged(source: TrackedSource): void;
}

/**
 * One scrape of one dispensary here: its menu source looked for first when due, the scrape under
 * a timeout, the nothing-lost rule on its result (scrape-verdict.ts), what it kept stored, and
 * the attempt logged, measured and told to the cluster.
 */
export class ScrapeAttempts {
  constructor(private readonly options: ScrapeAttemptsOptions) {}

  /** Never throws: every failure becomes the attempt's outcome. */
  async run(source: TrackedSource): Promise<RefreshResult> {
    const { clock, scraper, stopping, scrapeTimeoutMs, resolver, onScrapeEvent } = this.options;
    if (stopping.aborted) return 'skipped';
    const startedAt = clock.now();
    source.runningSince = startedAt;
    source.runningElsewhereUntil = null;
    onScrapeEvent?.({
      kind: 'started',
      key: source.entry.key,
      leaseUntil: new Date(startedAt.getTime() + scrapeTimeoutMs).toISOString(),
    });
    const timeout = AbortSignal.timeout(scrapeTimeoutMs);
    const signal = AbortSignal.any([stopping, timeout]);
    let result: ScrapeResult | null = null;
    let end: ScrapeEnd;
    try {
      if (resolver.isPending(source)) {
        await untilAborted(resolver.resolve(source, signal), signal);
        if (source.unconfigured) {
          throw new UnconfiguredError(`Its website: ${source.resolved?.evidence ?? 'unread'}`);
        }
      }
      result = await untilAborted(scraper.scrape(source.entry, signal), signal);
      end = { kind: 'found', dealCount: result.deals.length };
    } catch (error) {
      if (stopping.aborted) end = { kind: 'aborted' };
      else if (timeout.aborted) end = { kind: 'timed-out' };
      else end = { kind: 'threw', error };
    }
    const finishedAt = clock.now();
    let verdict = judgeScrape(
      end,
      source.snapshotAt !== null ? this.options.deals.countOf(source.entry.key) : null,
    );
    const transport = result?.transport ?? (end.kind === 'threw' ? transportOf(end.error) : null);
    if (end.kind === 'threw' && end.error instanceof UnconfiguredError) source.unconfigured = true;
    // An aborted attempt says nothing about the menu, so it is neither stored nor shown.
    if (verdict.outcome !== 'aborted') {
      verdict = await this.keep(source, verdict, result, transport, startedAt, finishedAt);
    }
    source.runningSince = null;
    const durationMs = finishedAt.getTime() - startedAt.getTime();
    const { logger, metrics, durations } = this.options;
    reportScrape(logger, metrics, {
      entry: source.entry,
      verdict,
      end,
      transport,
      result,
      durationMs,
    });
    if (verdict.outcome !== 'aborted') durations.note(durationMs);
    // A scrape a shutdown stopped did not fail: nothing is known about the menu.
    const refreshResult: RefreshResult =
      verdict.outcome === 'aborted' ? 'skipped' : verdict.outcome === 'ok' ? 'refreshed' : 'failed';
    onScrapeEvent?.({
      kind: 'finished',
      key: source.entry.key,
      result: refreshResult,
      durationMs,
      ...(source.dealsFound !== undefined ? { dealsFound: source.dealsFound } : {}),
      unconfigured: source.unconfigured,
    });
    return refreshResult;
  }

  /** Keeps what the verdict keeps and records the attempt; a failed write fails the attempt. */
  private async keep(
    source: TrackedSource,
    verdict: ScrapeVerdict,
    result: ScrapeResult | null,
    transport: Transport | null,
    startedAt: Date,
    finishedAt: Date,
  ): Promise<ScrapeVerdict> {
    const { repository, logger, deals } = this.options;
    const key = source.entry.key;
    let final = verdict;
    if (verdict.replace && result) {
      try {
        // The menu's prices are the day's observations, written with the snapshot (one
        // transaction): a result that is not kept records no prices either. Their day is the
        // clock's when the history and the platform's clock bear it out (recording-days.ts).
        const { day } = await this.options.recordingDays.dayOf(finishedAt, result.answeredAt);
        const menu = menuObservations(result.menuPrices, day);
        if (menu.refused > 0) {
          logger.warn(
            { dispensary: key, refused: menu.refused },
            'menu prices left out of the price history',
          );
        }
        const snapshot = await repository.replaceSnapshot(
          key,
          result.deals,
          finishedAt,
          menu.observations,
        );
        const { priceFacts, metrics } = this.options;
        const served = await priceFacts.withFacts(key, snapshot.deals, day);
        const heldBack = priceFacts.heldBackOf(key);
        if (heldBack > 0) {
          metrics.priceProblems.inc(
            { problem: HELD_BACK, platform: source.entry.platform },
            heldBack,
          );
          logger.warn(
            { dispensary: key, heldBack },
            "deals held back: today's price is far from their product's own history",
          );
        }
        await deals.replace([{ key, deals: served }]);
        snapshotReplaced(source, finishedAt, overBound(result));
        this.options.dealsChanged(source);
      } catch (error) {
        const failure = storeFailure(error);
        logger.error({ err: error, dispensary: key }, failure.log);
        final = { outcome: 'error', replace: false, error: failure.reason };
      }
    }
    if (result?.location) {
      source.discovered = result.location;
      await repository
        .saveDispensaryLocation(key, result.location, finishedAt)
        .catch((error: unknown) =>
          logger.error({ err: error, dispensary: key }, 'could not store the location'),
        );
    }
    if (result && result.hours !== undefined && !sameWeek(result.hours, source.platformHours)) {
      source.platformHours = result.hours;
      await repository
        .saveDispensaryHours(key, result.hours, finishedAt)
        .catch((error: unknown) =>
          logger.error({ err: error, dispensary: key }, 'could not store the hours'),
        );
    }
    if (result && result.phone !== undefined && result.phone !== source.platformPhone) {
      source.platformPhone = result.phone;
      await repository
        .saveDispensaryPhone(key, result.phone, finishedAt)
        .catch((error: unknown) =>
          logger.error({ err: error, dispensary: key }, 'could not store the phone number'),
        );
    }
    attemptFinished(source, finishedAt, final.outcome, final.error);
    await repository
      .recordScrapeRun({
        dispensaryKey: key,
        startedAt: startedAt.toISOString(),
        finishedAt: finishedAt.toISOString(),
        outcome: final.outcome,
        transport,
        dealCount: result?.deals.length ?? 0,
        error: final.error,
      })
      .catch((error: unknown) =>
        logger.error({ err: error, dispensary: key }, 'could not record the scrape run'),
      );
    return final;
  }
}

/** Whether two weeks (normal, so written the same way when the same) are one. */
function sameWeek(a: WeeklyHours | null, b: WeeklyHours | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

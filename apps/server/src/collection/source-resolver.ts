import { ScrapeError, type Scraper } from '@stl-deals/scraper';
import type { DealsRepository } from '@stl-deals/store';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { needsResolution, resolvedFrom } from './source-resolution';
import { readThrough, type TrackedSource } from './tracked-source';

export interface SourceResolverOptions {
  /** RESOLVE_SOURCES: whether any store's website or listing is looked at. */
  enabled: boolean;
  scraper: Pick<Scraper, 'resolveSource' | 'hasMenuSource'>;
  repository: Pick<DealsRepository, 'saveResolvedSource'>;
  clock: Clock;
  logger: FastifyBaseLogger;
}

/**
 * Finds the menu a store's website embeds (or its listing in the directories) before a scrape,
 * and keeps what it found in the store, so the registry's entry is read through it across
 * restarts. The rules of when and what are in source-resolution.ts.
 */
export class SourceResolver {
  constructor(private readonly options: SourceResolverOptions) {}

  /** Whether the store is to be looked at before its next scrape. */
  isPending(source: TrackedSource): boolean {
    const { enabled, scraper, clock } = this.options;
    return (
      enabled &&
      needsResolution(
        source.registered,
        source.resolved,
        scraper.hasMenuSource(source.registered),
        clock.now(),
      )
    );
  }

  /**
   * Opens the store's website for the menu it embeds and reads the store through it from now on.
   * A site that cannot be read leaves the entry as it was: its scrape goes on (a specials page),
   * or fails with the site's reason when the entry has no other source.
   */
  async resolve(source: TrackedSource, signal: AbortSignal): Promise<void> {
    const { scraper, repository, clock, logger } = this.options;
    const key = source.registered.key;
    let found;
    try {
      found = await scraper.resolveSource(source.registered, signal);
    } catch (error) {
      // A source's failure (offline, blocked...) is the scrape's line to tell, once per store;
      // an unexpected error is told here.
      const level = error instanceof ScrapeError ? 'debug' : 'warn';
      logger[level]({ dispensary: key, err: error }, 'the store website could not be read');
      if (source.unconfigured) throw error;
      return;
    }
    const resolved = resolvedFrom(source.registered, found, clock.now());
    readThrough(source, resolved, (entry) => scraper.hasMenuSource(entry));
    logger.info(
      { dispensary: key, platform: source.entry.platform, evidence: resolved.evidence },
      'menu source read from the store website',
    );
    await repository.saveResolvedSource(key, resolved).catch((error: unknown) => {
      logger.warn({ dispensary: key, err: error }, 'the resolved source could not be stored');
    });
  }
}

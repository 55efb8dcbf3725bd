import type { DealsRepository, Snapshot } from '@stl-deals/store';
import type { ScrapeDurations } from './collection-status';
import type { ScrapeEvent } from './refresh-pass';
import {
  applyHistory,
  finishedElsewhere,
  readThrough,
  type HasMenuSource,
  type TrackedSource,
} from './tracked-source';

export interface FollowingOptions {
  repository: Pick<
    DealsRepository,
    'getSnapshot' | 'sourceHistories' | 'loadResolvedSources' | 'loadDispensaryHours'
  >;
  hasMenuSource: HasMenuSource;
  /** Takes a stored snapshot into the read model (with its price facts, read from the store). */
  restore(source: TrackedSource, snapshot: Snapshot): Promise<void>;
  durations: ScrapeDurations;
}

/**
 * How a process of a cluster learns of the scrapes the others make: from the store, which every
 * scrape writes, and from what the scraping process told (see ScrapeEvent).
 */
export class Following {
  constructor(private readonly options: FollowingOptions) {}

  /**
   * Takes the dispensary's state from the store: its snapshot, its last attempt, the menu source
   * its website showed, the hours its platform stated. `ended` is what the process that scraped
   * it told of that scrape.
   */
  async follow(
    source: TrackedSource,
    ended?: Extract<ScrapeEvent, { kind: 'finished' }>,
  ): Promise<void> {
    const { repository, hasMenuSource, durations } = this.options;
    const key = source.entry.key;
    const [snapshot, [history], resolved, hours] = await Promise.all([
      repository.getSnapshot(key),
      repository.sourceHistories(key),
      repository.loadResolvedSources(key),
      repository.loadDispensaryHours(key),
    ]);
    source.platformHours = hours.get(key) ?? null;
    if (history) applyHistory(source, history);
    const resolvedNow = resolved.get(key);
    if (resolvedNow && resolvedNow !== source.resolved) {
      readThrough(source, resolvedNow, hasMenuSource);
    }
    if (snapshot && snapshot.scrapedAt !== source.snapshotAt?.toISOString()) {
      await this.options.restore(source, snapshot);
    }
    if (ended && ended.result !== 'skipped') {
      finishedElsewhere(source, ended);
      durations.note(ended.durationMs);
    }
  }

  /** Every dispensary's last attempt as the store has it: what the schedule's due list reads. */
  async reloadHistories(byKey: ReadonlyMap<string, TrackedSource>): Promise<void> {
    for (const history of await this.options.repository.sourceHistories()) {
      const source = byKey.get(history.dispensaryKey);
      if (source) applyHistory(source, history);
    }
  }
}

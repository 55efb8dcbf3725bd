import type { DealsRepository } from '@stl-deals/store';
import type { ScrapeDurations } from './collection-status';
import type { ScrapeEvent } from './refresh-pass';
import type { StoredSnapshots } from './stored-snapshots';
import {
  applyHistory,
  finishedElsewhere,
  readThrough,
  startedElsewhere,
  type HasMenuSource,
  type TrackedSource,
} from './tracked-source';

export interface FollowingOptions {
  repository: Pick<
    DealsRepository,
    | 'getSnapshot'
    | 'sourceHistories'
    | 'loadResolvedSources'
    | 'loadDispensaryHours'
    | 'loadDispensaryPhones'
  >;
  hasMenuSource: HasMenuSource;
  /** The dispensaries tracked, by key. */
  byKey: ReadonlyMap<string, TrackedSource>;
  /** The stored snapshots read back, and one taken into the read model with its price facts. */
  snapshots: Pick<StoredSnapshots, 'whenLoaded' | 'restore'>;
  durations: ScrapeDurations;
}

/**
 * How a process of a cluster learns of the scrapes the others make: from the store, which every
 * scrape writes, and from what the scraping process told (see ScrapeEvent).
 */
export class Following {
  constructor(private readonly options: FollowingOptions) {}

  /**
   * Takes the dispensary's state from the store, once the stored snapshots were read back: its
   * snapshot, its last attempt, the menu source its website showed, the hours and phone its platform
   * stated. `ended` is what the process that scraped it told of that scrape. A key not tracked
   * here is passed over.
   */
  async follow(key: string, ended?: Extract<ScrapeEvent, { kind: 'finished' }>): Promise<void> {
    const { repository, hasMenuSource, durations, snapshots } = this.options;
    const source = this.options.byKey.get(key);
    if (!source) return;
    await snapshots.whenLoaded();
    const [snapshot, [history], resolved, hours, phones] = await Promise.all([
      repository.getSnapshot(key),
      repository.sourceHistories(key),
      repository.loadResolvedSources(key),
      repository.loadDispensaryHours(key),
      repository.loadDispensaryPhones(key),
    ]);
    source.platformHours = hours.get(key) ?? null;
    source.platformPhone = phones.get(key) ?? null;
    if (history) applyHistory(source, history);
    const resolvedNow = resolved.get(key);
    if (resolvedNow && resolvedNow !== source.resolved) {
      readThrough(source, resolvedNow, hasMenuSource);
    }
    if (snapshot && snapshot.scrapedAt !== source.snapshotAt?.toISOString()) {
      await snapshots.restore(source, snapshot);
    }
    if (ended && ended.result !== 'skipped') {
      finishedElsewhere(source, ended);
      durations.note(ended.durationMs);
    }
  }

  /** Another process started scraping the dispensary, under a lease until `leaseUntil`. */
  startedElsewhere(key: string, leaseUntil: Date): void {
    const source = this.options.byKey.get(key);
    if (source) startedElsewhere(source, leaseUntil);
  }

  /** Every dispensary's last attempt as the store has it: what the schedule's due list reads. */
  async reloadHistories(): Promise<void> {
    for (const history of await this.options.repository.sourceHistories()) {
      const source = this.options.byKey.get(history.dispensaryKey);
      if (source) applyHistory(source, history);
    }
  }
}

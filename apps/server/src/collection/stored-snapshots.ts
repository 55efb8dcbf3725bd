import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DealsRepository, Snapshot } from '@stl-deals/store';
import type { PriceFacts } from './price-facts';
import type { DealsReadModel } from './read-model';
import type { RecordingDays } from './recording-days';
import { snapshotTaken, type TrackedSource } from './tracked-source';

export interface StoredSnapshotsOptions {
  repository: Pick<DealsRepository, 'getSnapshot'>;
  sources: readonly TrackedSource[];
  deals: Pick<DealsReadModel, 'replace' | 'publish'>;
  priceFacts: Pick<PriceFacts, 'withFacts'>;
  recordingDays: Pick<RecordingDays, 'dayOrClockDay'>;
  stopping: AbortSignal;
  /** Told when a dispensary's deals in the read model changed. */
  dealsChanged(source: TrackedSource): void;
}

/**
 * How the snapshots the store kept reach the read model: all of them read back once after a
 * start, and one at a time when another process of a cluster scraped a dispensary.
 */
export class StoredSnapshots {
  private loading: Promise<void> | null = null;
  private done = false;

  constructor(private readonly options: StoredSnapshotsOptions) {}

  /** The snapshots were read back (see `whenLoaded`). */
  loaded(): boolean {
    return this.done;
  }

  /** The read-back, once started; null before. */
  get underWay(): Promise<void> | null {
    return this.loading;
  }

  /**
   * Reads the stored snapshots back into the read model and publishes them (replacing a stored
   * page's list), once: called again, it answers the same promise.
   */
  whenLoaded(): Promise<void> {
    this.loading ??= this.loadAll();
    return this.loading;
  }

  private async loadAll(): Promise<void> {
    const { repository, sources, stopping } = this.options;
    // One dispensary at a time: only one menu's decoded deals are alive at once, and they die
    // young, so loading 10,000 stored deals leaves no grown heap behind.
    for (const source of sources) {
      // A turn of the event loop before each: SQLite answers at once, so the reads resolve with
      // no turn between them, and the whole read-back (seconds on a busy machine) would hold up
      // every request and signal until done, the stored page's list and a shutdown included.
      await nextTurn();
      if (stopping.aborted) return;
      const snapshot = await repository.getSnapshot(source.entry.key);
      if (snapshot) await this.restore(source, snapshot);
    }
    this.options.deals.publish();
    this.done = true;
  }

  /**
   * A stored snapshot taken in: read back at start, or another process's scrape. Its price facts
   * are those of the day it was scraped, as its scrape gave them (the day its prices were
   * recorded under, when its clock was ahead); the snapshot is served all the same when that day
   * cannot be read.
   */
  async restore(source: TrackedSource, snapshot: Snapshot): Promise<void> {
    const key = source.entry.key;
    const day = await this.options.recordingDays.dayOrClockDay(new Date(snapshot.scrapedAt));
    const deals = await this.options.priceFacts.withFacts(key, snapshot.deals, day);
    snapshotTaken(source, snapshot.scrapedAt);
    await this.options.deals.replace([{ key, deals }]);
    this.options.dealsChanged(source);
  }
}

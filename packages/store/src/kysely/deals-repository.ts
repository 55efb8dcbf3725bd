import { isNormalWeek, type Deal, type GeoPoint, type WeeklyHours } from '@stl-deals/domain';
import type { Kysely } from 'kysely';
import { dealKey } from '../deal-key';
import { checkSightings } from '../deal-sighting-checks';
import { encodeDeal } from '../deal-payload';
import {
  checkCount,
  checkLocation,
  checkResolvedSource,
  isoFromDate,
  isoFromText,
} from '../input-checks';
import { checkDay, checkHistoryKeys, checkObservations } from '../price-observation-checks';
import {
  checkLimit,
  checkNewSubscription,
  checkOutcome,
  checkPushKeys,
  checkSubscriptionId,
} from '../push-subscription-checks';
import { checkEmailId, checkEmailOutcome, checkSignUp, checkWatchUpdate } from '../email-checks';
import type {
  CorruptRow,
  EmailAddressRecord,
  EmailConfirmation,
  EmailOutcome,
  EmailSignUp,
  EmailSignUpLimits,
  EmailSignUpResult,
  EmailWatchUpdate,
  DealSighting,
  DealsRepository,
  MarketObservation,
  NewPushSubscription,
  PushKeys,
  PushOutcome,
  PushSubscriptionRecord,
  PriceObservation,
  PruneOptions,
  ScrapeRun,
  Snapshot,
  SourceHistory,
  StorageHealth,
  ResolvedSource,
  PublishedView,
} from '../repository';
import { StorageFaultError, StorageFullError } from '../storage-errors';
import type { StoreDatabase } from './database';
import {
  readGeocodedAddresses,
  readLocations,
  upsertGeocodedAddress,
  upsertLocation,
} from './locations';
import {
  hasObservations,
  newestObservationDay,
  pruneObservationsBatch,
  writeObservations,
} from './price-observations';
import {
  confirmWatch,
  countAddresses,
  deleteWatches,
  insertSignUp,
  pruneUnconfirmed,
  readAddress,
  readAddresses,
  takeSend,
  writeEmailOutcomes,
} from './email';
import { readDispensaryHours, writeDispensaryHours } from './dispensary-hours';
import { isE164, readDispensaryPhones, writeDispensaryPhone } from './dispensary-phones';
import { readPublishedView, upsertPublishedView } from './published-views';
import {
  countSubscriptions,
  deleteSubscription,
  insertSubscription,
  keepKeys,
  pruneSubscriptions,
  readSubscriptions,
  writeOutcomes,
} from './push-subscriptions';
import { readResolvedSources, upsertResolvedSource } from './resolved-sources';
import { insertScrapeRun, readSourceHistories } from './scrape-runs';
import { readSnapshots, writeSightings, writeSnapshot } from './snapshots';

const DEFAULT_PRUNE_BATCH_ROWS = 5000;

/** What differs between engines beneath the same queries. */
export interface StoreEngine {
  /** Names the database in errors and in health details (a file, or a URL without password). */
  name: string;
  /**
   * Deletes up to `limit` history rows last seen before `before` whose key is in no stored
   * snapshot, oldest first; answers how many. Runs inside the batch's transaction.
   */
  pruneHistoryBatch(trx: Kysely<StoreDatabase>, before: string, limit: number): Promise<number>;
  /**
   * The observations of `productKeys` (checked) at the dispensary from `sinceDay` on, by key,
   * each list sorted by day: one query.
   */
  readPriceHistory(
    db: Kysely<StoreDatabase>,
    dispensaryKey: string,
    productKeys: readonly string[],
    sinceDay: string,
  ): Promise<Map<string, PriceObservation[]>>;
  /** Every dispensary's observations of `day` (checked) whose product has a class: one query. */
  readMarketObservations(db: Kysely<StoreDatabase>, day: string): Promise<MarketObservation[]>;
  /**
   * Holds every other process's subscription write off until the transaction ends, so that a
   * count and the write after it see the same rows (SQLite's writes take the file's lock at
   * BEGIN already; PostgreSQL takes an advisory lock).
   */
  lockPushSubscriptions(trx: Kysely<StoreDatabase>): Promise<void>;
  /** Whether the database is still the one opened, reachable and undamaged. */
  checkHealth(db: Kysely<StoreDatabase>): Promise<StorageHealth>;
  /** Whether a failed write failed for lack of room (the engine's disk-full error). */
  isStorageFull(error: unknown): boolean;
  /**
   * Whether a failed write failed because the storage beneath cannot be written (a read-only
   * file system or database, an I/O error), as opposed to a fault of the write itself.
   */
  isUnwritable(error: unknown): boolean;
}

export interface RepositorySettings {
  onCorruptRow: (row: CorruptRow) => void;
  scrapeRunsKept: number;
  historyRowsPerStore: number;
  observationRowsPerStore: number;
}

/** A write's failure that health reports until that kind of write succeeds again. */
interface WriteFault {
  ok: false;
  fault: 'unwritable' | 'full';
  detail: string;
}

/** `DealsRepository` on a migrated database reached through Kysely, whatever the engine. */
export class KyselyDealsRepository implements DealsRepository {
  readonly #db: Kysely<StoreDatabase>;
  readonly #engine: StoreEngine;
  readonly #settings: RepositorySettings;
  #closed = false;
  /** The last check's fault; writes are refused while there is one. */
  #fault: Exclude<StorageHealth, { ok: true }> | null = null;
  /**
   * Per kind of write (the method's name), its last failure for storage that cannot be written
   * or is full. Writes are still tried (a remounted disk, or space freed, comes back without a
   * restart), and health reports the oldest fault held until `#written` clears it.
   */
  readonly #writeFaults = new Map<string, WriteFault>();

  constructor(db: Kysely<StoreDatabase>, engine: StoreEngine, settings: RepositorySettings) {
    this.#db = db;
    this.#engine = engine;
    this.#settings = settings;
  }

  async loadSnapshots(): Promise<Snapshot[]> {
    return readSnapshots(this.#open(), null, this.#settings.onCorruptRow);
  }

  async getSnapshot(dispensaryKey: string): Promise<Snapshot | null> {
    const [snapshot] = await readSnapshots(
      this.#open(),
      dispensaryKey,
      this.#settings.onCorruptRow,
    );
    return snapshot ?? null;
  }

  async replaceSnapshot(
    dispensaryKey: string,
    deals: readonly Deal[],
    scrapedAt: Date,
    observations: readonly PriceObservation[] = [],
  ): Promise<Snapshot> {
    const db = this.#open();
    const at = isoFromDate(scrapedAt, `scrapedAt of dispensary '${dispensaryKey}'`);
    const checkedObservations = checkObservations(dispensaryKey, observations);
    // Validated and serialized before the transaction: a bad deal rejects the call with nothing
    // written, and the write lock is held only for the writes.
    const stored = deals.map((deal, position) => ({
      key: dealKey(dispensaryKey, deal),
      payload: encodeDeal(dispensaryKey, position, deal),
      salePrice: deal.salePrice ?? null,
    }));
    return this.#writing('replaceSnapshot', () =>
      db.transaction().execute(async (trx) => {
        await writeSnapshot(trx, dispensaryKey, stored, at, this.#settings.historyRowsPerStore);
        await writeObservations(
          trx,
          dispensaryKey,
          checkedObservations,
          this.#settings.observationRowsPerStore,
        );
        // Read back in the same transaction: the answer is exactly what was committed.
        const [snapshot] = await readSnapshots(trx, dispensaryKey, this.#settings.onCorruptRow);
        if (snapshot === undefined) {
          throw new Error(
            `The snapshot of '${dispensaryKey}' was not found right after writing it`,
          );
        }
        return snapshot;
      }),
    );
  }

  async recordObservations(
    dispensaryKey: string,
    observations: readonly PriceObservation[],
  ): Promise<void> {
    const db = this.#open();
    const checked = checkObservations(dispensaryKey, observations);
    if (checked.length === 0) return;
    await this.#writing('recordObservations', () =>
      db
        .transaction()
        .execute((trx) =>
          writeObservations(trx, dispensaryKey, checked, this.#settings.observationRowsPerStore),
        ),
    );
  }

  async recordSightings(dispensaryKey: string, sightings: readonly DealSighting[]): Promise<void> {
    const db = this.#open();
    const checked = checkSightings(dispensaryKey, sightings);
    if (checked.length === 0) return;
    await this.#writing('recordSightings', () =>
      db
        .transaction()
        .execute((trx) =>
          writeSightings(trx, dispensaryKey, checked, this.#settings.historyRowsPerStore),
        ),
    );
  }

  async hasPriceObservations(): Promise<boolean> {
    return hasObservations(this.#open());
  }

  async newestObservationDay(): Promise<string | null> {
    return newestObservationDay(this.#open());
  }

  async pruneDealHistory(lastSeenBefore: Date, options: PruneOptions = {}): Promise<number> {
    const before = isoFromDate(lastSeenBefore, 'lastSeenBefore of the deal history');
    return this.#pruneInBatches(options, (trx, batchRows) =>
      this.#engine.pruneHistoryBatch(trx, before, batchRows),
    );
  }

  async priceHistory(
    dispensaryKey: string,
    productKeys: readonly string[],
    sinceDay: string,
  ): Promise<Map<string, PriceObservation[]>> {
    const keys = checkHistoryKeys(dispensaryKey, productKeys);
    const since = checkDay(sinceDay, `sinceDay of the price history of '${dispensaryKey}'`);
    return this.#engine.readPriceHistory(this.#open(), dispensaryKey, keys, since);
  }

  async marketObservations(day: string): Promise<MarketObservation[]> {
    const checked = checkDay(day, 'day of the market observations');
    return this.#engine.readMarketObservations(this.#open(), checked);
  }

  async pruneObservations(beforeDay: string, options: PruneOptions = {}): Promise<number> {
    const before = checkDay(beforeDay, 'beforeDay of the price observations');
    return this.#pruneInBatches(options, (trx, batchRows) =>
      pruneObservationsBatch(trx, before, batchRows),
    );
  }

  /**
   * Runs `batch` until it deletes fewer than `options.batchRows` rows or the signal aborts, each
   * batch its own transaction; answers the rows deleted.
   */
  async #pruneInBatches(
    options: PruneOptions,
    batch: (trx: Kysely<StoreDatabase>, batchRows: number) => Promise<number>,
  ): Promise<number> {
    const batchRows = options.batchRows ?? DEFAULT_PRUNE_BATCH_ROWS;
    if (!Number.isSafeInteger(batchRows) || batchRows < 1) {
      throw new RangeError(`batchRows must be a whole number of at least 1, got ${batchRows}`);
    }
    let pruned = 0;
    while (options.signal?.aborted !== true) {
      const db = this.#open();
      const deleted = await this.#writing('pruneObservations', () =>
        db.transaction().execute((trx) => batch(trx, batchRows)),
      );
      pruned += deleted;
      if (deleted < batchRows) break;
      // SQLite's connection is synchronous: only a turn of the event loop lets requests and the
      // calls queued behind this one (a scrape's snapshot) run before the next batch.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return pruned;
  }

  async recordScrapeRun(run: ScrapeRun): Promise<void> {
    const db = this.#open();
    const what = `Scrape run of dispensary '${run.dispensaryKey}'`;
    const row = {
      dispensary_key: run.dispensaryKey,
      started_at: isoFromText(run.startedAt, `${what}: startedAt`),
      finished_at: isoFromText(run.finishedAt, `${what}: finishedAt`),
      outcome: run.outcome,
      transport: run.transport,
      deal_count: checkCount(run.dealCount, `${what}: dealCount`),
      error: run.error,
    };
    await this.#writing('recordScrapeRun', () =>
      db.transaction().execute((trx) => insertScrapeRun(trx, row, this.#settings.scrapeRunsKept)),
    );
  }

  async sourceHistories(dispensaryKey?: string): Promise<SourceHistory[]> {
    return readSourceHistories(this.#open(), dispensaryKey);
  }

  async saveDispensaryLocation(
    dispensaryKey: string,
    location: GeoPoint,
    foundAt: Date,
  ): Promise<void> {
    const checked = checkLocation(location, `Location of dispensary '${dispensaryKey}'`);
    const at = isoFromDate(foundAt, `foundAt of the location of dispensary '${dispensaryKey}'`);
    const db = this.#open();
    await this.#writing('saveDispensaryLocation', () =>
      upsertLocation(db, dispensaryKey, checked, at),
    );
  }

  async loadDispensaryLocations(): Promise<Map<string, GeoPoint>> {
    return readLocations(this.#open());
  }

  async saveDispensaryHours(
    dispensaryKey: string,
    week: WeeklyHours | null,
    foundAt: Date,
  ): Promise<void> {
    if (week !== null && !isNormalWeek(week)) {
      throw new RangeError(`Hours of dispensary '${dispensaryKey}' are no normal week`);
    }
    const at = isoFromDate(foundAt, `foundAt of the hours of dispensary '${dispensaryKey}'`);
    const db = this.#open();
    await this.#writing('saveDispensaryHours', () =>
      writeDispensaryHours(db, dispensaryKey, week, at),
    );
  }

  async loadDispensaryHours(dispensaryKey?: string): Promise<Map<string, WeeklyHours>> {
    return readDispensaryHours(this.#open(), dispensaryKey);
  }

  async saveDispensaryPhone(
    dispensaryKey: string,
    phone: string | null,
    foundAt: Date,
  ): Promise<void> {
    if (phone !== null && !isE164(phone)) {
      throw new RangeError(`Phone of dispensary '${dispensaryKey}' is no US number in E.164`);
    }
    const at = isoFromDate(foundAt, `foundAt of the phone of dispensary '${dispensaryKey}'`);
    const db = this.#open();
    await this.#writing('saveDispensaryPhone', () =>
      writeDispensaryPhone(db, dispensaryKey, phone, at),
    );
  }

  async loadDispensaryPhones(dispensaryKey?: string): Promise<Map<string, string>> {
    return readDispensaryPhones(this.#open(), dispensaryKey);
  }

  async saveGeocodedAddress(
    address: string,
    location: GeoPoint | null,
    geocodedAt: Date,
  ): Promise<void> {
    const checked =
      location === null ? null : checkLocation(location, `Geocoded location of '${address}'`);
    const at = isoFromDate(geocodedAt, `geocodedAt of '${address}'`);
    const db = this.#open();
    await this.#writing('saveGeocodedAddress', () =>
      upsertGeocodedAddress(db, address, checked, at),
    );
  }

  async loadGeocodedAddresses(): Promise<Map<string, GeoPoint | null>> {
    return readGeocodedAddresses(this.#open());
  }

  async saveResolvedSource(dispensaryKey: string, source: ResolvedSource): Promise<void> {
    checkResolvedSource(dispensaryKey, source);
    const db = this.#open();
    await this.#writing('saveResolvedSource', () =>
      upsertResolvedSource(db, dispensaryKey, source),
    );
  }

  async loadResolvedSources(dispensaryKey?: string): Promise<Map<string, ResolvedSource>> {
    return readResolvedSources(this.#open(), dispensaryKey);
  }

  async savePublishedView(view: PublishedView): Promise<void> {
    if (view.view === '' || view.fingerprint === '' || view.etag === '') {
      throw new RangeError('A published view needs a name, a fingerprint and an ETag');
    }
    const checked = {
      ...view,
      publishedAt: isoFromText(view.publishedAt, `publishedAt of view '${view.view}'`),
    };
    const db = this.#open();
    await this.#writing('savePublishedView', () => upsertPublishedView(db, checked));
  }

  async loadPublishedView(view: string): Promise<PublishedView | null> {
    return readPublishedView(this.#open(), view);
  }

  async addPushSubscription(
    subscription: NewPushSubscription,
    maxSubscriptions: number,
  ): Promise<'added' | 'full'> {
    const checked = checkNewSubscription(subscription);
    const max = checkCount(maxSubscriptions, 'maxSubscriptions');
    const db = this.#open();
    return this.#writing('addPushSubscription', () =>
      db.transaction().execute(async (trx) => {
        await this.#engine.lockPushSubscriptions(trx);
        return insertSubscription(trx, checked, max);
      }),
    );
  }

  async removePushSubscription(
    id: string,
    tokenHash: string,
  ): Promise<'removed' | 'absent' | 'refused'> {
    const checkedId = checkSubscriptionId(id);
    const db = this.#open();
    return this.#writing('removePushSubscription', () =>
      db.transaction().execute((trx) => deleteSubscription(trx, checkedId, tokenHash)),
    );
  }

  async listPushSubscriptions(
    afterId: string | null,
    limit: number,
  ): Promise<PushSubscriptionRecord[]> {
    const checked = checkLimit(limit, 1000, 'A page of push subscriptions');
    return readSubscriptions(this.#open(), afterId, checked);
  }

  async settlePushSubscriptions(outcomes: readonly PushOutcome[]): Promise<void> {
    const checked = outcomes.map(checkOutcome);
    if (checked.length === 0) return;
    const db = this.#open();
    await this.#writing('settlePushSubscriptions', () =>
      db.transaction().execute((trx) => writeOutcomes(trx, checked)),
    );
  }

  async prunePushSubscriptions(usedBefore: Date, now: Date): Promise<number> {
    const before = isoFromDate(usedBefore, 'usedBefore of the push subscriptions');
    const at = isoFromDate(now, 'now of the push subscriptions');
    const db = this.#open();
    return this.#writing('prunePushSubscriptions', () => pruneSubscriptions(db, before, at));
  }

  async countPushSubscriptions(): Promise<number> {
    return countSubscriptions(this.#open());
  }

  async keepPushKeys(candidate: PushKeys): Promise<PushKeys> {
    const checked = checkPushKeys(candidate);
    const db = this.#open();
    const at = new Date().toISOString();
    return this.#writing('keepPushKeys', () =>
      db.transaction().execute((trx) => keepKeys(trx, checked, at)),
    );
  }

  async signUpEmail(signUp: EmailSignUp, limits: EmailSignUpLimits): Promise<EmailSignUpResult> {
    const checked = checkSignUp(signUp);
    const checkedLimits = {
      maxAddresses: checkCount(limits.maxAddresses, 'maxAddresses'),
      maxPending: checkCount(limits.maxPending, 'maxPending'),
    };
    const db = this.#open();
    return this.#writing('signUpEmail', () =>
      db.transaction().execute(async (trx) => {
        // The followers' one lock: a count and the write after it see the same rows.
        await this.#engine.lockPushSubscriptions(trx);
        return insertSignUp(trx, checked, checkedLimits);
      }),
    );
  }

  async confirmEmailWatch(
    watchId: string,
    confirmHash: string,
    now: Date,
  ): Promise<EmailConfirmation> {
    const id = checkEmailId(watchId, 'An email watch id');
    const at = isoFromDate(now, 'now of an email confirmation');
    const db = this.#open();
    return this.#writing('confirmEmailWatch', () =>
      db.transaction().execute((trx) => confirmWatch(trx, id, confirmHash, at)),
    );
  }

  async emailWatchesOf(addressId: string, token: string): Promise<EmailAddressRecord | null> {
    const id = checkEmailId(addressId, 'An email address id');
    return readAddress(this.#open(), id, token);
  }

  async removeEmailWatches(
    addressId: string,
    token: string,
    watchIds: readonly string[] | 'all',
  ): Promise<'removed' | 'absent' | 'refused'> {
    const id = checkEmailId(addressId, 'An email address id');
    const ids =
      watchIds === 'all'
        ? 'all'
        : watchIds.map((watch) => checkEmailId(watch, 'An email watch id'));
    const db = this.#open();
    return this.#writing('removeEmailWatches', () =>
      db.transaction().execute((trx) => deleteWatches(trx, id, token, ids)),
    );
  }

  async listEmailAddresses(afterId: string | null, limit: number): Promise<EmailAddressRecord[]> {
    const checked = checkLimit(limit, 1000, 'A page of email addresses');
    return readAddresses(this.#open(), afterId, checked);
  }

  async takeEmailSend(addressId: string, day: string, perDay: number): Promise<boolean> {
    const id = checkEmailId(addressId, 'An email address id');
    const checkedDay = checkDay(day, 'The day of an email send');
    const max = checkCount(perDay, 'perDay');
    const db = this.#open();
    return this.#writing('takeEmailSend', () => takeSend(db, id, checkedDay, max));
  }

  async settleEmail(
    addresses: readonly EmailOutcome[],
    watches: readonly EmailWatchUpdate[],
  ): Promise<void> {
    const checkedAddresses = addresses.map(checkEmailOutcome);
    const checkedWatches = watches.map(checkWatchUpdate);
    if (checkedAddresses.length === 0 && checkedWatches.length === 0) return;
    const db = this.#open();
    await this.#writing('settleEmail', () =>
      db.transaction().execute((trx) => writeEmailOutcomes(trx, checkedAddresses, checkedWatches)),
    );
  }

  async pruneEmail(now: Date): Promise<number> {
    const at = isoFromDate(now, 'now of the email watches');
    const db = this.#open();
    return this.#writing('pruneEmail', () =>
      db.transaction().execute((trx) => pruneUnconfirmed(trx, at)),
    );
  }

  async countEmailAddresses(): Promise<number> {
    return countAddresses(this.#open());
  }

  async checkHealth(): Promise<StorageHealth> {
    const health = await this.#engine.checkHealth(this.#open());
    this.#fault = health.ok ? null : health;
    if (!health.ok) return health;
    const [writeFault] = this.#writeFaults.values();
    return writeFault ?? health;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#db.destroy();
  }

  /**
   * Runs a write unless the last health check found a fault, naming a full disk as such: either
   * way the caller keeps its last good data.
   */
  async #writing<T>(kind: string, write: () => Promise<T>): Promise<T> {
    if (this.#fault !== null) {
      throw new StorageFaultError(
        `Not writing to the deals database ${this.#engine.name}: it is ${this.#fault.fault} (${this.#fault.detail})`,
      );
    }
    try {
      const written = await write();
      this.#written(kind);
      return written;
    } catch (error) {
      if (this.#engine.isStorageFull(error)) {
        const detail = error instanceof Error ? error.message : String(error);
        this.#writeFaults.set(kind, { ok: false, fault: 'full', detail });
        throw new StorageFullError(`The deals database ${this.#engine.name} is full`, {
          cause: error,
        });
      }
      if (this.#engine.isUnwritable(error)) {
        const detail = error instanceof Error ? error.message : String(error);
        this.#writeFaults.set(kind, { ok: false, fault: 'unwritable', detail });
        throw new StorageFaultError(
          `The deals database ${this.#engine.name} cannot be written (${detail})`,
          { cause: error },
        );
      }
      throw error;
    }
  }

  /**
   * Any write that succeeds shows the storage writable. Room is shown only by the same kind of
   * write, or by a snapshot (the largest write there is): a small row that fits in the file's
   * free pages says nothing of room for the next snapshot.
   */
  #written(kind: string): void {
    for (const [failed, { fault }] of this.#writeFaults) {
      if (fault === 'unwritable' || failed === kind || kind === 'replaceSnapshot') {
        this.#writeFaults.delete(failed);
      }
    }
  }

  #open(): Kysely<StoreDatabase> {
    if (this.#closed) throw new Error(`The deals database ${this.#engine.name} is closed`);
    return this.#db;
  }
}

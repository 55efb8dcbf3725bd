import type { Deal, GeoPoint, Platform, WeeklyHours } from '@stl-deals/domain';

/** One dispensary's last good deals, as the service serves them. */
export interface Snapshot {
  dispensaryKey: string;
  /** In the order they were stored, each with `firstSeenAt` filled from the deal history. */
  deals: Deal[];
  /** ISO 8601 (UTC): when the scrape that produced it finished. */
  scrapedAt: string;
}

export type ScrapeOutcome =
  | 'ok'
  | 'empty'
  | 'blocked'
  | 'schema-changed'
  | 'not-found'
  | 'timeout'
  | 'retryable'
  | 'aborted'
  | 'error';

/** One attempt to scrape one dispensary, kept for status and for the next start. */
export interface ScrapeRun {
  dispensaryKey: string;
  /** ISO 8601 with an offset; stored as UTC. */
  startedAt: string;
  /** ISO 8601 with an offset; stored as UTC. Runs are ordered by it. */
  finishedAt: string;
  outcome: ScrapeOutcome;
  transport: 'http' | 'browser' | null;
  dealCount: number;
  /** A short, client-safe reason when the outcome is not 'ok'. */
  error: string | null;
}

/** The latest attempt and the latest success per dispensary, for the status call. */
export interface SourceHistory {
  dispensaryKey: string;
  /** `finishedAt` of the latest run, whatever its outcome. */
  lastAttemptAt: string | null;
  /** `finishedAt` of the latest run whose outcome is 'ok'. */
  lastSuccessAt: string | null;
  /** Outcome of the latest run. */
  lastOutcome: ScrapeOutcome | null;
  /** Error of the latest run: null once a run succeeds again. */
  lastError: string | null;
}

/** A stored deal that could not be read back (bad JSON, or no longer a valid `Deal`). */
export interface CorruptRow {
  dispensaryKey: string;
  /** The deal's place in its snapshot. */
  position: number;
  reason: string;
}

/** What every engine accepts besides where its database is. */
export interface RepositoryOptions {
  /**
   * Told about each stored deal that fails validation on read; the deal is left out and the rest
   * of the snapshot is served. Without it, a process warning is emitted.
   */
  onCorruptRow?: (row: CorruptRow) => void;
  /**
   * Scrape runs kept per dispensary (default 200); older ones are pruned when a run is recorded.
   * The latest successful run is always kept, so `lastSuccessAt` survives a long outage.
   */
  scrapeRunsKept?: number;
  /**
   * Deal history rows kept per dispensary (default 20,000, at least 1,000): beyond it, the rows
   * last seen longest ago are deleted as a snapshot is written, so one source that sends new deal
   * ids every scrape cannot grow the store without bound between prunes. The rows of the snapshot
   * just written are the newest, so they stay while the bound is above the per-store deal cap.
   */
  historyRowsPerStore?: number;
  /**
   * Price observations kept per dispensary (default 1,000,000: 400 days of 2,500 products; at
   * least 1,000). Beyond it, the dispensary's oldest whole days are deleted as observations are
   * written, so a source that sends new product keys every scrape cannot grow the store without
   * bound between prunes. The newest day written is never deleted.
   */
  observationRowsPerStore?: number;
}

/**
 * One product's price at one dispensary on one calendar day (America/Chicago): the day's last
 * sale price, regular price and whether it was on a deal. A later observation of the same
 * dispensary, product and day replaces the earlier one.
 */
export interface PriceObservation {
  /** The product's key within its dispensary: 1 to 100 characters (the contract's key length). */
  productKey: string;
  /** 'YYYY-MM-DD', a real calendar date. */
  day: string;
  /** US dollars, from 0 to the contract's MAX_MONEY; kept to the whole cent (half a cent up). */
  salePrice: number;
  /** US dollars, from 0 to MAX_MONEY, kept to the cent; null when the menu showed no regular price. */
  regularPrice: number | null;
  onDeal: boolean;
  /**
   * The product's comparable market class, when the scrape named it: kept with the product (not
   * per day), replaced by a later write that names another, cleared by one that gives null, and
   * left as it is by one that leaves it out (a history written from elsewhere).
   */
  market?: ObservedMarket | null;
}

/** A product's comparable market class as the store keeps it (see the domain's `marketClassOf`). */
export interface ObservedMarket {
  /** The class's id: 1 to 40 characters of a-z, 0-9, '.' and '-'. */
  marketClass: string;
  /**
   * How many of the class's units the product holds, to the hundredth: 1 for a sized class, a
   * 250 mg edible's 2.5 (its unit is 100 mg); above 0 and at most 100.
   */
  units: number;
}

/** One product's price on a day with its market class, as the market figures read it. */
export interface MarketObservation {
  dispensaryKey: string;
  marketClass: string;
  units: number;
  /** What the product was sold for that day (its sale price, else its regular one), in dollars. */
  salePrice: number;
}

/**
 * A deal's first and last sighting known from elsewhere than a snapshot (demo mode's simulated
 * past days), by its history key (see `dealKey`).
 */
export interface DealSighting {
  /** 1 to 100 characters (the contract's key length). */
  dealKey: string;
  firstSeenAt: Date;
  /** Not before `firstSeenAt`. */
  lastSeenAt: Date;
  /** The deal's `salePrice` at its last sighting; null when it had none. */
  salePrice: number | null;
}

/**
 * What `checkHealth` found. `missing`: the database file (or PostgreSQL database) is gone.
 * `replaced`: another file (or database) took its name. `damaged`: it fails the engine's
 * consistency check (SQLite's pages; PostgreSQL's tables and recorded migrations).
 * `unreachable`: the database server does not answer (PostgreSQL only). `unwritable` and `full`:
 * the last write failed for a read-only or failing disk, or for want of space, and no write has
 * succeeded since. `detail` names the database and the problem, for the log (not for clients).
 */
export type StorageHealth =
  | { ok: true }
  | {
      ok: false;
      fault: 'missing' | 'replaced' | 'damaged' | 'unreachable' | 'unwritable' | 'full';
      detail: string;
    };

export interface PruneOptions {
  /** Rows deleted per transaction (default 5,000): the longest the database is held at once. */
  batchRows?: number;
  /** Stops between batches; what was deleted by then stays deleted. */
  signal?: AbortSignal;
}

/**
 * Where the service keeps what it collected. One interface, one engine per database
 * (SQLite embedded by default, PostgreSQL for several processes); every engine passes the same
 * test suite.
 * A method called after `close` rejects; `close` itself may be called again.
 */
export interface DealsRepository {
  /** Every stored snapshot, ordered by dispensary key, for serving at once on start. */
  loadSnapshots(): Promise<Snapshot[]>;
  getSnapshot(dispensaryKey: string): Promise<Snapshot | null>;
  /**
   * Replaces a dispensary's snapshot with `deals` in one transaction, and records each deal's
   * first and last sighting by its key (see `dealKey`: `deal.id`, which the scraper makes from
   * platform, dispensary and product or special id, else a hash of platform, dispensary, title
   * and price). Returns the stored snapshot with `firstSeenAt` set from that history; a
   * `firstSeenAt` on the given deals is ignored. Rejects, storing nothing, when a deal fails the
   * contract's `DealSchema`. The caller decides whether a scrape is good enough to replace the
   * last one; an empty `deals` stores an empty snapshot.
   *
   * `observations` (the store result's price observations) are written in the same transaction,
   * so a failed call writes neither them nor the snapshot; each replaces any stored observation
   * of the same product and day, and within the call the later of two wins. Rejects, storing
   * nothing, when one has an empty or over-long product key, a day that is not a real
   * 'YYYY-MM-DD' date, or a price that is not a number from 0 to MAX_MONEY.
   */
  replaceSnapshot(
    dispensaryKey: string,
    deals: readonly Deal[],
    scrapedAt: Date,
    observations?: readonly PriceObservation[],
  ): Promise<Snapshot>;
  /**
   * Writes price observations of one dispensary without touching its snapshot: a history known
   * from elsewhere (demo mode's simulated past days). Written as `replaceSnapshot` writes its
   * `observations`: in one transaction, each replacing any stored observation of the same product
   * and day (within the call the later of two wins), the dispensary then held to
   * `observationRowsPerStore` by its oldest days. Rejects, writing nothing, on the same bad input.
   */
  recordObservations(
    dispensaryKey: string,
    observations: readonly PriceObservation[],
  ): Promise<void>;
  /**
   * Writes deal sightings of one dispensary without touching its snapshot, as `replaceSnapshot`
   * records its deals': in one transaction, a stored first sighting never moved later nor a last
   * one earlier, the dispensary then held to `historyRowsPerStore` by its sightings longest ago.
   * Rejects, writing nothing, on an empty or over-long key, an invalid date, a last sighting
   * before the first, or a sale price that is not a number from 0 to MAX_MONEY.
   */
  recordSightings(dispensaryKey: string, sightings: readonly DealSighting[]): Promise<void>;
  /** Whether any price observation is stored, of any dispensary. */
  hasPriceObservations(): Promise<boolean>;
  /**
   * The newest day ('YYYY-MM-DD') of any stored price observation, of any dispensary, or null
   * when none is stored: the history's evidence of the real day (see `recordingDay`). One step
   * into the index by day.
   */
  newestObservationDay(): Promise<string | null>;
  /**
   * Forgets the deal history of keys last seen before `lastSeenBefore`, so that a feed whose ids
   * change every scrape cannot grow the history without bound. A key in a stored snapshot is
   * never forgotten, however old its last sighting (its deals are served, with `firstSeenAt`);
   * a forgotten key seen again later starts a new history. Deletes in batches of
   * `options.batchRows`, each its own transaction, letting other calls run between batches.
   * Resolves to the count of rows deleted; rejects when `lastSeenBefore` is not a valid date.
   */
  pruneDealHistory(lastSeenBefore: Date, options?: PruneOptions): Promise<number>;
  /**
   * The price observations of `productKeys` (at most 1,000 per call) at one dispensary from
   * `sinceDay` ('YYYY-MM-DD') on, by product key, each list sorted by day. A product without
   * observations since then has no entry. One query; rejects when there are too many keys, a key
   * is empty or over-long, or `sinceDay` is not a real date.
   */
  priceHistory(
    dispensaryKey: string,
    productKeys: readonly string[],
    sinceDay: string,
  ): Promise<Map<string, PriceObservation[]>>;
  /**
   * Every dispensary's observations of `day` ('YYYY-MM-DD') whose product has a market class, in
   * no set order: a day's market. One query through the index by day; the rows are the day's
   * classed products (some 30,000 a day at St. Louis's size). Rejects when `day` is not a real
   * date.
   */
  marketObservations(day: string): Promise<MarketObservation[]>;
  /**
   * Deletes the price observations of days before `beforeDay` ('YYYY-MM-DD'; the caller derives
   * it from its retention), oldest first, in batches of `options.batchRows`, each its own
   * transaction, letting other calls run between batches. Resolves to the count of rows
   * deleted; rejects when `beforeDay` is not a real date.
   */
  pruneObservations(beforeDay: string, options?: PruneOptions): Promise<number>;
  /** Rejects when a timestamp is not ISO 8601 or `dealCount` is not a count. */
  recordScrapeRun(run: ScrapeRun): Promise<void>;
  /**
   * One entry per dispensary with at least one recorded run, ordered by dispensary key; only
   * `dispensaryKey`'s (none or one) when given.
   */
  sourceHistories(dispensaryKey?: string): Promise<SourceHistory[]>;
  /**
   * Coordinates a platform's store lookup found at `foundAt` (the caller's clock, like
   * `scrapedAt`), kept across restarts; the latest saved wins.
   */
  saveDispensaryLocation(dispensaryKey: string, location: GeoPoint, foundAt: Date): Promise<void>;
  loadDispensaryLocations(): Promise<Map<string, GeoPoint>>;
  /**
   * The weekly hours a platform's store record stated at `foundAt`, kept across restarts; null
   * forgets them (the record now states none). The latest saved wins. Rejects a week the
   * contract would not accept (see `isNormalWeek`).
   */
  saveDispensaryHours(
    dispensaryKey: string,
    week: WeeklyHours | null,
    foundAt: Date,
  ): Promise<void>;
  /** Every kept week, by dispensary key; only `dispensaryKey`'s when given. */
  loadDispensaryHours(dispensaryKey?: string): Promise<Map<string, WeeklyHours>>;
  /**
   * The phone number a platform's store record stated at `foundAt`, in E.164 ('+13145550123'),
   * kept across restarts; null forgets it (the record now states none). The latest saved wins.
   * Rejects anything but a US number so written (see `usPhoneNumber`).
   */
  saveDispensaryPhone(dispensaryKey: string, phone: string | null, foundAt: Date): Promise<void>;
  /** Every kept number (E.164), by dispensary key; only `dispensaryKey`'s when given. */
  loadDispensaryPhones(dispensaryKey?: string): Promise<Map<string, string>>;
  /**
   * What the geocoder answered for a street address at `geocodedAt` (null: no match), kept so
   * that each address is asked once; the latest saved wins.
   */
  saveGeocodedAddress(address: string, location: GeoPoint | null, geocodedAt: Date): Promise<void>;
  /** Every geocoded address, its coordinates or null for a miss. */
  loadGeocodedAddresses(): Promise<Map<string, GeoPoint | null>>;
  /** The menu source found on a dispensary's website; the latest saved wins. */
  saveResolvedSource(dispensaryKey: string, source: ResolvedSource): Promise<void>;
  /** Every resolved source, by dispensary key; only `dispensaryKey`'s when given. */
  loadResolvedSources(dispensaryKey?: string): Promise<Map<string, ResolvedSource>>;
  /**
   * Keeps `view.brotli` as the answer last published for `view.view`, byte for byte, replacing
   * the one kept before (the latest saved wins, whichever process saves it). Rejects when the
   * view's name, fingerprint or ETag is empty or `publishedAt` is not ISO 8601.
   */
  savePublishedView(view: PublishedView): Promise<void>;
  /** The answer last saved for `view`, or null when none is. */
  loadPublishedView(view: string): Promise<PublishedView | null>;
  /**
   * Keeps `subscription` (a browser's Web Push subscription to a followed search), replacing any
   * of the same endpoint and search (the same browser following the same search again), unless
   * `maxSubscriptions` are kept already: then nothing is written and it answers 'full'. The cap
   * is exact across processes (the count and the write hold one lock). Its watermark starts at
   * `createdAt`. Rejects, writing nothing, on a value out of shape (see `NewPushSubscription`).
   */
  addPushSubscription(
    subscription: NewPushSubscription,
    maxSubscriptions: number,
  ): Promise<'added' | 'full'>;
  /**
   * Deletes the subscription `id` when `tokenHash` is its token's: 'removed'. 'absent': there is
   * none of that id (never made, or dropped already); 'refused': the hash is another's, and
   * nothing is deleted.
   */
  removePushSubscription(id: string, tokenHash: string): Promise<'removed' | 'absent' | 'refused'>;
  /**
   * At most `limit` (1 to 1,000) subscriptions in order of id, those after `afterId` (null: from
   * the first): one page of a walk over every subscription that holds only a page at a time.
   */
  listPushSubscriptions(afterId: string | null, limit: number): Promise<PushSubscriptionRecord[]>;
  /**
   * Writes what sending to subscriptions came to, in one transaction: 'sent' moves the
   * watermark and the last message's time on and clears the backoff; 'retry' sets the backoff;
   * 'gone' deletes the subscription (its push service said it no longer exists). An outcome of
   * a subscription deleted meanwhile changes nothing. Rejects, writing nothing, on a bad time.
   */
  settlePushSubscriptions(outcomes: readonly PushOutcome[]): Promise<void>;
  /**
   * Deletes the subscriptions neither made nor sent a message since `usedBefore`, and those whose
   * browser-given end is at or before `now`; answers how many.
   */
  prunePushSubscriptions(usedBefore: Date, now: Date): Promise<number>;
  countPushSubscriptions(): Promise<number>;
  /**
   * The service's VAPID key pair: the one kept, else `candidate`, kept from now on. Processes
   * starting together each offer their own; all of them answer the one kept first.
   */
  keepPushKeys(candidate: PushKeys): Promise<PushKeys>;
  /**
   * Keeps a sign-up: the address (new: with the given id and secret, unless `maxAddresses` are
   * kept, 'full'), and its watch waiting for confirmation; the same address and search again is
   * the same watch (a pending one takes the new confirmation token, cadence and target). At most
   * `maxPending` unconfirmed watches per address ('busy'). Exact across processes (one lock).
   */
  signUpEmail(signUp: EmailSignUp, limits: EmailSignUpLimits): Promise<EmailSignUpResult>;
  /**
   * Follows a confirmation link: the watch `watchId` whose confirmation token hashes to
   * `confirmHash` is confirmed at `now` (its watermark set to `now`, and its address's first
   * confirmation), unless its link expired. 'absent': no such watch, or another hash.
   */
  confirmEmailWatch(watchId: string, confirmHash: string, now: Date): Promise<EmailConfirmation>;
  /** The address `addressId` with every watch, when `token` is its secret; else null. */
  emailWatchesOf(addressId: string, token: string): Promise<EmailAddressRecord | null>;
  /**
   * Stops watches of the address whose secret `token` is ('refused' otherwise): those of
   * `watchIds`, or every one ('all': the address is deleted with them). An address left with no
   * watch is deleted. 'absent': no such address (stopped already).
   */
  removeEmailWatches(
    addressId: string,
    token: string,
    watchIds: readonly string[] | 'all',
  ): Promise<'removed' | 'absent' | 'refused'>;
  /**
   * At most `limit` (1 to 1,000) addresses with a confirmed watch, in order of id after `afterId`,
   * each with its confirmed watches: one page of a fan-out's walk.
   */
  listEmailAddresses(afterId: string | null, limit: number): Promise<EmailAddressRecord[]>;
  /**
   * Counts one message to the address on `day` ('YYYY-MM-DD') unless `perDay` were counted that
   * day already: whether it may be sent. One statement, exact across processes.
   */
  takeEmailSend(addressId: string, day: string, perDay: number): Promise<boolean>;
  /**
   * Writes what a fan-out's sends came to, in one transaction: per address 'sent' (its last
   * message, the backoff cleared), 'retry' (the backoff), 'gone' (deleted with its watches), and
   * per watch its update. What concerns rows deleted meanwhile changes nothing.
   */
  settleEmail(
    addresses: readonly EmailOutcome[],
    watches: readonly EmailWatchUpdate[],
  ): Promise<void>;
  /**
   * Deletes the watches whose confirmation expired at or before `now` unconfirmed, then every
   * address left with no watch; answers how many watches.
   */
  pruneEmail(now: Date): Promise<number>;
  countEmailAddresses(): Promise<number>;
  /**
   * Whether the database is still the one opened and is undamaged. Reads the whole database, so
   * call it now and then, not per request. Once a check finds a fault, every write rejects with
   * `StorageFaultError` (nothing is written over a bad or vanished file) until a check passes.
   * Rejects when the check itself could not run (its thread failed, or it took over a minute):
   * nothing is then known of the database, and the last check's finding stands.
   */
  checkHealth(): Promise<StorageHealth>;
  close(): Promise<void>;
}

/**
 * The menu source a dispensary's own website (or a directory listing) showed: the platform
 * and how to read it there, what gave it away, and when.
 */
export interface ResolvedSource {
  platform: Platform;
  platformId?: string;
  menuUrl?: string;
  specialsUrl?: string;
  /** The store's own site, when a directory gave it. */
  website?: string;
  evidence: string;
  /** ISO 8601. */
  resolvedAt: string;
}

/**
 * An answer of the whole deals list as it was served (the read model's), kept so that a restart
 * can serve it before it has read the snapshots back. The store does not look inside it.
 */
export interface PublishedView {
  /** Which answer it is, e.g. 'page'. */
  view: string;
  /** Whoever reads it back serves it only if this is what it would publish under (its registry, its contract). */
  fingerprint: string;
  /** The answer's entity tag as it was sent (an HTTP header value). */
  etag: string;
  /**
   * The answer brotli-compressed, as it was sent. Only that form is kept: a twentieth of the
   * bytes to read back at start (tens of milliseconds less at 10,000 deals), whose visitors take
   * it as it is; the JSON is decompressed from it on the thread pool.
   */
  brotli: Buffer;
  /** ISO 8601. */
  publishedAt: string;
}

/** A VAPID key pair (RFC 8292) as web-push writes it: P-256 keys, base64url. */
export interface PushKeys {
  /** The uncompressed public point (65 bytes). */
  publicKey: string;
  /** The private scalar (32 bytes). */
  privateKey: string;
}

/**
 * A browser's Web Push subscription to a followed search, as kept: what sending to it needs, and
 * nothing of who made it (no address, no user agent).
 */
export interface PushSubscriptionRecord {
  /** Random, 1 to 100 URL-safe characters. */
  id: string;
  /** The SHA-256 of the token that may delete it, base64url: the token itself is not kept. */
  tokenHash: string;
  /** The push service's https URL for this browser, at most 2,048 characters. */
  endpoint: string;
  /** The browser's P-256 public key, base64url (RFC 8291's `ua_public`). */
  p256dh: string;
  /** The browser's authentication secret, base64url. */
  auth: string;
  /** The followed search as the page's URL query, at most 2,048 characters. */
  search: string;
  /** ISO 8601 (UTC). */
  createdAt: string;
  /** Deals first seen after this are new to the subscription (ISO 8601). */
  watermark: string;
  /** When a push service last accepted a message for it; null before the first. */
  lastSentAt: string | null;
  /** Nothing is sent before this (a push service asked to wait, or failed); null: no wait. */
  retryAt: string | null;
  /** Attempts failed in a row, which the backoff grows with. */
  failures: number;
  /** When the browser said the subscription ends; null: it did not say. */
  expiresAt: string | null;
  /**
   * A product watch: the product's key across stores (1 to 200 characters), whose deals it is
   * told of instead of a search's (its `search` is then the page's query that opens the product's
   * comparison). Null: it follows `search`.
   */
  productKey: string | null;
  /** A product watch's target: told of deals at or below this many cents; null: any price. */
  atMostCents: number | null;
  /** The lowest price (cents) a product watch last told of while it stayed on deal; null: none. */
  toldCents: number | null;
}

/** What a new subscription is made of; the rest starts empty (the watermark at `createdAt`). */
export type NewPushSubscription = Pick<
  PushSubscriptionRecord,
  'id' | 'tokenHash' | 'endpoint' | 'p256dh' | 'auth' | 'search' | 'createdAt' | 'expiresAt'
> &
  Partial<Pick<PushSubscriptionRecord, 'productKey' | 'atMostCents'>>;

/**
 * What sending to one subscription came to (see `DealsRepository.settlePushSubscriptions`).
 * 'sent' of a product watch also keeps the price told of (`toldCents`); 'untold' forgets it (the
 * product is no longer on deal at its target, so its next deal is news again).
 */
export type PushOutcome =
  | { id: string; kind: 'sent'; sentAt: string; watermark: string; toldCents?: number | null }
  | { id: string; kind: 'retry'; retryAt: string; failures: number }
  | { id: string; kind: 'gone' }
  | { id: string; kind: 'untold' };

/** How often an email watch's news is sent: as it comes (at most hourly), or in a daily digest. */
export type EmailCadence = 'instant' | 'daily';

/** One thing an address follows by email: a search, or one product (see `productKey`). */
export interface EmailWatchRecord {
  /** Random, 1 to 100 URL-safe characters. */
  id: string;
  addressId: string;
  /**
   * The followed search as the page's URL query (at most 2,048 characters); for a product watch,
   * the page's query that opens its comparison (`product=<key>`). One watch per address and search.
   */
  search: string;
  /** As a push subscription's (`PushSubscriptionRecord.productKey`). */
  productKey: string | null;
  atMostCents: number | null;
  cadence: EmailCadence;
  /** ISO 8601 (UTC). */
  createdAt: string;
  /** When its confirmation link was followed; null: not yet (nothing is sent but the link). */
  confirmedAt: string | null;
  /** Deals first seen after this are new to it (ISO 8601); set when it is confirmed. */
  watermark: string;
  /** When a message last told of it; null before the first. */
  lastSentAt: string | null;
  toldCents: number | null;
}

/** An email address as kept: the address, its secret, when confirmed and last sent, its watches. */
export interface EmailAddressRecord {
  /** Random, 1 to 100 URL-safe characters. */
  id: string;
  /** Lower case, at most 254 characters. */
  address: string;
  /**
   * The address's own secret (URL-safe), which the links of its messages carry (manage it, stop
   * it): sent to its inbox only, never answered to a request.
   */
  token: string;
  createdAt: string;
  /** When its first watch was confirmed; null: none yet. */
  confirmedAt: string | null;
  lastSentAt: string | null;
  /** Sends that failed in a row, and when the next may be tried (null: no wait). */
  failures: number;
  retryAt: string | null;
  /** Its watches: every one from `emailWatchesOf`, the confirmed ones from `listEmailAddresses`. */
  watches: EmailWatchRecord[];
}

/** A sign-up: an address (kept as given, lower-cased by the caller) and one watch to confirm. */
export interface EmailSignUp {
  address: string;
  /** The id and secret the address gets when it is new; an address kept keeps its own. */
  addressId: string;
  token: string;
  watch: Pick<EmailWatchRecord, 'id' | 'search' | 'productKey' | 'atMostCents' | 'cadence'> & {
    /** The SHA-256 of the confirmation link's token, base64url. */
    confirmHash: string;
    /** When the confirmation link stops working (ISO 8601). */
    confirmExpiresAt: string;
  };
  createdAt: string;
}

/**
 * What a sign-up came to. 'pending': the watch waits for its confirmation (a new one, or the same
 * one unconfirmed again, with the new token): the confirmation is to be sent. 'confirmed': the
 * address already follows it; nothing changed. 'busy': the address has `maxPending` watches
 * waiting for confirmation already. 'full': `maxAddresses` are kept and this one is new.
 */
export type EmailSignUpResult =
  | { kind: 'pending' | 'confirmed'; addressId: string; token: string; watchId: string }
  | { kind: 'busy' | 'full' };

/** What a confirmation link came to; see `DealsRepository.confirmEmailWatch`. */
export type EmailConfirmation = 'confirmed' | 'already' | 'expired' | 'absent';

/** What sending to one address came to (see `DealsRepository.settleEmail`). */
export type EmailOutcome =
  | { addressId: string; kind: 'sent'; sentAt: string }
  | { addressId: string; kind: 'retry'; retryAt: string; failures: number }
  | { addressId: string; kind: 'gone' };

/**
 * What a fan-out writes back of one watch: its watermark moved on and when it was last told of
 * (a message named it), and a product watch's price told of (null: forgotten). Absent: unchanged.
 */
export interface EmailWatchUpdate {
  id: string;
  watermark?: string;
  lastSentAt?: string;
  toldCents?: number | null;
}

/** Limits a sign-up is held to (see `DealsRepository.signUpEmail`). */
export interface EmailSignUpLimits {
  maxAddresses: number;
  maxPending: number;
}

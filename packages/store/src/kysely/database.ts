import type { ColumnType, Generated } from 'kysely';
import type { ScrapeOutcome, ScrapeRun } from '../repository';

/**
 * The tables as Kysely sees them, as each engine's migrations create them. Timestamps are ISO 8601
 * UTC text from `Date.toISOString()`, so that they sort and compare as text, and both engines run
 * the same queries on them.
 */
export interface StoreDatabase {
  snapshots: SnapshotsTable;
  snapshot_deals: SnapshotDealsTable;
  deal_history: DealHistoryTable;
  scrape_runs: ScrapeRunsTable;
  dispensary_locations: DispensaryLocationsTable;
  dispensary_hours: DispensaryHoursTable;
  dispensary_phones: DispensaryPhonesTable;
  geocoded_addresses: GeocodedAddressesTable;
  resolved_sources: ResolvedSourcesTable;
  published_views: PublishedViewsTable;
  observed_products: ObservedProductsTable;
  price_observations: PriceObservationsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_keys: PushKeysTable;
  email_addresses: EmailAddressesTable;
  email_watches: EmailWatchesTable;
}

/** One row per dispensary that has a stored snapshot. */
export interface SnapshotsTable {
  dispensary_key: string;
  scraped_at: string;
}

/** The deals of each snapshot, in order. */
export interface SnapshotDealsTable {
  dispensary_key: string;
  position: number;
  deal_key: string;
  /** The deal as JSON, without `firstSeenAt`. */
  payload: string;
}

/** Every deal ever stored, by dispensary and deal key; outlives the snapshots. */
export interface DealHistoryTable {
  dispensary_key: string;
  deal_key: string;
  first_seen_at: string;
  last_seen_at: string;
  /** The deal's `salePrice` at its last sighting, for a later price-drop rule. */
  last_sale_price: number | null;
}

/** Every scrape attempt, the latest few hundred per dispensary. */
export interface ScrapeRunsTable {
  id: Generated<number>;
  dispensary_key: string;
  started_at: string;
  finished_at: string;
  /** A CHECK constraint holds it to the known outcomes. */
  outcome: ScrapeOutcome;
  transport: ScrapeRun['transport'];
  deal_count: number;
  error: string | null;
}

/** Coordinates found by a platform's store lookup. */
export interface DispensaryLocationsTable {
  dispensary_key: string;
  lat: number;
  lng: number;
  found_at: string;
}

/** The weekly hours a dispensary's platform last stated, as the contract's WeeklyHours JSON. */
export interface DispensaryHoursTable {
  dispensary_key: string;
  week: string;
  found_at: string;
}

/** The phone number a dispensary's platform last stated, in E.164 ('+13145550123'). */
export interface DispensaryPhonesTable {
  dispensary_key: string;
  phone: string;
  found_at: string;
}

/** The geocoder's answer per street address; null coordinates: it found no match. */
export interface GeocodedAddressesTable {
  address: string;
  lat: number | null;
  lng: number | null;
  geocoded_at: string;
}

/** The menu source found on a dispensary's website. */
export interface ResolvedSourcesTable {
  dispensary_key: string;
  platform: string;
  platform_id: string | null;
  menu_url: string | null;
  specials_url: string | null;
  website: string | null;
  evidence: string;
  resolved_at: string;
}

/** The answer last published per view of the whole list (see `DealsRepository.savePublishedView`). */
export interface PublishedViewsTable {
  view: string;
  fingerprint: string;
  etag: string;
  /** The answer brotli-compressed, as served. */
  body_br: Buffer;
  published_at: string;
}

/**
 * The products price observations are kept for: a small whole number per dispensary and product
 * key, so that each observation names its product in a few bytes. Written with a product's first
 * observation, deleted with its last (a product here always has one).
 */
export interface ObservedProductsTable {
  id: Generated<number>;
  dispensary_key: string;
  product_key: string;
  /** The product's market class ('flower-3.5g'), or null for none known. */
  market_class: ColumnType<string | null, string | null | undefined, string | null>;
  /** Hundredths of the class's unit the product holds (100; an edible's THC mg); null with no class. */
  market_hundredths: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * One product's last price of each calendar day (America/Chicago), keyed by product and day, so
 * that one product's days lie together; outlives the snapshots until pruned by day. Whole numbers
 * only (see price-observation-values.ts): the day as days since 1970-01-01, prices in cents.
 */
export interface PriceObservationsTable {
  product_id: number;
  day: number;
  sale_cents: number;
  regular_cents: number | null;
  /** 1 on a deal, 0 not: an integer on both engines, so that both run the same queries. */
  on_deal: number;
}

/** Browsers' Web Push subscriptions to followed searches; one per endpoint and search. */
export interface PushSubscriptionsTable {
  id: string;
  /** SHA-256 of the subscription's token, base64url. */
  token_hash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  search: string;
  created_at: string;
  watermark: string;
  last_sent_at: string | null;
  retry_at: string | null;
  failures: number;
  expires_at: string | null;
  /** A product watch's key across stores; null: a search's subscription. */
  product_key: string | null;
  at_most_cents: number | null;
  told_cents: number | null;
}

/** The service's VAPID key pair, one row ('vapid'), kept by the first process that starts. */
export interface PushKeysTable {
  name: string;
  public_key: string;
  private_key: string;
  created_at: string;
}

/** Addresses that follow by email, one row each; `token` is the secret their links carry. */
export interface EmailAddressesTable {
  id: string;
  address: string;
  token: string;
  created_at: string;
  confirmed_at: string | null;
  last_sent_at: string | null;
  /** The day ('YYYY-MM-DD') `sent_count` counts the messages of. */
  sent_day: string | null;
  sent_count: number;
  failures: number;
  retry_at: string | null;
}

/** Each address's watches: a search or a product, one per address and search. */
export interface EmailWatchesTable {
  id: string;
  address_id: string;
  search: string;
  product_key: string | null;
  at_most_cents: number | null;
  /** A CHECK constraint holds it to 'instant' and 'daily'. */
  cadence: 'instant' | 'daily';
  created_at: string;
  confirmed_at: string | null;
  /** SHA-256 of the confirmation token, base64url; null once confirmed. */
  confirm_hash: string | null;
  confirm_expires_at: string | null;
  watermark: string;
  last_sent_at: string | null;
  told_cents: number | null;
}

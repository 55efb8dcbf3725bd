/**
 * The contract's constants, free of zod: the page imports these (and the lean reader in
 * `read.ts`), so its bundle carries no schema library (the page's JavaScript budget: at most 100 KB gzip).
 * The zod schemas in `values.ts` and beside it are built from the same lists.
 */

/** The spec's deal categories (section 3). 'other' is what no keyword matched. */
export const DEAL_CATEGORIES = [
  'flower',
  'edibles',
  'concentrates',
  'vapes',
  'pre-rolls',
  'topicals',
  'accessories',
  'other',
] as const;
export type DealCategory = (typeof DEAL_CATEGORIES)[number];

/** Weekday names as deals carry them in `validDays`, Sunday first as in `Date.getDay()`. */
export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * What a product's own price history says of today's discount (see `priceMemory`): below the usual
 * price, a claimed regular price never charged, neither, or too few days seen to judge.
 */
export const DISCOUNT_CHECKS = ['real', 'inflated', 'none', 'unknown'] as const;
export type DiscountCheck = (typeof DISCOUNT_CHECKS)[number];

/** The menu platforms a dispensary's deals are read from. */
export const PLATFORMS = [
  'dutchie',
  'jane',
  'weedmaps',
  'leafly',
  'sweed',
  'dispense',
  'joint',
  'html',
  'feed',
] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Bounds for every text that crosses a boundary: scraped text is hostile until cut to size. */
export const LIMITS = {
  text: 1000,
  shortText: 200,
  url: 2048,
  key: 100,
} as const;

/**
 * The most logo addresses a deal may carry (`logoUrls`): the service sends a brand's and a chain's
 * (two); the rest is room, not a use.
 */
export const MAX_LOGO_URLS = 4;

/** The most a deal may weigh in grams: more than any package a dispensary sells (a pound is 454). */
export const MAX_GRAMS = 10_000;

/**
 * How a potency is stated (`Potency`): a percent of the product's weight (flower, pre-rolls,
 * vapes, concentrates) or milligrams in the whole package (edibles, tinctures, topicals).
 */
export const POTENCY_UNITS = ['%', 'mg'] as const;
export type PotencyUnit = (typeof POTENCY_UNITS)[number];

/**
 * The most milligrams of one cannabinoid a package is taken to hold: above any Missouri package
 * (adult-use edibles hold 100 mg of THC, tinctures and topicals a few thousand at most), so that
 * only a number no label can mean (an id, a weight in micrograms) is refused.
 */
export const MAX_POTENCY_MG = 10_000;

/**
 * The strain types a deal is filed under (`strainTypeOf`): a leaning hybrid ('Indica-dominant
 * hybrid', 'Sativa Hybrid') is a Hybrid, and CBD means a product with more CBD than THC.
 */
export const STRAIN_TYPES = ['Indica', 'Sativa', 'Hybrid', 'CBD'] as const;
export type StrainType = (typeof STRAIN_TYPES)[number];

/**
 * The most a price may be, in US dollars: far above any retail cannabis price, so that only a
 * number no menu can mean (1e308, an id read as a price) is refused.
 */
export const MAX_MONEY = 1_000_000;

/**
 * unconfigured: the registry names no menu source the service could read (no platform id, no menu
 * or specials URL), so it is not scraped; the others are the collection's states (see the service).
 */
export const SOURCE_STATES = [
  'ok',
  'stale',
  'failed',
  'pending',
  'running',
  'unconfigured',
] as const;
export type SourceState = (typeof SOURCE_STATES)[number];

/**
 * Where a dispensary's weekly hours came from: its menu platform's own store record ('platform',
 * as the last scrape that read one found it), else its registry entry ('registry').
 */
export const HOURS_SOURCES = ['platform', 'registry'] as const;
export type HoursSource = (typeof HOURS_SOURCES)[number];

/** Where a dispensary's phone number came from, as its hours: its platform, else its registry. */
export const PHONE_SOURCES = ['platform', 'registry'] as const;
export type PhoneSource = (typeof PHONE_SOURCES)[number];

/**
 * The most opening spans a day of a store's hours may have: a store closed for lunch has two; more
 * than a few is no store's week but a misread one.
 */
export const MAX_OPENINGS_PER_DAY = 4;

/**
 * Where a deal's link leads (`linkKind`): 'product', the product's own page at the store on its
 * platform; 'menu', the store's specials or menu page, when the platform has no page for the
 * product or its address is not known.
 */
export const LINK_KINDS = ['product', 'menu'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** Where a dispensary's coordinates came from, best first (see `DispensarySchema`). */
export const LOCATION_SOURCES = ['registry', 'platform', 'geocoder', 'zip-centroid'] as const;

/**
 * How far a tax rate sent with a dispensary is trusted: 'verified', a cited source states it for
 * the store's place; 'inferred', derived from sources that say something close; 'unknown', no
 * rate (the page then calls its price with tax an estimate and names the part left out).
 */
export const TAX_RATE_STATUSES = ['verified', 'inferred', 'unknown'] as const;
export type TaxRateStatus = (typeof TAX_RATE_STATUSES)[number];

/** Missouri's constitution (Art. XIV) caps a local adult-use marijuana tax at 3 percent. */
export const MAX_LOCAL_MARIJUANA_TAX = 3;

/** The highest combined sales tax rate taken, in percent: far above any Missouri rate (~12%). */
export const MAX_SALES_TAX = 20;

/** The units a unit price is given per. */
export const UNIT_PRICE_UNITS = ['g', '100mg', 'each'] as const;

/** The dispensary count the page assumes when the status does not say (spec section 3). */
export const DEFAULT_DISPENSARY_COUNT = 39;

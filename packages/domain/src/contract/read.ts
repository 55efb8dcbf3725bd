import type { CacheStatus } from './cache-status';
import {
  DEAL_CATEGORIES,
  DISCOUNT_CHECKS,
  LIMITS,
  LINK_KINDS,
  LOCATION_SOURCES,
  MAX_GRAMS,
  MAX_LOGO_URLS,
  MAX_LOCAL_MARIJUANA_TAX,
  MAX_MONEY,
  MAX_POTENCY_MG,
  MAX_SALES_TAX,
  PLATFORMS,
  SOURCE_STATES,
  TAX_RATE_STATUSES,
  UNIT_PRICE_UNITS,
  WEEKDAYS,
} from './constants';
import type { Deal, StampedDeal } from './deal';
import type { Dispensary, TaxRatePart } from './dispensary';
import { isCalendarDay } from '../rules/calendar-day';
import { isImageAddress } from '../rules/url';

/**
 * Readers of the service's answers that need no schema library: the page uses them, so its
 * JavaScript carries no zod (its 100 KB budget). Each accepts exactly what the contract's zod schema of
 * the same shape accepts, and gives what it gives (unknown fields stripped); `read.test.ts` holds
 * the two together on tables and on generated input. The schemas stay the one source of the
 * contract's shapes, for the service, its OpenAPI document and the scraper.
 */

const INVALID: unique symbol = Symbol('invalid');
type Read<T> = (value: unknown) => T | typeof INVALID;

const when =
  <T>(test: (value: unknown) => boolean): Read<T> =>
  (value) =>
    test(value) ? (value as T) : INVALID;

const text = (max: number, min = 0) =>
  when<string>((v) => typeof v === 'string' && v.length >= min && v.length <= max);
const number = (min = -Infinity, max = Infinity) =>
  when<number>((v) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max);
const count = when<number>((v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0);
const boolean = when<boolean>((v) => typeof v === 'boolean');
const oneOf = <T extends string>(values: readonly T[]) =>
  when<T>((v) => typeof v === 'string' && (values as readonly string[]).includes(v));
/** An ISO 8601 time of day with seconds and a zone (Z or an offset), after 'T'. */
const TIME_AND_ZONE =
  /^T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
/**
 * An ISO 8601 date and time with seconds and a zone: what `z.iso.datetime({ offset: true })`
 * accepts (a test holds the two together), but for the year 0, which `isCalendarDay` refuses and
 * no answer carries.
 */
const isoTime = when<string>(
  (v) => typeof v === 'string' && isCalendarDay(v.slice(0, 10)) && TIME_AND_ZONE.test(v.slice(10)),
);
const money = number(0, MAX_MONEY);

function nullable<T>(read: Read<T>): Read<T | null> {
  return (value) => (value === null ? null : read(value));
}

function either<A, B>(a: Read<A>, b: Read<B>): Read<A | B> {
  return (value) => {
    const first = a(value);
    return first === INVALID ? b(value) : first;
  };
}

function arrayOf<T>(read: Read<T>, max = Infinity): Read<T[]> {
  return (value) => {
    if (!Array.isArray(value) || value.length > max) return INVALID;
    const out: T[] = [];
    for (const item of value as unknown[]) {
      const read_ = read(item);
      if (read_ === INVALID) return INVALID;
      out.push(read_);
    }
    return out;
  };
}

type Shape = Record<string, { read: Read<unknown>; optional?: true }>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A shape's fields as a list, made once: listing them for every deal read was a tenth of it. */
type Fields = ReadonlyArray<readonly [string, Shape[string]]>;

/** The fields of a shape read from an object; the names of those that failed, if any. */
function readFields(fields: Fields, value: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  const bad: string[] = [];
  for (const [name, field] of fields) {
    const raw = value[name];
    if (raw === undefined) {
      if (!field.optional) bad.push(name);
      continue;
    }
    const read = field.read(raw);
    if (read === INVALID) bad.push(name);
    else out[name] = read;
  }
  return { out, bad };
}

function object<T>(shape: Shape): Read<T> {
  const fields = Object.entries(shape);
  return (value) => {
    if (!isRecord(value)) return INVALID;
    const { out, bad } = readFields(fields, value);
    return bad.length > 0 ? INVALID : (out as T);
  };
}

const optional = (read: Read<unknown>) => ({ read, optional: true as const });
const required = (read: Read<unknown>) => ({ read });

/**
 * `PotencySchema`: numbers, positive, min at most max, at most 100% or `MAX_POTENCY_MG` (a bound
 * that also refuses Infinity and NaN); any other field stripped. Written out, not as a shape, for
 * the first load's bytes.
 */
const potency: Read<unknown> = (value) => {
  const { min, max, unit } = (value ?? {}) as Record<string, unknown>;
  const bound = unit === '%' ? 100 : unit === 'mg' ? MAX_POTENCY_MG : 0;
  return typeof min === 'number' && typeof max === 'number' && min > 0 && min <= max && max <= bound
    ? { min, max, unit }
    : INVALID;
};

const DEAL_SHAPE: Shape = {
  title: required(text(LIMITS.text)),
  description: required(text(LIMITS.text)),
  price: required(text(LIMITS.shortText)),
  imageUrl: required(text(LIMITS.url)),
  sourceUrl: required(text(LIMITS.url)),
  dispensary: optional(text(LIMITS.shortText)),
  dispensaryKey: optional(text(LIMITS.key)),
  id: optional(text(LIMITS.shortText)),
  category: optional(oneOf(DEAL_CATEGORIES)),
  brand: optional(text(LIMITS.shortText)),
  strainType: optional(text(LIMITS.shortText)),
  thc: optional(potency),
  cbd: optional(potency),
  size: optional(text(LIMITS.shortText)),
  regularPrice: optional(money),
  salePrice: optional(money),
  discountPercent: optional(number(0, 100)),
  unitPrice: optional(object({ amount: required(money), per: required(oneOf(UNIT_PRICE_UNITS)) })),
  specialName: optional(text(LIMITS.shortText)),
  validDays: optional(arrayOf(oneOf(WEEKDAYS), 7)),
  endsAt: optional(isoTime),
  firstSeenAt: optional(isoTime),
  platform: optional(oneOf(PLATFORMS)),
  effectivePrice: optional(nullable(money)),
  multiBuy: optional(text(LIMITS.shortText)),
  productKey: optional(text(LIMITS.shortText)),
  grams: optional(when<number>((v) => typeof v === 'number' && v > 0 && v <= MAX_GRAMS)),
  storeProductKey: optional(text(LIMITS.shortText)),
  logoUrls: optional(arrayOf(when<string>(isImageAddress), MAX_LOGO_URLS)),
  lowest30d: optional(money),
  usualPrice: optional(money),
  previousPrice: optional(money),
  priceChangedAt: optional(when<string>(isCalendarDay)),
  discountCheck: optional(oneOf(DISCOUNT_CHECKS)),
  linkKind: optional(oneOf(LINK_KINDS)),
};

const DEAL_FIELDS: Fields = Object.entries(DEAL_SHAPE);

/** The spec's own deal fields: a deal missing or breaking one of these is rejected. */
const REQUIRED_DEAL_FIELDS = new Set(['title', 'description', 'price', 'imageUrl', 'sourceUrl']);

export interface DealsRead {
  deals: Deal[];
  /** One line per rejected item: its index and what was wrong. */
  rejected: string[];
}

/**
 * Reads an untrusted deals answer item by item. A bad optional field is dropped and the deal kept;
 * a deal with a bad required field is left out and reported; an answer that is not an array is an
 * error for the caller to show. `firstIndex` is the position of `input`'s first item in the whole
 * answer, for the report, when a caller reads a long answer a slice at a time.
 */
export function readDeals(input: unknown, firstIndex = 0): DealsRead {
  if (!Array.isArray(input)) {
    throw new TypeError(`Expected an array of deals, got ${describe(input)}`);
  }
  const deals: Deal[] = [];
  const rejected: string[] = [];
  (input as unknown[]).forEach((item, index) => {
    if (!isRecord(item)) {
      rejected.push(`deal ${firstIndex + index}: expected an object, got ${describe(item)}`);
      return;
    }
    const { out, bad } = readFields(DEAL_FIELDS, item);
    const badRequired = bad.filter((name) => REQUIRED_DEAL_FIELDS.has(name));
    if (badRequired.length > 0) {
      rejected.push(`deal ${firstIndex + index}: missing or invalid ${badRequired.join(', ')}`);
    } else {
      deals.push(out as Deal);
    }
  });
  return { deals, rejected };
}

const SOURCE_STATUS = object({
  key: required(text(LIMITS.key)),
  name: required(text(LIMITS.shortText)),
  state: required(oneOf(SOURCE_STATES)),
  dealCount: required(count),
  lastSuccessAt: required(nullable(isoTime)),
  lastAttemptAt: required(nullable(isoTime)),
  error: required(nullable(text(LIMITS.shortText))),
  dealsFound: optional(count),
  pricesHeldBack: optional(count),
});

const CACHE_STATUS = object<CacheStatus>({
  ready: required(boolean),
  totalDeals: required(count),
  lastUpdate: optional(
    either(
      isoTime,
      when<'never'>((v) => v === 'never'),
    ),
  ),
  dispensaryCount: optional(count),
  progress: optional(object({ done: required(count), total: required(count) })),
  etaSeconds: optional(number(0)),
  sources: optional(arrayOf(SOURCE_STATUS)),
  storage: optional(object({ ok: required(boolean), reason: optional(text(LIMITS.shortText)) })),
  sourcesOk: optional(count),
  sourcesFailing: optional(count),
  sourcesUnconfigured: optional(count),
  demo: optional(boolean),
});

/** A tax part as `DispensaryTaxSchema` reads it: a null rate exactly when the status is 'unknown'. */
function taxPart(max: number): Read<TaxRatePart> {
  const read = object<TaxRatePart>({
    rate: required(nullable(number(0, max))),
    status: required(oneOf(TAX_RATE_STATUSES)),
  });
  return (value) => {
    const part = read(value);
    return part === INVALID || (part.rate === null) !== (part.status === 'unknown')
      ? INVALID
      : part;
  };
}

const DISPENSARY_LIST = arrayOf(
  object<Dispensary>({
    key: required(text(LIMITS.key, 1)),
    name: required(text(LIMITS.shortText, 1)),
    lat: optional(nullable(number(-90, 90))),
    lng: optional(nullable(number(-180, 180))),
    locationSource: optional(oneOf(LOCATION_SOURCES)),
    approximate: optional(boolean),
    address: optional(text(LIMITS.shortText)),
    website: optional(text(LIMITS.url)),
    platform: optional(oneOf(PLATFORMS)),
    tax: optional(
      object({
        localMarijuana: required(taxPart(MAX_LOCAL_MARIJUANA_TAX)),
        sales: required(taxPart(MAX_SALES_TAX)),
      }),
    ),
  }),
);

/** `GET /api/monitoring/scraper/status` read as `CacheStatusSchema.parse` would; throws if not. */
export function parseCacheStatus(input: unknown): CacheStatus {
  const status = CACHE_STATUS(input);
  if (status === INVALID) throw new TypeError('The status answer does not match the contract.');
  return status;
}

/** `GET /api/scraper/dispensaries` read as `DispensaryListSchema.parse` would; throws if not. */
export function parseDispensaryList(input: unknown): Dispensary[] {
  const list = DISPENSARY_LIST(input);
  if (list === INVALID) throw new TypeError('The dispensary list does not match the contract.');
  return list;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/**
 * Marks each deal with its dispensary's name and key: the page does this for single-dispensary
 * answers (spec section 3), and keeps what the service already sent otherwise.
 */
export function stampDeals(
  deals: readonly Deal[],
  dispensary: Pick<Dispensary, 'key' | 'name'>,
): StampedDeal[] {
  return deals.map((deal) => ({
    ...deal,
    dispensary: deal.dispensary ?? dispensary.name,
    dispensaryKey: deal.dispensaryKey ?? dispensary.key,
  }));
}

/** What the page offers when the dispensary list cannot be loaded (spec section 3). */
export const ALL_DISPENSARIES: Dispensary = { key: 'all', name: 'All Dispensaries' };

import {
  LIMITS,
  MAX_MONEY,
  weekdaysNamed,
  type DealCategory,
  type Weekday,
} from '@stl-deals/domain';
import { boundedText } from '../../bounded-text';

/**
 * Small readers every adapter shares. Each takes an `unknown` from a hostile payload and returns a
 * value the contract accepts, or undefined.
 */

/** A finite, non-negative amount of dollars, rounded to cents. Strings like '$12.50' are read too. */
export function money(value: unknown): number | undefined {
  const digits = typeof value === 'string' ? value.replace(/[$,\s]/g, '') : '';
  const number =
    typeof value === 'number' ? value : /^\d+(?:\.\d+)?$/.test(digits) ? Number(digits) : NaN;
  if (!Number.isFinite(number) || number < 0 || number > MAX_MONEY) return undefined;
  return Math.round(number * 100) / 100;
}

/** A bounded plain string, or undefined for anything else or blank. */
export function text(value: unknown, max: number = LIMITS.shortText): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).replace(/\s+/g, ' ').trim();
  return trimmed ? boundedText(trimmed, max) : undefined;
}

/** Whole percent saved, 1 to 99, or undefined when there is no real saving. */
export function discountPercent(
  sale: number | undefined,
  regular: number | undefined,
): number | undefined {
  if (sale === undefined || regular === undefined || regular <= 0 || sale >= regular)
    return undefined;
  const percent = Math.round((1 - sale / regular) * 100);
  return percent >= 1 && percent <= 99 ? percent : undefined;
}

const usd = (amount: number) => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;

/** The card's price text: '$30 (was $45)', '$30', or '' when no price is known. */
export function priceText(sale: number | undefined, regular: number | undefined): string {
  if (sale !== undefined && regular !== undefined && sale < regular)
    return `${usd(sale)} (was ${usd(regular)})`;
  const only = sale ?? regular;
  return only === undefined ? '' : usd(only);
}

const CATEGORY_WORDS: ReadonlyArray<[RegExp, DealCategory]> = [
  [/pre-?\s?rolls?|prerolls?|joints?|blunts?|infused pre/i, 'pre-rolls'],
  [/vape|vapori[sz]er|cartridges?|carts?|pods?|disposables?/i, 'vapes'],
  [
    /concentrates?|extracts?|dabs?|wax|shatter|rosin|resin|badder|budder|crumble|sauce|diamonds?|hash|kief/i,
    'concentrates',
  ],
  [
    /edibles?|gumm(?:y|ies)|chocolates?|beverages?|drinks?|baked|candy|chews?|mints?|tinctures?|capsules?|tablets?/i,
    'edibles',
  ],
  [/topicals?|balms?|lotions?|creams?|salves?|transdermal|patch/i, 'topicals'],
  [
    /accessor(?:y|ies)|gear|apparel|merch|glass|pipes?|grinders?|papers?|batter(?:y|ies)|devices?/i,
    'accessories',
  ],
  [/flower|buds?|shake|trim|smalls|popcorn|ground|pre-?pack/i, 'flower'],
];

/**
 * A platform's own category name ('Vaporizers', 'Pre-Rolls', 'Edible', 'PREROLL'…) as one of the
 * spec's categories; 'other' when it says nothing we know. Tinctures and capsules count as edibles,
 * the nearest category a visitor would look in.
 */
export function mapCategory(platformCategory: unknown): DealCategory | undefined {
  // Platforms write 'PRE_ROLLS', 'Pre-Rolls' or 'prerolls'; underscores are read as spaces.
  const name = text(platformCategory)?.replace(/_/g, ' ');
  if (!name) return undefined;
  return CATEGORY_WORDS.find(([pattern]) => pattern.test(name))?.[1] ?? 'other';
}

/** Weekdays named in a special's text, for `validDays`; undefined when it names none. */
export function weekdaysIn(...texts: Array<string | undefined>): Weekday[] | undefined {
  const days = weekdaysNamed(texts.filter(Boolean).join(' '));
  return days.length ? days : undefined;
}

/** An ISO 8601 instant from a date string or epoch milliseconds; undefined when unreadable. */
export function isoInstant(value: unknown): string | undefined {
  const date =
    typeof value === 'number' || (typeof value === 'string' && /^\d{10,13}$/.test(value))
      ? new Date(Number(value) < 1e12 ? Number(value) * 1000 : Number(value))
      : typeof value === 'string'
        ? new Date(value)
        : null;
  if (!date || Number.isNaN(date.getTime())) return undefined;
  const year = date.getUTCFullYear();
  return year >= 2000 && year <= 2100 ? date.toISOString() : undefined;
}

/** The value at a path of an untrusted object, or undefined. */
export function at(value: unknown, ...path: Array<string | number>): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** An array from an untrusted value, or an empty one. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

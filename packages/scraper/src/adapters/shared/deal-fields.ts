import {
  LIMITS,
  weekdaysNamed,
  type DealCategory,
  type UnitPrice,
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
  if (!Number.isFinite(number) || number < 0 || number > 1_000_000) return undefined;
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

// Maps, not object literals: a hostile size such as 'constructor' must find no prototype member.
const GRAMS_PER_UNIT = new Map([
  ['g', 1],
  ['gram', 1],
  ['grams', 1],
  ['oz', 28.3495],
  ['ounce', 28.3495],
]);
const NAMED_WEIGHTS = new Map<string, number>([
  ['eighth', 3.5],
  ['1/8', 3.5],
  ['1/8oz', 3.5],
  ['quarter', 7],
  ['1/4', 7],
  ['1/4oz', 7],
  ['half', 14],
  ['1/2', 14],
  ['1/2oz', 14],
  ['ounce', 28],
  ['oz', 28],
  ['1oz', 28],
]);

/** Grams in a size text such as '3.5g', '1/8 oz', 'eighth', '1 g'; undefined when none. */
export function gramsIn(size: string | undefined): number | undefined {
  if (!size) return undefined;
  const normalized = size.toLowerCase().replace(/\s+/g, '');
  const named = NAMED_WEIGHTS.get(normalized);
  if (named !== undefined) return named;
  const match = /^(\d+(?:\.\d+)?)(g|gram|grams|oz|ounce)$/.exec(normalized);
  if (!match) return undefined;
  const grams = Number(match[1]) * (GRAMS_PER_UNIT.get(match[2]!) ?? NaN);
  return grams > 0 && grams <= 1000 ? grams : undefined;
}

/** Milligrams of THC in a size or title text such as '100mg'; undefined when none. */
export function milligramsIn(textWithSize: string | undefined): number | undefined {
  const match = /(\d+(?:\.\d+)?)\s*mg\b/i.exec(textWithSize ?? '');
  const mg = match ? Number(match[1]) : NaN;
  return mg > 0 && mg <= 100_000 ? mg : undefined;
}

/**
 * What a deal costs per gram (flower, pre-rolls, vapes, concentrates) or per 100 mg (edibles), so
 * deals of different sizes compare; undefined when the size is unknown.
 */
export function unitPrice(
  price: number | undefined,
  size: string | undefined,
  category: DealCategory,
): UnitPrice | undefined {
  if (price === undefined) return undefined;
  if (category === 'edibles') {
    const mg = milligramsIn(size);
    return mg ? { amount: round2((price / mg) * 100), per: '100mg' } : undefined;
  }
  const grams = gramsIn(size);
  return grams ? { amount: round2(price / grams), per: 'g' } : undefined;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

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

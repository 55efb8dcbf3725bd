import type { DealCategory, UnitPrice } from '@stl-deals/domain';

/**
 * The one size reader every adapter shares: what a menu's size fields and product names say a
 * product weighs (grams) or holds (milligrams, the dose of an edible), and the unit price that
 * follows. Sizes are read, never guessed: a text it cannot read as a whole ('1gC', 'N/A', 'XL')
 * is no size, so a raw platform label never reaches the card as one.
 */

/** An amount of product: its weight in grams, or its dose in milligrams. */
export interface Measure {
  amount: number;
  unit: 'g' | 'mg';
}

/**
 * Dispensaries sell the ounce as 28 g and its fractions as 3.5, 7 and 14 g; a '1/8 oz' is the
 * same product as a '3.5g', so both read 3.5.
 */
const GRAMS_PER_OUNCE = 28;

// Maps, not object literals: a hostile unit such as 'constructor' must find no prototype member.
const UNITS = new Map<string, { unit: 'g' | 'mg'; factor: number }>([
  ['mg', { unit: 'mg', factor: 1 }],
  ['milligram', { unit: 'mg', factor: 1 }],
  ['milligrams', { unit: 'mg', factor: 1 }],
  ['g', { unit: 'g', factor: 1 }],
  ['gr', { unit: 'g', factor: 1 }],
  ['gm', { unit: 'g', factor: 1 }],
  ['gram', { unit: 'g', factor: 1 }],
  ['grams', { unit: 'g', factor: 1 }],
  ['oz', { unit: 'g', factor: GRAMS_PER_OUNCE }],
  ['ounce', { unit: 'g', factor: GRAMS_PER_OUNCE }],
  ['ounces', { unit: 'g', factor: GRAMS_PER_OUNCE }],
]);

/** Weights written as words, as Jane's slots and menus name them. */
const NAMED = new Map<string, number>([
  ['half gram', 0.5],
  ['gram', 1],
  ['two gram', 2],
  ['eighth', 3.5],
  ['eighth ounce', 3.5],
  ['an eighth', 3.5],
  ['quarter', 7],
  ['quarter ounce', 7],
  ['half', 14],
  ['half ounce', 14],
  ['half oz', 14],
  ['ounce', 28],
  ['an ounce', 28],
]);

const MAX = { g: 1_000, mg: 100_000 } as const;

// A number: decimal ('3.5', '.5') or fraction ('1/8'), read before its unit.
const NUMBER = String.raw`(\d{1,4}(?:\.\d{1,3})?|\.\d{1,3}|\d{1,2}\s?\/\s?\d{1,2})`;
const UNIT = String.raw`(milligrams?|mg|grams?|gr|gm|g|ounces?|oz)`;
// 'N x Y' leads a pack's count; 'Y x N' and 'Y ea | N-Pack' follow it. 'Npk 100mg' is a pack of
// 100 mg in all, so a count written as a pack multiplies only a size marked 'each'.
const COUNT_BEFORE = String.raw`(?:(\d{1,3})\s?[x×]\s?)?`;
const EACH = String.raw`(\s?(?:each|ea\.?|per\s+(?:piece|gummy|serving|unit|pack)|\/\s?(?:piece|serving|ea)))?`;
const COUNT_AFTER = String.raw`(?:\s?(?:x|×)\s?(\d{1,3})\b|\s?\|?\s?(\d{1,3})\s?-?\s?(?:pack|pk|ct|count)\b)?`;
// Not a size: a potency ('800mg/g', '90% THC'), a ratio's second part, a dose of CBD or CBN.
const NOT_A_SIZE = String.raw`(?!\s?\/\s?(?:g|ml)\b)(?!\s?(?:cbd|cbn|cbg)\b)`;

const SIZE = new RegExp(
  String.raw`(?<![\w.\/])${COUNT_BEFORE}${NUMBER}\s?${UNIT}\b${NOT_A_SIZE}${EACH}${COUNT_AFTER}`,
  'gi',
);
const WHOLE = new RegExp(
  String.raw`^\s*${COUNT_BEFORE}${NUMBER}\s?${UNIT}${EACH}${COUNT_AFTER}\s*$`,
  'i',
);
const NAMED_IN_TEXT =
  /\b(half gram|two gram|eighth(?: ounce)?|quarter(?: ounce)?|half (?:ounce|oz))\b/i;

function numberOf(raw: string): number {
  const [top, bottom] = raw.replace(/\s/g, '').split('/');
  return bottom === undefined ? Number(top) : Number(top) / Number(bottom);
}

/** A match's parts: count before, number, unit, 'each' marker, count after ('x N', 'N-pack'). */
type SizeParts = [
  string | undefined,
  string,
  string,
  string | undefined,
  string | undefined,
  string | undefined,
];

/** One piece's dose or weight: marked 'each' with no count to multiply it by. */
const isPiece = ([before, , , each, times, pack]: SizeParts) =>
  Boolean(each) && !before && !times && !pack;

function measureOf([before, raw, unitName, each, times, pack]: SizeParts): Measure | undefined {
  const unit = UNITS.get(unitName.toLowerCase());
  if (!unit) return undefined;
  const one = numberOf(raw) * unit.factor;
  const packs = Number(before ?? times ?? (each ? pack : undefined) ?? 1);
  const amount = Math.round(one * packs * 1000) / 1000;
  return amount > 0 && amount <= MAX[unit.unit] ? { amount, unit: unit.unit } : undefined;
}

/**
 * A size field read as a whole: '3.5g', '3.5 Grams', '1/8 oz', '1/8oz', '100mg', 'eighth ounce',
 * '10 x 10mg' and '10mg ea | 10-Pack' (a pack's total), '.5g'; undefined for anything else.
 */
export function readSize(value: unknown): Measure | undefined {
  if (typeof value !== 'string' || value.length > 60) return undefined;
  const words = value
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();
  const named = NAMED.get(words);
  if (named !== undefined) return { amount: named, unit: 'g' };
  const match = WHOLE.exec(words);
  if (!match) return undefined;
  const parts = match.slice(1) as SizeParts;
  // '10mg each' alone is one piece's dose, not the product's.
  return isPiece(parts) ? undefined : measureOf(parts);
}

/**
 * The size a product name states: the product's total among several sizes ('1000mg Tincture ·
 * 60mg each' is 1000 mg, '5 x 0.5g' is 2.5 g), the first when several are totals; a piece's dose
 * ('10mg each') only when the name states nothing else. Fractions read whole ('1/2 oz' is 14 g).
 */
export function sizeInText(value: unknown): Measure | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.slice(0, 400);
  let piece: Measure | undefined;
  for (const match of text.matchAll(SIZE)) {
    const parts = match.slice(1) as SizeParts;
    const measure = measureOf(parts);
    if (!measure) continue;
    if (!isPiece(parts)) return measure;
    piece ??= measure;
  }
  const named = NAMED_IN_TEXT.exec(text);
  const grams = named ? NAMED.get(named[1]!.toLowerCase()) : undefined;
  return grams !== undefined ? { amount: grams, unit: 'g' } : piece;
}

/** '3.5g', '100mg': a measure as the card shows it. */
export function sizeText(measure: Measure): string {
  return `${measure.amount}${measure.unit}`;
}

/**
 * The size a deal shows: the first of `fields` that reads as a size, kept as the platform wrote
 * it ('1/8 oz'); else the size the product's `name` states, written plainly ('14g'); else none.
 * Callers list the product's own stated weight before a price slot's, so a 4.2 g product priced
 * in a two-gram slot reads 4.2 g.
 */
export function productSize(fields: readonly unknown[], name?: unknown): string | undefined {
  for (const field of fields) {
    if (readSize(field)) return (field as string).replace(/\s+/g, ' ').trim();
  }
  const stated = sizeInText(name);
  return stated ? sizeText(stated) : undefined;
}

/**
 * A swallowed or rubbed-in product's option as the dose it is: Dutchie-based point-of-sale menus
 * (Dutchie, Joint) write an edible's or topical's THC in grams ('.1g' on a '100mg THC Shot',
 * '0.025g' on a '25mg 1pc' gummy, in real Joint and Dutchie Plus answers), which reads '100mg'.
 * Any other option, or category, is left as it is.
 */
export function doseOption(option: string | undefined, category: DealCategory | undefined) {
  if (category !== 'edibles' && category !== 'topicals') return option;
  const measure = readSize(option);
  return measure?.unit === 'g' && measure.amount < 1
    ? sizeText({ amount: Math.round(measure.amount * 1000), unit: 'mg' })
    : option;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Sold by weight, so a size in milligrams is a weight too (a '500mg' cart is 0.5 g). */
const BY_WEIGHT = new Set<DealCategory>(['flower', 'pre-rolls', 'vapes', 'concentrates']);

/**
 * The one unit-price rule: what a deal costs per 100 mg of THC for edibles, per gram for what
 * is sized in grams (and for what is sold by weight and sized in milligrams); undefined when the
 * size says neither (an edible sized in grams, a topical's dose, no size).
 */
export function unitPrice(
  price: number | undefined,
  size: string | undefined,
  category: DealCategory | undefined,
): UnitPrice | undefined {
  const measure = readSize(size);
  if (price === undefined || !measure) return undefined;
  if (category === 'edibles') {
    return measure.unit === 'mg'
      ? { amount: round2((price / measure.amount) * 100), per: '100mg' }
      : undefined;
  }
  if (measure.unit === 'g') return { amount: round2(price / measure.amount), per: 'g' };
  return category && BY_WEIGHT.has(category)
    ? { amount: round2(price / (measure.amount / 1000)), per: 'g' }
    : undefined;
}

/**
 * The one size reader: what a menu's size fields and product names say a product weighs (grams)
 * or holds (milligrams, the dose of an edible). Sizes are read, never guessed: a text it cannot
 * read as a whole ('1gC', 'N/A', 'XL') is no size, so a raw platform label never reaches the card
 * as one. The adapters read deals' sizes with it, and the product key tells sizes apart with it.
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
const NAMED_ANYWHERE = new RegExp(NAMED_IN_TEXT.source, 'gi');

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
 * The text with every size it states blanked out ('Blue Dream 1/8 oz Smalls' -> 'Blue Dream
 * Smalls'), pack counts and named weights ('eighth', 'half ounce') with them: what is left names
 * the product, whatever size it is sold in.
 */
export function withoutSizes(value: string): string {
  return value.replace(SIZE, ' ').replace(NAMED_ANYWHERE, ' ');
}

/**
 * The grammar of amounts as menus write them, shared by the size readers (size.ts reads a size
 * field, name-size.ts what a product name states): a weight in grams or a dose in milligrams,
 * the pack counts and 'each' markers around it, the cannabinoid it is a dose of, a ratio's doses.
 * Internal to the domain's size rules; the package exports what size.ts exports.
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
export const NAMED = new Map<string, number>([
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

/** The largest amount read as a size: more is a typo or a hostile number. */
const MAX = { g: 1_000, mg: 100_000 } as const;

// A number: decimal ('3.5', '.5') or fraction ('1/8'), read before its unit.
const NUMBER = String.raw`(?<number>\d{1,4}(?:\.\d{1,3})?|\.\d{1,3}|\d{1,2}\s?\/\s?\d{1,2})`;
const UNIT = String.raw`(?<unit>milligrams?|mg|grams?|gr|gm|g|ounces?|oz)`;
// 'N x Y' (also 'Npk x Y') leads a pack's count; 'Y x N' and 'Y ea | N-Pack' follow it. 'Npk
// 100mg' is a pack of 100 mg in all, so a count written as a pack multiplies only a size marked
// 'each'.
const COUNT_BEFORE = String.raw`(?:(?<before>\d{1,3})\s?(?:pk|pack|ct)?\s?[x×]\s?)?`;
const EACH = String.raw`(?<each>\s?(?:each|ea\.?|per\s+(?:piece|gummy|serving|unit|pack)|\/\s?(?:piece|serving|ea)))?`;
const COUNT_AFTER = String.raw`(?:\s?(?:x|×)\s?(?<times>\d{1,3})\b|\s?\|?\s?(?<pack>\d{1,3})\s?-?\s?(?:pack|pk|ct|count)\b)?`;
// Not a size: a potency ('800mg/g', '1000mg/ml').
const NOT_POTENCY = String.raw`(?!\s?\/\s?(?:g|ml)\b)`;
/** The cannabinoid an amount is marked as ('100mg THC', '1000mg CBD'): a dose of that one. */
const CANNABINOID = String.raw`(?:\s?(?<cannabinoid>thc[av]?|cbd[av]?|cbn|cbg|cbc)\b)?`;

/**
 * One amount in free text, with the count and 'each' around it and the cannabinoid it is a dose
 * of. Global: for `matchAll` over a product name.
 */
export const AMOUNT_IN_TEXT = new RegExp(
  String.raw`(?<![\w.\/])${COUNT_BEFORE}${NUMBER}\s?${UNIT}\b${NOT_POTENCY}${CANNABINOID}${EACH}${COUNT_AFTER}`,
  'gi',
);
/** A size field that is one amount and nothing else ('3.5g', '10mg ea | 10-Pack'). */
export const WHOLE = new RegExp(
  String.raw`^\s*${COUNT_BEFORE}${NUMBER}\s?${UNIT}${EACH}${COUNT_AFTER}\s*$`,
  'i',
);

/**
 * A ratio's doses written out: '100:50mg', '10mg:10mg', '100mg:50mg:50mg'. Together they are what
 * the pack holds; each alone is one cannabinoid's share. A ratio without a unit ('2:1', '20:1')
 * is not matched, so its numbers never read as an amount. Global: for `matchAll`.
 */
export const RATIO_DOSES =
  /(?<![\w.:/])(?:\d{1,5}(?:\.\d{1,3})?\s?(?:mg)?\s?:\s?){1,3}\d{1,5}(?:\.\d{1,3})?\s?mg\b/gi;

export const NAMED_IN_TEXT =
  /\b(half gram|two gram|eighth(?: ounce)?|quarter(?: ounce)?|half (?:ounce|oz))\b/i;

/** An amount's parts, as `AMOUNT_IN_TEXT` names them. */
export interface AmountParts {
  before?: string;
  number: string;
  unit: string;
  cannabinoid?: string;
  each?: string;
  times?: string;
  pack?: string;
}

function numberOf(raw: string): number {
  const [top, bottom] = raw.replace(/\s/g, '').split('/');
  return bottom === undefined ? Number(top) : Number(top) / Number(bottom);
}

/** One piece's dose or weight: marked 'each' with no count to multiply it by. */
export const isPiece = ({ before, each, times, pack }: AmountParts): boolean =>
  Boolean(each) && !before && !times && !pack;

/** The count a piece's amount is multiplied by ('10 x 10mg', '10mg ea | 10-Pack'), or 1. */
function countOf({ before, each, times, pack }: AmountParts): number {
  return Number(before ?? times ?? (each ? pack : undefined) ?? 1);
}

/** Whether an amount is one piece of several the text counts ('10 x 10mg', '5mg ea | 10pk'). */
export const isCounted = (parts: AmountParts): boolean => countOf(parts) > 1;

/** `amount` of `unit`, rounded to a thousandth; undefined when it is no amount or too large. */
export function measure(amount: number, unit: Measure['unit']): Measure | undefined {
  const rounded = Math.round(amount * 1000) / 1000;
  return rounded > 0 && rounded <= MAX[unit] ? { amount: rounded, unit } : undefined;
}

/** One piece's amount as written, before any count multiplies it. */
export function pieceOf(parts: AmountParts): Measure | undefined {
  const unit = UNITS.get(parts.unit.toLowerCase());
  return unit ? measure(numberOf(parts.number) * unit.factor, unit.unit) : undefined;
}

/** The amount a match states in all: one piece's times the count around it. */
export function measureOf(parts: AmountParts): Measure | undefined {
  const piece = pieceOf(parts);
  return piece && measure(piece.amount * countOf(parts), piece.unit);
}

/** A weight a name writes in words ('half ounce', 'eighth'), in grams. */
export function namedWeightIn(text: string): Measure | undefined {
  const named = NAMED_IN_TEXT.exec(text);
  const grams = named ? NAMED.get(named[1]!.toLowerCase()) : undefined;
  return grams === undefined ? undefined : { amount: grams, unit: 'g' };
}

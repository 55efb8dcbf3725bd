import { GRAM_RANGES } from './size-filter';

/**
 * The words shoppers search with, as the shopper search (`shopper-search.ts`) reads them: text
 * folded (case and accents), split into words, and each word with the other words it may mean
 * ('carts' is a cartridge, a vape or a pod; 'eighth' is 1/8 oz, 3.5 g). Pure tables and functions,
 * no index: the same rules read a deal's text and the visitor's query, so both meet in one form.
 */

/** Case and accents folded: 'Crème BRÛLÉE' and 'creme brulee' are one text. */
export function foldText(text: string): string {
  // Most menu text is ASCII, which has no accents to take off.
  const lower = text.toLowerCase();
  return /[^ -~\s]/.test(lower) ? lower.normalize('NFD').replace(/\p{M}/gu, '') : lower;
}

/**
 * Words that name one thing, each group's first word the one both sides are read as. Decision:
 * only words a shopper uses for the same product form or offer; a strain's or brand's name is
 * never a synonym ('Wedding Cake' is no deal of the brand 'Cake', and it is not found by 'cake'
 * as a brand but as a word of its title).
 */
const SAME_THING: readonly (readonly string[])[] = [
  ['cart', 'cartridge', 'vape', 'pod', 'pen'],
  ['disposable', 'dispo', 'aio'],
  ['drink', 'beverage', 'seltzer', 'soda', 'shot'],
  ['small', 'popcorn', 'shake', 'trim'],
  ['saint', 'st'],
  ['preroll', 'joint', 'blunt', 'prj'],
  ['gummy', 'gummie', 'gummies'],
  ['edible', 'edibles'],
  ['flower', 'bud', 'nug'],
  ['concentrate', 'extract', 'dab', 'wax'],
  ['badder', 'batter'],
  ['rosin'],
  ['tincture', 'drop'],
  ['topical', 'lotion', 'balm'],
  ['chocolate', 'choc'],
  ['bogo', 'b1g1', 'bxgy'],
  ['indica'],
  ['sativa'],
  ['hybrid'],
];

/**
 * Brand names as shoppers misspell them, beyond the one or two letters the typo rule allows (see
 * `typoAllowance`): each misspelling and the brand's word it means. The registry's brands that a
 * typo of one letter already finds ('clover' for Clovr, 'stiizy' for STIIIZY) need no line here.
 */
const BRAND_SPELLINGS: Readonly<Record<string, string>> = {
  stizzy: 'stiiizy',
  stizy: 'stiiizy',
  stiizzy: 'stiiizy',
  // One letter from Clovr, but as close to 'cover' (Cloud Cover): said outright.
  clover: 'clovr',
  kushie: 'kushy',
  kushi: 'kushy',
  illicet: 'illicit',
  sinsay: 'sinse',
  sensie: 'sinse',
  vivd: 'vivid',
  klover: 'clovr',
  propper: 'proper',
};

/**
 * Words that are a kind of another group's thing, one way only: a search for a vape finds the
 * disposables, a search for a disposable does not find every cartridge.
 */
const KIND_OF: Readonly<Record<string, string>> = { disposable: 'cart' };

const MEANS = new Map<string, string>();
for (const group of SAME_THING) for (const word of group) MEANS.set(word, group[0]!);
for (const [misspelt, brand] of Object.entries(BRAND_SPELLINGS)) MEANS.set(misspelt, brand);

/** Grams of the weights sold by a name ('eighth'), which the Size filter's ranges accept. */
const WEIGHT_WORDS: Readonly<Record<string, number>> = {
  gram: 1,
  eighth: 3.5,
  quarter: 7,
  half: 14,
  ounce: 28,
  oz: 28,
  zip: 28,
};

/**
 * The grams a weight named in a search stands for ('eighth', '3.5g'): the range of the Size
 * filter's choice it falls in, else the same 3% either side of it (2 g, 10 g).
 */
export function weightRange(grams: number): readonly [low: number, high: number] {
  for (const range of Object.values(GRAM_RANGES)) {
    if (grams >= range[0] && grams <= range[1]) return range;
  }
  return [grams * 0.97, grams * 1.03];
}

/** The size written in words or figures, as one word: 'g3.5' for 3.5 g. */
export const weightWord = (grams: number): string => `g${Math.round(grams * 100) / 100}`;

const FRACTION_GRAMS: Readonly<Record<string, number>> = { '1/8': 3.5, '1/4': 7, '1/2': 14 };

/**
 * Sizes written in figures read as one word each: '3.5g', '3.5 grams', '1/8 oz' and 'eighths' are
 * 'g3.5', '1 oz' is 'g28', 'half gram' 'g0.5'. A bare 'half' or 'quarter' is not read as a weight
 * here ('Half Off' is no half ounce); the query's weight words are (see `queryWords`).
 */
function sizeWords(folded: string): string[] {
  const found: string[] = [];
  for (const match of folded.matchAll(
    /(\d+(?:\.\d+)?)\s*(?:g|gr|grams?)\b|\b(1\/[248])(?:\s*(?:th|oz|ounce))?\b|(\d+(?:\.\d+)?)\s*(?:oz|ounces?)\b|\b(eighth|quarter|half)\s*(?:oz|ounce)\b|\b(eighth)s?\b|\bhalf (gram)\b/g,
  )) {
    const [, grams, fraction, ounces, named, eighth, halfGram] = match;
    const weight = grams
      ? Number(grams)
      : fraction
        ? FRACTION_GRAMS[fraction]!
        : ounces
          ? Number(ounces) * 28
          : halfGram
            ? 0.5
            : WEIGHT_WORDS[(named ?? eighth)!]!;
    if (weight > 0 && weight <= 1000) found.push(weightWord(weight));
  }
  return found;
}

/** A word's plural folded to its singular ('carts', 'edibles', 'quarters'); short words kept. */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** What a word also means: its singular and the group word it belongs to, if any. */
export function meaningOf(word: string): string | null {
  const one = singular(word);
  const means = MEANS.get(word) ?? MEANS.get(one);
  if (means && means !== word) return means;
  return one !== word ? one : null;
}

/** The thing a deal's word is also filed under, one way only (see `KIND_OF`), else null. */
export function kindOf(word: string): string | null {
  const means = meaningOf(word);
  return KIND_OF[means ?? word] ?? null;
}

/** The words of a folded text, 'pre-roll', 'pre roll' and 'pre rolls' read as one word. */
function plainWords(folded: string): string[] {
  return (
    folded
      .replace(/\bpre[\s-]?rolls?\b/g, 'preroll')
      .replace(/\bbuy (?:one|1) get (?:one|1)(?: free)?\b/g, 'bogo')
      .match(/[a-z0-9]+(?:\.\d+)?/g) ?? []
  );
}

/**
 * A deal's text as the index keeps it: each word as written, and its sizes in figures as weight
 * words ('3.5g' also as 'g3.5'). What a word also means is the index's to join, once per distinct
 * word (see `meaningOf`).
 */
export function textWords(text: string): string[] {
  const folded = foldText(text);
  const words = plainWords(folded);
  return /\d|eighth|half|quarter/.test(folded) ? [...words, ...sizeWords(folded)] : words;
}

/** One word of a query: the forms any of which a deal's word may be, and a weight it may mean. */
export interface QueryWord {
  /** As typed, folded: matched exactly, as a prefix, or with a typo. */
  typed: string;
  /** What else it means, matched exactly: its singular, its group word, its weight word. */
  means: string[];
  /** The weight a size word names ('eighth': 3.5), matched with a deal's weight; else null. */
  grams: number | null;
}

/**
 * The query's words: 'pre roll' one word, a size in figures one word ('1/8 oz', '3.5 g'). Empty
 * for a blank query.
 */
export function queryWords(query: string): QueryWord[] {
  // 'pre ro' at the end is 'preroll' being typed.
  const folded = foldText(query).replace(/\bpre[\s-](r(?:ol?)?)$/, 'pre$1');
  const sizes = new Set(sizeWords(folded));
  // A size in figures is read once, as its weight word, not as its number and unit.
  const rest = folded.replace(
    /(\d+(?:\.\d+)?)\s*(?:g|gr|grams?)\b|\b1\/[248](?:\s*(?:th|oz|ounce))?\b|(\d+(?:\.\d+)?)\s*(?:oz|ounces?)\b|\b(?:eighth|quarter|half)\s*(?:oz|ounce)\b|\bhalf gram\b/g,
    ' ',
  );
  const words: QueryWord[] = [...sizes].map((word) => ({
    typed: word,
    means: [],
    grams: Number(word.slice(1)),
  }));
  for (const word of plainWords(rest)) {
    const means = meaningOf(word);
    const named = WEIGHT_WORDS[word] ?? WEIGHT_WORDS[singular(word)];
    const all = [means, named === undefined ? null : weightWord(named)].filter(
      (form): form is string => form !== null,
    );
    words.push({ typed: word, means: all, grams: named ?? null });
  }
  return words;
}

/**
 * How many letters a typed word may differ by (an edit: a letter added, dropped, changed or two
 * swapped) and still match, as the common search engines allow: none up to 3 letters, one from 4,
 * two from 8. Figures never: '3.5' is no typo of '5.5'.
 */
export function typoAllowance(word: string): number {
  if (/\d/.test(word)) return 0;
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

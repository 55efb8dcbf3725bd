import { priceText } from './deal-fields';
import { readSize } from './size';

/**
 * The ways a special names its saving in free text: '25% off', 'save 10%', '$10 off', 'BOGO',
 * 'B2G1', 'Buy 1 Get 1 free', 'Buy 1 … get the 2nd …', '2 for $50', '3/$99'. Every adapter that
 * reads a special's wording reads it here: the html adapter (deal blocks in a page), the menu
 * adapters (special names such as Joint's '2 For $70 Deal', Sweed's 'Buy 1 Smokiez Get the 2nd
 * for a Penny!' or Jane's 'ENTIRE STORE 25% OFF') and Dutchie's special cards. The sizes a
 * special's wording limits it to ('4 for $110 Eighths') are read here too.
 */

const NUMBER_WORD = '(?:\\d{1,2}|one|two|three|four|five|six)';
const COUNT_WORDS = new Map([
  ['one', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
]);
// A count in a 'buy N get M' phrase; not the start of a percent or a fraction ('get 15% off').
const COUNT = '(\\d{1,2}|one|two|three|four|five|six)(?![\\d.]*\\s*[%/])';

const PERCENT_OFF = /(?<![\d.])(\d{1,2}(?:\.\d+)?)\s*%\s*off\b/i;
const HALF_OFF = /\bhalf[\s-]?(?:off|price)\b/i;
const PERCENT_SAVED = new RegExp(`${PERCENT_OFF.source}|\\bsave\\s+(\\d{1,2})\\s*%`, 'i');
const DOLLARS_OFF = /\$\s?(\d{1,4}(?:\.\d{1,2})?)\s*off\b/i;
// Buy X, get Y: 'BOGO'; 'B2G1', 'B1G1 free'; 'Buy 2 Get 1', 'buy two, get one free', 'BUY2GET1'.
const BUY_X_GET_Y = new RegExp(
  [
    '\\bbogo\\b',
    '\\bb\\s?([1-9])\\s?g\\s?([1-9])(?:\\s?free)?\\b',
    `\\bbuy[\\s-]*${COUNT},?[\\s-]*get[\\s-]*${COUNT}(?:[\\s-]+free)?\\b`,
  ].join('|'),
  'i',
);
// 'Buy 2 Vapes Get 25% off', 'Buy 1 Edible get 2nd 50% Off' up to its 'get': a count after
// 'buy' keeps 'buy online, get it today' out.
const BUY_N_GET = new RegExp(`\\bbuy\\s+${NUMBER_WORD}\\b[^.!?\\n]{0,40}?\\bget\\b`, 'i');
// '2 for $50', '3/$99'; a price that runs on ('2 for $12345') is no price of four digits.
const N_FOR_PRICE = new RegExp(
  `(?<![\\d/.])\\b${NUMBER_WORD}\\s*(?:for|/)\\s*\\$\\s?\\d{1,4}(?:\\.\\d{1,2})?(?!\\d)`,
  'i',
);

/** Whole percent off a text states ('35% Off', 'half off'), 1 to 99; undefined when none. */
export function percentOffIn(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (HALF_OFF.test(value)) return 50;
  const percent = Number(PERCENT_OFF.exec(value)?.[1]);
  return percent >= 1 && percent <= 99 ? Math.round(percent) : undefined;
}

/**
 * Whole percent a text takes off or says is saved ('35% Off', 'half off', 'Veterans Save 10%'),
 * the first it states, 1 to 99; undefined when none.
 */
export function percentSavedIn(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (HALF_OFF.test(value)) return 50;
  const match = PERCENT_SAVED.exec(value);
  const percent = Number(match?.[1] ?? match?.[2]);
  return percent >= 1 && percent <= 99 ? Math.round(percent) : undefined;
}

/** Dollars off a text states ('$10 off'); undefined when none. */
export function dollarsOffIn(value: string | undefined): number | undefined {
  const dollars = Number(DOLLARS_OFF.exec(value ?? '')?.[1]);
  return dollars > 0 ? dollars : undefined;
}

/** '$10 off', '$2.50 off'. */
export const dollarsOffText = (dollars: number): string => `${priceText(dollars, undefined)} off`;

/** A 'buy X, get Y' special as written, with its counts ('B2G1' buys 2 and gets 1). */
export interface BuyXGetY {
  /** As the text writes it, spaces collapsed: 'BOGO', 'B2G1', 'Buy 2 Get 1', 'buy two get one free'. */
  phrase: string;
  buy: number;
  get: number;
}

/**
 * The first 'buy X, get Y' special a text names, in any of the ways stores write it: 'BOGO',
 * 'B2G1', 'Buy 2 Get 1', 'buy two, get one free', 'BUY2GET1'; undefined when it names none.
 */
export function buyXGetYIn(value: string | undefined): BuyXGetY | undefined {
  const match = value ? BUY_X_GET_Y.exec(value) : null;
  if (!match) return undefined;
  const phrase = phraseOf(match);
  if (/^bogo$/i.test(phrase)) return { phrase, buy: 1, get: 1 };
  const buy = countOf(match[1] ?? match[3]);
  const get = countOf(match[2] ?? match[4]);
  return buy && get ? { phrase, buy, get } : undefined;
}

const countOf = (value: string | undefined): number | undefined =>
  value === undefined ? undefined : (COUNT_WORDS.get(value.toLowerCase()) ?? Number(value));

/**
 * The bundle or BOGO phrase of a text as written ('BOGO', '2 for $50', 'Buy 2 Vapes Get'), or
 * undefined when it names none. A bundle is a deal even when no single item's price drops.
 */
export function bundlePhraseIn(value: string | undefined): string | undefined {
  if (!value) return undefined;
  for (const pattern of [BUY_X_GET_Y, N_FOR_PRICE, BUY_N_GET]) {
    const match = pattern.exec(value);
    if (match) return phraseOf(match);
  }
  return undefined;
}

const phraseOf = (match: RegExpExecArray): string => match[0].replace(/\s+/g, ' ').trim();

/** A size a special's wording names: a weight in grams, or milligrams for edibles. */
export type NamedSize = { grams: number } | { milligrams: number };

// Sizes as specials write them: '3.5g', '1/8 oz', 'eighths', 'quarters', 'half-gram carts',
// '100mg'. A size stands alone: 'B2G1' names no gram, '$3.5' no weight.
const GRAMS = /(?<![\w./$])(\d{1,3}(?:\.\d{1,2})?)\s?(?:g|grams?)\b/gi;
const OUNCES = /(?<![\w./$])(1\/8|1\/4|1\/2|\d{1,2}(?:\.\d{1,3})?)\s?(?:oz|ounces?)\b/gi;
const MILLIGRAMS = /(?<![\w./$])(\d{1,5})\s?mg\b/gi;
const FRACTIONS = new Map([
  ['1/8', 0.125],
  ['1/4', 0.25],
  ['1/2', 0.5],
]);
/** Dispensaries sell an eighth as 3.5 g: an ounce is 28 g on a menu. */
const GRAMS_PER_OUNCE = 28;
const WEIGHT_WORDS: ReadonlyArray<readonly [RegExp, number]> = [
  [/\b(?:eighths?|(?:1\/)?8ths?)\b/i, 3.5],
  [/\b(?:quarters?|(?:1\/)?4ths?|qtrs?)\b/i, 7],
  [/\bhalf[\s-]?(?:ounces?|oz)\b|\bhalves\b/i, 14],
  [/(?<!\bhalf[\s-]?|\d\s?)\b(?:ounces?|zips?)\b/i, 28],
  [/\bhalf[\s-]?grams?\b/i, 0.5],
  [/\bfull[\s-]?grams?\b/i, 1],
];
const MAX_SIZES = 10;

/**
 * The sizes a special's wording limits it to ('4 for $110 Eighths' -> 3.5 g, 'any two half-gram
 * carts' -> 0.5 g, '$5 off 100mg gummies' -> 100 mg); none when it names no size.
 */
export function sizesNamedIn(value: string | undefined): NamedSize[] {
  if (!value) return [];
  const sizes: NamedSize[] = [];
  for (const match of value.matchAll(GRAMS)) sizes.push({ grams: Number(match[1]) });
  for (const match of value.matchAll(OUNCES)) {
    const ounces = FRACTIONS.get(match[1]!) ?? Number(match[1]);
    sizes.push({ grams: ounces * GRAMS_PER_OUNCE });
  }
  for (const match of value.matchAll(MILLIGRAMS)) sizes.push({ milligrams: Number(match[1]) });
  for (const [pattern, grams] of WEIGHT_WORDS) if (pattern.test(value)) sizes.push({ grams });
  return sizes
    .filter((size) => ('grams' in size ? size.grams : size.milligrams) > 0)
    .slice(0, MAX_SIZES);
}

/**
 * Whether a menu size ('1/8oz', '3.5g', '100mg') is one of `sizes`: weights within 3% (a POS's
 * '1/8oz' is 3.5 g or 3.54 g), milligrams exactly. A size that cannot be read is none of them.
 */
export function isSizeNamed(sizes: readonly NamedSize[], size: string | undefined): boolean {
  const measure = readSize(size);
  const grams = measure?.unit === 'g' ? measure.amount : undefined;
  const milligrams = measure?.unit === 'mg' ? measure.amount : undefined;
  return sizes.some((named) =>
    'grams' in named
      ? grams !== undefined && Math.abs(grams - named.grams) <= named.grams * 0.03
      : milligrams === named.milligrams,
  );
}

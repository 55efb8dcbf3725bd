import { MISSOURI_BRANDS } from '../data/missouri-brands';
import { STRAIN_NAMES } from '../data/strain-names';

/**
 * The brand a deal's own words name, for a source that has no brand field (a dispensary's
 * specials page): one of the bundled Missouri brands (`MISSOURI_BRANDS`), under its one name.
 *
 * Decided so that a common word is never taken for a brand:
 *
 * - Words are whole words: 'Clovr' is not in 'clover', 'Wana' not in 'iwanaa', 'C4' not in 'C45'.
 *   Case, accents and apostrophes do not count ('ROBHOTS', "Missouri's Own", 'missouris own').
 * - The longest spelling at a place wins: 'Platinum Vape' over 'Platinum', 'Good Day Farms' over
 *   'Good Day Farm', 'Cloud Cover' never as 'Cloud Nine'.
 * - A safe spelling ('Robhots', 'Flora Farms', 'Head Change') counts anywhere in the title, and in
 *   the description when the title names none.
 * - An ordinary spelling ('Proper', 'Vivid', 'Elevate', 'Cookies', 'Haze', 'GDF') counts only
 *   where the page writes it as a product's brand: after 'by' or a 'Brand:' label ('Blue Dream by
 *   Proper'), or leading the title of a product (the deal states a size) with a capital, with more
 *   words after it, the next not a little word ('Elevate Your Weekend' is no brand) and the title
 *   not a strain's name ('Platinum Cookies', 'Cookies and Cream').
 * - The page's own store is not a brand of a store-wide offer ('Shop Good Day Farm online for 10%
 *   off' on Good Day Farm's page) but is of a product ('Good Day Farm Blue Dream 3.5g').
 * - Two brands named is a special on both: no one brand ('25% off Wyld and Robhots').
 */

export interface BrandTexts {
  title: string;
  description?: string;
  /** The deal names one product: its words state a size. */
  product?: boolean;
  /** The page's own store or site names, whose brand is the store's, not a product's. */
  storeNames?: readonly string[];
}

interface Spelling {
  brand: string;
  words: readonly string[];
  ordinary: boolean;
}

interface Word {
  folded: string;
  capital: boolean;
}

/** Characters of each text read: a longer one is a page's copy, not a deal's words. */
const MAX_CHARS = 400;

/** A text's words, folded, with whether each is written as a name is (a capital or a digit). */
function wordsOf(value: string): Word[] {
  const plain = value
    .slice(0, MAX_CHARS)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['’`´]/g, '');
  return [...plain.matchAll(/[\p{L}\p{N}]+/gu)].map(([word]) => ({
    folded: word.toLowerCase(),
    capital: /^[\p{Lu}\p{N}]/u.test(word),
  }));
}

/** A text's or some words' folded words, one space apart. */
const foldedWords = (value: string | readonly Word[]) =>
  (typeof value === 'string' ? wordsOf(value) : value).map((word) => word.folded).join(' ');

/** Every spelling by its first word, the longest first. */
const SPELLINGS = new Map<string, Spelling[]>();
for (const { brand, spellings, ordinary = [] } of MISSOURI_BRANDS) {
  const add = (spelling: string, isOrdinary: boolean) => {
    const words = foldedWords(spelling).split(' ').filter(Boolean);
    if (words.length === 0) return;
    const list = SPELLINGS.get(words[0]!) ?? [];
    list.push({ brand, words, ordinary: isOrdinary });
    SPELLINGS.set(words[0]!, list);
  };
  for (const spelling of spellings) add(spelling, false);
  for (const spelling of ordinary) add(spelling, true);
}
for (const list of SPELLINGS.values()) list.sort((a, b) => b.words.length - a.words.length);

/** Words after an ordinary brand word that make it a sentence's, not a product's name. */
const LITTLE_WORDS = new Set(
  'a an and are at for from in into is it of off on or our the this to up with you your yourself all every more now'.split(
    ' ',
  ),
);
/** Words before a brand that say it is one: 'by Proper', 'Brand: Vivid'. */
const BRAND_MARKERS = new Set(['by', 'brand']);

const STRAINS = STRAIN_NAMES.map((name) => foldedWords(name).split(' '));

interface Found {
  brand: string;
  at: number;
  length: number;
  ordinary: boolean;
}

/** The spellings a text's words say, the longest at each place, not overlapping. */
function spellingsIn(words: readonly Word[]): Found[] {
  const found: Found[] = [];
  for (let at = 0; at < words.length; at++) {
    const match = SPELLINGS.get(words[at]!.folded)?.find((spelling) =>
      spelling.words.every((word, index) => words[at + index]?.folded === word),
    );
    if (!match) continue;
    found.push({ brand: match.brand, at, length: match.words.length, ordinary: match.ordinary });
    at += match.words.length - 1;
  }
  return found;
}

const startsWith = (words: readonly Word[], at: number, prefix: readonly string[]) =>
  prefix.every((word, index) => words[at + index]?.folded === word);

/** Whether an ordinary spelling is written as a product's brand where it stands. */
function namesBrand(words: readonly Word[], found: Found, leadAllowed: boolean): boolean {
  const own = words.slice(found.at, found.at + found.length);
  if (!own.every((word) => word.capital)) return false;
  const before = words[found.at - 1]?.folded;
  if (before !== undefined && BRAND_MARKERS.has(before)) return true;
  if (!leadAllowed || found.at !== 0) return false;
  const next = words[found.length];
  if (!next || LITTLE_WORDS.has(next.folded)) return false;
  return !STRAINS.some((strain) => startsWith(words, 0, strain));
}

function brandsIn(value: string | undefined, texts: BrandTexts, isTitle: boolean): Set<string> {
  const brands = new Set<string>();
  if (!value) return brands;
  const words = wordsOf(value);
  const stores = (texts.storeNames ?? []).map((name) => ` ${foldedWords(name)} `);
  for (const found of spellingsIn(words)) {
    if (found.ordinary && !namesBrand(words, found, isTitle && texts.product === true)) continue;
    const spelled = ` ${foldedWords(words.slice(found.at, found.at + found.length))} `;
    const isStore = stores.some((store) => store.includes(spelled));
    if (isStore && texts.product !== true) continue;
    brands.add(found.brand);
  }
  return brands;
}

/** The one Missouri brand the deal's words name by the rules above, or undefined. */
export function brandInText(texts: BrandTexts): string | undefined {
  const inTitle = brandsIn(texts.title, texts, true);
  const brands = inTitle.size > 0 ? inTitle : brandsIn(texts.description, texts, false);
  return brands.size === 1 ? [...brands][0] : undefined;
}

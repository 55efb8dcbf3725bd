import type { Deal } from '../contract/deal';
import type { DealCategory } from '../contract/values';
import { BRAND_LOGOS } from '../data/brand-logos';
import { COMPANY_SUFFIXES, NOISE_WORDS, PRODUCT_NOUNS, SAME_WORDS } from '../data/product-words';
import { deriveCategory } from './category';
import { readSize, sizeInText, sizeText, withoutSizes } from './size';

/**
 * One product across stores: a key that is the same for the same product at any dispensary, in
 * whatever words its menu platform writes it, and different for another product or another size.
 *
 * The key is the product's form, the set of words that name it, and its size:
 *
 * - Words are folded (case, accents, punctuation, '&' as 'and', plurals) and kept as a set, so word
 *   order and a brand written twice ('Proper | Pineapple Express Smalls | Smalls' and 'Pineapple
 *   Express Smalls 7g - Proper') do not count. The brand field's words join the set: a menu that
 *   writes the brand only in the title and one that writes it only in the brand field agree.
 * - Words that say nothing about the product drop out: the strain type (a store's label, not the
 *   product's), packaging ('jar', 'tin'), the generic category word ('Flower', 'Edible'), company
 *   suffixes ('Cannabis Co.', 'Brands'), a potency ('22%') and a special's wording ('25% off',
 *   'BOGO'). Words that name a different product stay: 'smalls', 'shake', 'popcorn', 'infused',
 *   'live resin', 'badder'.
 * - The form comes from the category with the title's form words over it, so flower and a pre-roll
 *   of the same strain differ, as do a cartridge, a disposable and a concentrate; the platforms
 *   disagree about vapes and concentrates, so within those the title's words decide.
 * - The size is the size field read as a size, else the size the title states, in grams or
 *   milligrams ('1/8 oz', '3.5g' and 'eighth' are one size); a pack of several pre-rolls is told
 *   from one of the same total weight by its count. Edibles are known by their total dose.
 *
 * Brand names the project knows under several spellings ('Flora' and 'Flora Farms', 'FTE') read
 * as one, from the brand-logo table. Other suffixes such as 'Farms' or 'Gardens' stay: with them
 * gone, a one-word remainder may be another brand.
 *
 * The read model keys every deal of a pass, so the key reads each text once; sizes and brands,
 * which repeat across a menu, are read once each (see `remembered`).
 */
export type ProductKeyInput = Pick<Deal, 'title'> &
  Partial<Pick<Deal, 'brand' | 'size' | 'category'>>;

/** Characters of a title read: a longer one is a description, not a product's name. */
const MAX_TITLE_CHARS = 300;

// A special's wording in a title: '25% off', '$5 off', '$25', 'BOGO', 'B2G1', '2 for $60', '22%'.
const DEAL_PHRASES =
  /\d{1,3}(?:\.\d+)?\s?%(?:\s?off)?|\$\s?\d+(?:\.\d{1,2})?(?:\s?off)?|\bb\d+g\d+\b|\bbuy\s?\d+\s?get\s?\d+\b|\b\d+\s?for\s?(?=\$)/gi;
// A pack's count: '5-Pack', '2pk', '10 ct', 'x 5' after a size, '5 x' before one.
const PACK_COUNT =
  /(?<![\w.])(\d{1,3})\s?-?\s?(?:pack|pk|ct|count|pcs?|pieces?)\b|(?<![\w.])(\d{1,3})\s?[x×]\s?(?=\.?\d)|(?:\d\s?(?:m?g|gram)s?)\s?[x×]\s?(\d{1,3})\b/gi;
// An eighth or a quarter as the size reader does not read it: '1/8th', '8th', a bare '1/8',
// 'Eighths'.
const SHORTHAND =
  /(?<![\w./])1\/[48](?:th)?(?!\s?\/)(?![\w.]|\s?(?:oz|ounces?|g|grams?)\b)|\b8th\b|\beighths\b|\bquarters\b/gi;
// A ratio of cannabinoids ('1:1', '10:1', '2: 1'): kept as one word, '1:1' is not '1'.
const RATIO = /(\d{1,3})\s?:\s?(?=\d)/g;
// A word joined to the next at a capital ('MendoBreath'): split, as other menus write it apart.
// Three lower-case letters first, so a brand's own capital ('nuEra') stays whole.
const CAMEL = /(\p{Ll}{3})(\p{Lu}\p{Ll})/gu;
const CAMEL_ASCII = /([a-z]{3})([A-Z][a-z])/g;
const NOT_ASCII = /[^\x20-\x7e]/;
const MARKS = /\p{M}/gu;
const APOSTROPHES = /['’`´]/g;
const PUNCTUATION = /[^\p{L}\p{N}]+/gu;
const PUNCTUATION_ASCII = /[^a-z0-9]+/g;
const NOT_DIGIT = /[^0-9]/;
/** Two-word spellings of one word ('pre roll', 'all in one'), joined before words are read. */
const JOINED = /\b(pre) (rolls?|rolled)\b|\ball in one\b/g;

type Form =
  | 'flower'
  | 'preroll'
  | 'cart'
  | 'disposable'
  | 'concentrate'
  | 'edible'
  | 'topical'
  | 'accessory'
  | 'other';

/**
 * The deal's product key, or null when the title names no product: a store-wide special ('20%
 * off all vapes', 'Munchie Monday'), a brand's special ('25% Off Flora Farms', 'BOGO Robhots
 * Gummies'), or a bare name with neither brand nor size to tell it from another's ('Blue Dream').
 */
export function productKey(deal: ProductKeyInput): string | null {
  const title = deal.title.slice(0, MAX_TITLE_CHARS).replace(SHORTHAND, namedSize);
  const field = deal.size === undefined ? undefined : sizeField(deal.size);
  const measure = field?.measure ?? sizeInText(title);
  const count = field?.count ?? packCount(title);

  const product = withoutSizes(title.replace(DEAL_PHRASES, ' ')).replace(PACK_COUNT, ' ');
  const folded = withBrandNames(foldWords(product));
  const titleWords = wordsOf(folded, NOISE_WORDS);
  const brandWords = deal.brand ? brandFieldWords(deal.brand) : brandIn(folded);
  const form = deal.category
    ? formOf(deal.category, titleWords)
    : (titleForm(titleWords) ??
      formOf(deriveCategory({ title, description: deal.size ?? '' }), []));
  const name = titleWords.filter((word) => !brandWords.includes(word) && !saysForm(form, word));
  // A name of numbers, a brand's words or a kind of product alone ('4 Good Day Farm Eighths',
  // 'BOGO Robhots Gummies') is a special on many products; without a brand or a size, a name is
  // anyone's.
  if (!name.some(isNameWord)) return null;
  if (!measure && brandWords.length === 0) return null;

  // Distinct already: the brand's words are not among the name's.
  const words = brandWords.concat(name).sort();
  const packed = count !== undefined && count > 1 && form !== 'edible' ? `x${count}` : '';
  return `${form}|${words.join(' ')}|${measure ? sizeText(measure) : '-'}${packed}`;
}

/** 'eighths', '1/8th', '8th', a bare '1/8' and '1/4', as the size reader's named weights. */
function namedSize(match: string): string {
  return match.includes('4') || match.toLowerCase().startsWith('q')
    ? ' quarter ounce '
    : ' eighth ';
}

/**
 * A word that names one product: not a number (a folded word is letters and digits only), no
 * brand's word and no kind of product.
 */
const isNameWord = (word: string) =>
  NOT_DIGIT.test(word) && !BRAND_WORDS.has(word) && !PRODUCT_NOUNS.has(word);

/**
 * A text folded to its words, one space apart and one at each end: lower case, accents and marks
 * dropped, '&' as 'and', apostrophes dropped ("Missouri's"), a ratio as one word ('1:1' ->
 * '1to1'), every other run of punctuation a space, words split where a menu joins them at a
 * capital, 'pre roll' and 'all in one' as one word.
 */
function foldWords(text: string): string {
  // Most titles are ASCII: their letters and punctuation need no Unicode classes.
  const ascii = !NOT_ASCII.test(text);
  const letters = ascii
    ? text.replace(CAMEL_ASCII, '$1 $2')
    : text.replace(CAMEL, '$1 $2').normalize('NFKD').replace(MARKS, '');
  // Each rewrite only where its characters occur: the read model folds every title of a pass.
  let folded = letters.toLowerCase();
  if (folded.includes(':')) folded = folded.replace(RATIO, '$1to');
  if (folded.includes('&')) folded = folded.replaceAll('&', ' and ');
  folded = folded.replace(APOSTROPHES, '').replace(ascii ? PUNCTUATION_ASCII : PUNCTUATION, ' ');
  if (folded.includes('pre ') || folded.includes('all in one')) {
    folded = folded.replace(JOINED, (match: string) =>
      match.startsWith('pre') ? 'preroll' : 'allinone',
    );
  }
  return ` ${folded.trim()} `;
}

/** The distinct words of a folded text, singular and in their one spelling, `dropped` left out. */
function wordsOf(folded: string, dropped: ReadonlySet<string>): string[] {
  const words: string[] = [];
  for (const raw of folded.split(' ')) {
    if (raw === '' || dropped.has(raw)) continue;
    const single = singular(raw);
    const word = SAME_WORDS.get(single) ?? single;
    if (!dropped.has(word) && !words.includes(word)) words.push(word);
  }
  return words;
}

/** 'Gummies' -> 'gummie', 'Smalls' -> 'small'; short words and 'ss' endings stay ('gas', 'express'). */
function singular(word: string): string {
  return word.length < 4 || !word.endsWith('s') || word.endsWith('ss') ? word : word.slice(0, -1);
}

/**
 * A pure reader's answers kept for the inputs that repeat: a pass has thousands of deals but a
 * few dozen sizes and brands. Emptied when full, so hostile input cannot grow it.
 */
function remembered<T>(read: (input: string) => T, max = 1_000): (input: string) => T {
  const answers = new Map<string, T>();
  return (input) => {
    const known = answers.get(input);
    if (known !== undefined || answers.has(input)) return known as T;
    const answer = read(input);
    if (answers.size >= max) answers.clear();
    answers.set(input, answer);
    return answer;
  };
}

/** A size field's measure and pack count ('0.5g ea | 5-Pack' is 2.5 g in 5). */
const sizeField = remembered((size: string) => ({
  measure: readSize(size),
  count: packCount(size),
}));

/** The count of a pack a text states ('5-Pack', '0.5g x 5'), or undefined. */
function packCount(text: string): number | undefined {
  for (const match of text.matchAll(PACK_COUNT)) {
    const count = Number(match[1] ?? match[2] ?? match[3]);
    if (count > 0) return count;
  }
  return undefined;
}

/** Brand spellings to the brand's name: any in a brand field, the unambiguous ones in a title. */
const BRAND_FIELD_NAMES = new Map<string, string>();
const TITLE_SPELLINGS: Array<[spelling: string, brand: string]> = [];
const TITLE_BRANDS: string[] = [];
for (const logo of BRAND_LOGOS) {
  const brand = foldWords(logo.brand);
  for (const spelling of [logo.brand, ...logo.keywords, ...(logo.brandFieldKeywords ?? [])]) {
    BRAND_FIELD_NAMES.set(foldWords(spelling), brand);
  }
  for (const spelling of logo.keywords) {
    const folded = foldWords(spelling);
    if (folded !== brand) TITLE_SPELLINGS.push([folded, brand]);
    if (!TITLE_BRANDS.includes(brand)) TITLE_BRANDS.push(brand);
  }
}
/** Every word of every brand spelling the project knows. */
const BRAND_WORDS = new Set(
  [...BRAND_FIELD_NAMES.keys()].flatMap((spelling) => wordsOf(spelling, COMPANY_SUFFIXES)),
);

/** A brand field's words, in the brand's one name when the project knows its spellings. */
const brandFieldWords = remembered((brand: string) => {
  const folded = foldWords(brand);
  return wordsOf(BRAND_FIELD_NAMES.get(folded) ?? folded, COMPANY_SUFFIXES);
});

/** A folded title with the brand spellings it names written as the brand's one name. */
function withBrandNames(folded: string): string {
  let named = folded;
  for (const [spelling, brand] of TITLE_SPELLINGS) {
    if (named.includes(spelling)) named = named.replaceAll(spelling, brand);
  }
  return named;
}

/** The words of the first brand a folded title names by a spelling safe in a title, if any. */
function brandIn(folded: string): string[] {
  const brand = TITLE_BRANDS.find((name) => folded.includes(name));
  return brand ? wordsOf(brand, COMPANY_SUFFIXES) : [];
}

/**
 * The product's form: its category, with the title's form words over it where platforms
 * disagree (a 'Pre-Roll' filed as flower is a pre-roll; a 'Cart' filed as a concentrate is a
 * cartridge).
 */
function formOf(category: DealCategory, words: readonly string[]): Form {
  const has = (word: string) => words.includes(word);
  switch (category) {
    case 'flower':
    case 'pre-rolls':
      return has('preroll') || category === 'pre-rolls' ? 'preroll' : 'flower';
    case 'vapes':
    case 'concentrates':
      if (has('disposable')) return 'disposable';
      return has('cart') || category === 'vapes' ? 'cart' : 'concentrate';
    case 'edibles':
      return 'edible';
    case 'topicals':
      return 'topical';
    case 'accessories':
      return 'accessory';
    case 'other':
      if (has('preroll')) return 'preroll';
      if (has('disposable')) return 'disposable';
      return has('cart') ? 'cart' : 'other';
  }
}

/** The form a title's own words name, for a deal the platform gave no category. */
function titleForm(words: readonly string[]): Form | undefined {
  if (words.includes('preroll')) return 'preroll';
  if (words.includes('disposable')) return 'disposable';
  return words.includes('cart') ? 'cart' : undefined;
}

/** A word the form already says: 'preroll' of a pre-roll, 'cart' of a cartridge or disposable. */
function saysForm(form: Form, word: string): boolean {
  if (form === 'preroll') return word === 'preroll';
  return (form === 'cart' || form === 'disposable') && (word === 'cart' || word === 'disposable');
}

/**
 * Whole-word keyword matching, shared by the category and logo rules.
 *
 * A keyword matches as a whole word or phrase, also with a plural 's' or 'es', so 'cart' finds
 * 'Carts' but not 'cartoon', and 'pen' finds 'vape pens' but not 'open'. Matching is
 * case-insensitive; hyphens and spaces inside a keyword match literally. A word is a run of
 * Unicode letters and digits.
 *
 * Why not one regular expression per entry: the Unicode pattern cost about half a millisecond to
 * compile, the logo and category tables make about 80 of them, and each lower-cased the text again
 * for a quick pre-check; together about 20 ms of the page's first render of a load (four times
 * that on a phone: Total Blocking Time). Here the text is folded once for a whole table
 * and keywords are found with `indexOf`.
 */
export function keywordMatcher(keywords: readonly string[]): (text: string) => boolean {
  const folded = keywords.map(foldCase);
  return (text) => {
    const haystack = foldedText(text);
    return folded.some((keyword) => hasWord(haystack, keyword));
  };
}

/**
 * The text as the Unicode case-insensitive match compares it (simple case folding): lower case,
 * and the few letters whose fold is not their lower case ('ſ' is 's', 'ς' is 'σ', the micro sign
 * is 'μ', ...). The dotted capital I, which lower-cases to two characters ('i' and a combining
 * dot, a word break), is taken as the dotless 'ı', a letter of its own like the I itself.
 */
function foldCase(text: string): string {
  return text.replaceAll('\u0130', '\u0131').toLowerCase().replace(NOT_LOWER_FOLD, foldOf);
}

/**
 * The letters whose fold is not their lower case: all of them, as checked against V8's
 * case-insensitive Unicode matching over every letter, mark, digit and symbol (a test does).
 */
const FOLDS: Record<string, string> = {
  '\u00b5': '\u03bc',
  '\u017f': 's',
  '\u0345': '\u03b9',
  '\u03c2': '\u03c3',
  '\u03d0': '\u03b2',
  '\u03d1': '\u03b8',
  '\u03d5': '\u03c6',
  '\u03d6': '\u03c0',
  '\u03f0': '\u03ba',
  '\u03f1': '\u03c1',
  '\u03f5': '\u03b5',
  '\u1c80': '\u0432',
  '\u1c81': '\u0434',
  '\u1c82': '\u043e',
  '\u1c83': '\u0441',
  '\u1c84': '\u0442',
  '\u1c85': '\u0442',
  '\u1c86': '\u044a',
  '\u1c87': '\u0463',
  '\u1c88': '\ua64b',
  '\u1e9b': '\u1e61',
  '\u1fbe': '\u03b9',
  '\u1fd3': '\u0390',
  '\u1fe3': '\u03b0',
  '\ufb05': '\ufb06',
};
// Alternatives rather than a class: one of them is a combining mark.
const NOT_LOWER_FOLD = new RegExp(Object.keys(FOLDS).join('|'), 'g');
const foldOf = (letter: string) => FOLDS[letter]!;

/** The last text folded: a table's entries are asked about the same text one after the other. */
let lastText = '';
let lastFolded = '';

function foldedText(text: string): string {
  if (text !== lastText) {
    lastFolded = foldCase(text);
    lastText = text;
  }
  return lastFolded;
}

/**
 * `word` in `text` with no letter or digit right before it, and none after it or its plural. An
 * empty keyword matches nothing.
 */
function hasWord(text: string, word: string): boolean {
  if (word.length === 0) return false;
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (wordCharBefore(text, at)) continue;
    const end = at + word.length;
    if (!wordCharAt(text, end)) return true;
    if (text.startsWith('s', end) && !wordCharAt(text, end + 1)) return true;
    if (text.startsWith('es', end) && !wordCharAt(text, end + 2)) return true;
  }
  return false;
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]/u;

/** Whether the character (code point) starting at `index` is a letter or digit. */
function wordCharAt(text: string, index: number): boolean {
  if (index >= text.length) return false;
  const code = text.charCodeAt(index);
  if (code < 0x80) {
    return (
      (code >= 0x61 && code <= 0x7a) ||
      (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x30 && code <= 0x39)
    );
  }
  return LETTER_OR_DIGIT.test(text.slice(index, index + 2));
}

/** Whether the character (code point) ending right before `index` is a letter or digit. */
function wordCharBefore(text: string, index: number): boolean {
  if (index === 0) return false;
  const low = text.charCodeAt(index - 1);
  const high = index >= 2 ? text.charCodeAt(index - 2) : 0;
  const pair = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return wordCharAt(text, pair ? index - 2 : index - 1);
}

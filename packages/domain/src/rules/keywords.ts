/**
 * Whole-word keyword matching, shared by the category and logo rules.
 *
 * A keyword matches as a whole word or phrase, also with a plural 's' or 'es', so 'cart' finds
 * 'Carts' but not 'cartoon', and 'pen' finds 'vape pens' but not 'open'. Matching is
 * case-insensitive; hyphens and spaces inside a keyword match literally.
 */
export function keywordMatcher(keywords: readonly string[]): (text: string) => boolean {
  if (keywords.length === 0) return () => false;
  // The Unicode pattern costs about half a millisecond to compile, and the logo and category
  // tables make about 80 of them: compiling them all held up the page's module evaluation and
  // its first card (issue 11: Total Blocking Time). So it is built on first need, and a text
  // that does not even contain a keyword (most texts, for most entries) never needs it.
  const plain = keywords.every((keyword) => PRINTABLE_ASCII.test(keyword))
    ? keywords.map((keyword) => keyword.toLowerCase())
    : null;
  let pattern: RegExp | undefined;
  return (text) => {
    if (plain) {
      const folded = foldedForContains(text);
      if (!plain.some((keyword) => folded.includes(keyword))) return false;
    }
    pattern ??= new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${keywords.map(escapeRegExp).join('|')})(?:e?s)?(?![\\p{L}\\p{N}])`,
      'iu',
    );
    return pattern.test(text);
  };
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The text lower-cased so that it contains every ASCII keyword the case-insensitive pattern can
 * find in it: the only other characters that fold to ASCII are the Kelvin sign, which
 * `toLowerCase` already makes 'k', and the long s, made 's' here. (More matches than the
 * pattern's are fine: this only rules texts out.)
 */
function foldedForContains(text: string): string {
  return text.toLowerCase().replaceAll('\u017f', 's');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

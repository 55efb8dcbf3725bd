/**
 * Whole-word keyword matching, shared by the category and logo rules.
 *
 * A keyword matches as a whole word or phrase, also with a plural 's' or 'es', so 'cart' finds
 * 'Carts' but not 'cartoon', and 'pen' finds 'vape pens' but not 'open'. Matching is
 * case-insensitive; hyphens and spaces inside a keyword match literally.
 */
export function keywordMatcher(keywords: readonly string[]): (text: string) => boolean {
  if (keywords.length === 0) return () => false;
  // Built on the first test, not when the module loads: the logo and category tables make about
  // 80 of these Unicode patterns, and building them all held up the page's first paint (issue 11).
  let pattern: RegExp | undefined;
  return (text) => {
    pattern ??= new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${keywords.map(escapeRegExp).join('|')})(?:e?s)?(?![\\p{L}\\p{N}])`,
      'iu',
    );
    return pattern.test(text);
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

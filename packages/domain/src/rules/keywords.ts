/**
 * Whole-word keyword matching, shared by the category and logo rules.
 *
 * A keyword matches as a whole word or phrase, also with a plural 's' or 'es', so 'cart' finds
 * 'Carts' but not 'cartoon', and 'pen' finds 'vape pens' but not 'open'. Matching is
 * case-insensitive; hyphens and spaces inside a keyword match literally.
 */
export function keywordMatcher(keywords: readonly string[]): (text: string) => boolean {
  if (keywords.length === 0) return () => false;
  const alternatives = keywords.map(escapeRegExp).join('|');
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${alternatives})(?:e?s)?(?![\\p{L}\\p{N}])`,
    'iu',
  );
  return (text) => pattern.test(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

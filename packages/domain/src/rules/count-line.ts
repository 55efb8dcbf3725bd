import { wholeNumberText } from './number-text';

/** What the count line above the deal list is computed from. */
export interface CountLineInput {
  /** Deals left after every filter and the search (all pages together). */
  shown: number;
  /** Deals loaded before filtering. */
  total: number;
  /** The search box's text, as typed. */
  search?: string;
}

/**
 * The count line (spec section 2): 'Found N deals'; when searching, 'Found N deals matching
 * "search"'; when filters hide some deals, ' (of M total)' is appended. Decisions: one deal reads
 * 'Found 1 deal' (singular; zero and every other count are plural); the search is shown trimmed,
 * inside straight double quotes, as typed otherwise (not cut, quotes inside not escaped), and a
 * blank search counts as no search; '(of M total)' appears exactly when shown < total, whether a
 * filter or the search made the difference; numbers use en-US thousands separators ('1,234').
 */
export function countLine({ shown, total, search = '' }: CountLineInput): string {
  const noun = shown === 1 ? 'deal' : 'deals';
  const query = search.trim();
  const matching = query === '' ? '' : ` matching "${query}"`;
  const of = shown < total ? ` (of ${wholeNumberText(total)} total)` : '';
  return `Found ${wholeNumberText(shown)} ${noun}${matching}${of}`;
}

import type { Deal } from '../contract/deal';

/**
 * Case-insensitive substring search (spec section 5) on the title, or on the description when the
 * title is blank. A blank query matches everything.
 */
export function matchesSearch(deal: Pick<Deal, 'title' | 'description'>, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const haystack = deal.title.trim() ? deal.title : deal.description;
  return haystack.toLowerCase().includes(needle);
}

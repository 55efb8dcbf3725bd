import type { Deal } from '../contract/deal';

export type SearchableDeal = Pick<Deal, 'title' | 'description' | 'brand' | 'dispensary'>;

/**
 * Case-insensitive substring search. The spec (section 5) reads the title, or the description
 * when the title is blank; the page widens it to the title, the description, the brand and the
 * dispensary's name (the location-denied text promises search by dispensary name). A blank query
 * matches everything. (The list filter finds the needle with `needleAt` in texts it keeps.)
 */
export function matchesSearch(deal: SearchableDeal, query: string): boolean {
  return needleAt(searchText(deal), searchNeedle(query)) >= 0;
}

/** What a query is looked for as: trimmed and lower-cased, worked out once per search. */
export function searchNeedle(query: string): string {
  return query.trim().toLowerCase();
}

/**
 * Where the needle first occurs in a deal's search text, -1 when it does not: the search itself,
 * for a list filter that also wants the place (a blank needle is at 0, it matches everything).
 */
export function needleAt(text: string, needle: string): number {
  return needle === '' ? 0 : text.indexOf(needle);
}

/** The lower-cased text a deal is searched in; the page works it out once per data change. */
export function searchText(deal: SearchableDeal): string {
  return [deal.title, deal.description, deal.brand ?? '', deal.dispensary ?? '']
    .join('\n')
    .toLowerCase();
}

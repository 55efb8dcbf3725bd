import { PAGE_DEAL_FIELDS, type Deal } from './deal';

/**
 * The most the page view carries of a deal's longer strings: what the page can show or search
 * (the card shows 60 characters of a title and a description under 80; search and the DEAL badge
 * read a little further), not what a menu may send. One source with 2,000 deals of 1,000-character
 * texts and 900-character URLs would otherwise grow every visitor's download to megabytes. The
 * full view keeps every character.
 */
export const PAGE_VIEW_LIMITS = { title: 200, description: 300, url: 600 } as const;

export type PageDeal = Partial<Pick<Deal, (typeof PAGE_DEAL_FIELDS)[number]>>;

/**
 * A deal as the page view sends it: only the fields the page reads, texts cut to their bound
 * (in code points, so no character is split), and a link or picture longer than its bound left
 * out (a cut address leads nowhere; the card then shows no picture, or no link).
 */
export function pageDealOf(deal: Deal): PageDeal {
  const page: Record<string, unknown> = {};
  for (const field of PAGE_DEAL_FIELDS) page[field] = deal[field];
  page.title = bounded(deal.title, PAGE_VIEW_LIMITS.title);
  page.description = bounded(deal.description, PAGE_VIEW_LIMITS.description);
  if (deal.imageUrl.length > PAGE_VIEW_LIMITS.url) page.imageUrl = '';
  if (deal.sourceUrl.length > PAGE_VIEW_LIMITS.url) page.sourceUrl = '';
  return page;
}

function bounded(text: string, max: number): string {
  // Most texts are far under the bound: only a long one pays for the code point split.
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

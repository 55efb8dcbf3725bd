import type { CheerioAPI } from 'cheerio';

/** Words a page uses to say it is about deals: its address, its title or its first heading. */
const DEALS_WORD =
  /\b(?:deals?|specials?|promos?|promotions?|offers?|discounts?|sales?|savings?|coupons?)\b/i;
const MAX_NAME_CHARS = 300;

/**
 * Whether the page is a deals page (its address, <title> or first <h1> names deals, specials,
 * promotions or offers) rather than a homepage or menu. On a deals page every offer is a deal,
 * the one told only in the header's announcement strip included; elsewhere that strip is the
 * site's chrome, repeated on every page. Read before the page's furniture is removed.
 */
export function isDealsPage($: CheerioAPI, pageUrl: string): boolean {
  const names = [
    pathOf(pageUrl),
    $('title').first().text().slice(0, MAX_NAME_CHARS),
    $('h1').first().text().slice(0, MAX_NAME_CHARS),
  ];
  return names.some((name) => DEALS_WORD.test(name));
}

/** The address's path as words ('/weekly-specials/' -> ' weekly specials '). */
function pathOf(pageUrl: string): string {
  try {
    return new URL(pageUrl).pathname.slice(0, MAX_NAME_CHARS).replace(/[/_.-]+/g, ' ');
  } catch {
    return '';
  }
}

/**
 * The store's name as the page gives it: its og:site_name, else the parts of its <title> that
 * do not name deals ('Deals | Carondelet Leaf' -> 'Carondelet Leaf'). Read before the page's
 * furniture is removed.
 */
export function siteNameOf($: CheerioAPI): string {
  const site = $('meta[property="og:site_name"]').attr('content')?.slice(0, MAX_NAME_CHARS).trim();
  if (site) return site;
  return $('title')
    .first()
    .text()
    .slice(0, MAX_NAME_CHARS)
    .split(/\s[|–—·-]\s|\s*\|\s*/)
    .filter((part) => !DEALS_WORD.test(part))
    .join(' ');
}

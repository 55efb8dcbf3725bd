import type { LinkKind } from '@stl-deals/domain';

/**
 * The platforms' public sites, where a deal's deep link leads a visitor (platforms.md 1.5, 2.4,
 * 3.3, 4). Adapters write every link for these sites; `siteUrls` in the platforms configuration
 * says where each is served (the real site by default; demo mode's simulator serves a page for
 * every link it makes), and `onSite` moves a link there.
 */
export const PLATFORM_SITES = {
  dutchie: 'https://dutchie.com',
  jane: 'https://www.iheartjane.com',
  weedmaps: 'https://weedmaps.com',
  leafly: 'https://www.leafly.com',
} as const;

/** Where each platform's public site is served: an origin per platform of `PLATFORM_SITES`. */
export type SiteUrls = Record<keyof typeof PLATFORM_SITES, string>;

const SITES = Object.entries(PLATFORM_SITES) as Array<[keyof SiteUrls, string]>;

/**
 * `url` on the site `sites` serves it at, when it is a link to one of the platforms' public sites
 * and that site is served elsewhere; any other link as it is.
 */
export function onSite(url: string, sites: SiteUrls): string {
  for (const [platform, site] of SITES) {
    const served = sites[platform];
    if (
      served !== site &&
      (url === site || url.startsWith(`${site}/`) || url.startsWith(`${site}?`))
    ) {
      return `${served.replace(/\/+$/, '')}${url.slice(site.length)}`;
    }
  }
  return url;
}

/** A deal's link and where it leads, as a deal carries them. */
export interface DealLink {
  sourceUrl: string;
  linkKind: LinkKind;
}

/** A link to the product's own page; undefined without one. */
export const productPageLink = (url: string | undefined): DealLink | undefined =>
  url ? { sourceUrl: url, linkKind: 'product' } : undefined;

/** A link to the store's specials or menu page; undefined without one. */
export const storePageLink = (url: string | undefined): DealLink | undefined =>
  url ? { sourceUrl: url, linkKind: 'menu' } : undefined;

/**
 * A link a store's own page gives a deal (a card's link, a JSON-LD offer's `url`), else the page
 * itself: the product's page when it leads elsewhere, the store's page when it is that page (or a
 * place on it, `#product`).
 */
export function linkFromPage(url: string | undefined, pageUrl: string): DealLink | undefined {
  if (!url || withoutFragment(url) === withoutFragment(pageUrl))
    return storePageLink(url ?? pageUrl);
  return productPageLink(url);
}

const withoutFragment = (url: string) => url.replace(/#.*$/, '');

import { PLATFORM_SITES } from '../shared/site-links';

/**
 * Deep links a visitor follows (research 1.5). They point at dutchie.com itself, not at the
 * configured API base: a visitor needs the store's page, wherever its menu was read from (where
 * the site is served is `siteUrls`, see site-links.ts).
 */
const DUTCHIE_SITE = PLATFORM_SITES.dutchie;

const storePage = (cName: string) => `${DUTCHIE_SITE}/dispensary/${encodeURIComponent(cName)}`;

/** `/dispensary/<cName>/product/<product cName>`: singular `product`, the plural does not resolve. */
export function productLink(cName: string, productCName: string | undefined): string {
  return productCName
    ? `${storePage(cName)}/product/${encodeURIComponent(productCName)}`
    : storePage(cName);
}

/** The store's specials page, where every special card is listed. */
export const specialsLink = (cName: string) => `${storePage(cName)}/specials`;

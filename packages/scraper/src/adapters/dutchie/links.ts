/**
 * Deep links a visitor follows (research 1.5). They always point at dutchie.com itself, not at the
 * configured API base: a visitor needs the real store page even when the scraper read a stand-in.
 */
const DUTCHIE_SITE = 'https://dutchie.com';

const storePage = (cName: string) => `${DUTCHIE_SITE}/dispensary/${encodeURIComponent(cName)}`;

/** `/dispensary/<cName>/product/<product cName>`: singular `product`, the plural does not resolve. */
export function productLink(cName: string, productCName: string | undefined): string {
  return productCName
    ? `${storePage(cName)}/product/${encodeURIComponent(productCName)}`
    : storePage(cName);
}

/** The store's specials page, where every special card is listed. */
export const specialsLink = (cName: string) => `${storePage(cName)}/specials`;

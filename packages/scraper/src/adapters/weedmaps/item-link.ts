import { text } from '../shared/deal-fields';
import { firstHttpUrl } from '../shared/links';
import { productPageLink, storePageLink, type DealLink } from '../shared/site-links';
import { isSlug, menuPage, WEEDMAPS_SITE } from './listing';

/**
 * The item's deep link, https://weedmaps.com/dispensaries/<listing>/menu/<item slug>
 * (platforms.md 3.3); else the link the item itself gives to its page (the JSON:API item's
 * `links.order`, that same page); else the listing's menu page.
 */
export function itemLink(
  listing: string | undefined,
  itemSlug: unknown,
  ...ownLinks: unknown[]
): DealLink | undefined {
  const slug = text(itemSlug);
  if (listing && isSlug(slug)) {
    return productPageLink(`${WEEDMAPS_SITE}/dispensaries/${listing}/menu/${slug}`);
  }
  return (
    productPageLink(firstHttpUrl(...ownLinks)) ??
    storePageLink(listing ? menuPage(listing) : undefined)
  );
}

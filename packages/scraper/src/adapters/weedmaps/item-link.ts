import { text } from '../shared/deal-fields';
import { firstHttpUrl } from '../shared/links';
import { isSlug, menuPage, WEEDMAPS_SITE } from './listing';

/**
 * The item's deep link, https://weedmaps.com/dispensaries/<listing>/menu/<item slug>
 * (platforms.md 3.3); else a link the item itself gives; else the listing's menu page.
 */
export function itemLink(
  listing: string | undefined,
  itemSlug: unknown,
  ...ownLinks: unknown[]
): string | undefined {
  const slug = text(itemSlug);
  if (listing && isSlug(slug)) return `${WEEDMAPS_SITE}/dispensaries/${listing}/menu/${slug}`;
  return firstHttpUrl(...ownLinks) ?? (listing ? menuPage(listing) : undefined);
}

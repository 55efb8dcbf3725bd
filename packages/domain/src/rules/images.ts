import type { Deal } from '../contract/deal';
import type { DealCategory } from '../contract/values';
import { BRAND_LOGOS } from '../data/brand-logos';
import { DISPENSARY_LOGOS } from '../data/dispensary-logos';
import { cardImages } from './card-images';
import { keywordMatcher } from './keywords';

// The choice of a deal's logos (spec section 3, 'Derived images'). The service runs it once per
// deal and sends the result as `logoUrls`; the page only tries what it is sent (`cardImages`),
// so these tables and the keyword matcher stay out of its JavaScript.

const BRAND_MATCHERS = BRAND_LOGOS.map((entry) => ({
  logo: entry.logo,
  inText: keywordMatcher(entry.keywords),
  inBrandField: keywordMatcher([...entry.keywords, ...(entry.brandFieldKeywords ?? [])]),
}));

const DISPENSARY_MATCHERS = DISPENSARY_LOGOS.map((entry) => ({
  logo: entry.logo,
  matches: keywordMatcher(entry.keywords),
}));

/** The brand logo for a deal: its `brand` field first, then safe keywords in its text. */
export function brandLogoFor(deal: Pick<Deal, 'title' | 'description' | 'brand'>): string | null {
  const { brand } = deal;
  if (brand) {
    const byField = BRAND_MATCHERS.find((m) => m.inBrandField(brand));
    if (byField) return byField.logo;
  }
  const text = `${deal.title} ${deal.description}`;
  return BRAND_MATCHERS.find((m) => m.inText(text))?.logo ?? null;
}

/** The chain logo for a dispensary, from keywords in its name. */
export function dispensaryLogoFor(dispensaryName: string | undefined): string | null {
  if (!dispensaryName) return null;
  return DISPENSARY_MATCHERS.find((m) => m.matches(dispensaryName))?.logo ?? null;
}

/**
 * What the service sends as a deal's `logoUrls`: its brand's logo, then its dispensary's chain
 * logo, each when known (none, one or two paths the page serves). Run it on the deal stamped
 * with the registry's dispensary name.
 */
export function logoUrlsFor(
  deal: Pick<Deal, 'title' | 'description' | 'brand' | 'dispensary'>,
): string[] {
  const logos = [brandLogoFor(deal), dispensaryLogoFor(deal.dispensary)];
  return [...new Set(logos.filter((url): url is string => url !== null))];
}

/**
 * The images the card of a deal tries, in order, when the service sent it `logoUrlsFor(deal)`:
 * the deal's own image, its brand's and chain's logos, its category's image (see `cardImages`).
 */
export function imageCandidates(
  deal: Pick<Deal, 'title' | 'description' | 'brand' | 'imageUrl' | 'dispensary'>,
  category: DealCategory,
): string[] {
  return cardImages({ imageUrl: deal.imageUrl, logoUrls: logoUrlsFor(deal) }, category);
}

import type { Deal } from '../contract/deal';
import type { DealCategory } from '../contract/values';
import { BRAND_LOGOS } from '../data/brand-logos';
import { DISPENSARY_LOGOS } from '../data/dispensary-logos';
import { keywordMatcher } from './keywords';
import { safeHttpUrl } from './url';

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

export function categoryImageFor(category: DealCategory): string {
  return `/images/categories/${category}.svg`;
}

/**
 * The images a card tries, in order (spec section 3): the deal's own image when it is an http(s)
 * URL, then the brand logo, the dispensary's logo and the category image. The card moves to the
 * next one when an image fails to load or is too small, and shows `imagePlaceholder` after the last.
 */
export function imageCandidates(
  deal: Pick<Deal, 'title' | 'description' | 'brand' | 'imageUrl' | 'dispensary'>,
  category: DealCategory,
): string[] {
  const chain = [
    safeHttpUrl(deal.imageUrl),
    brandLogoFor(deal),
    dispensaryLogoFor(deal.dispensary),
    categoryImageFor(category),
  ].filter((url): url is string => url !== null);
  return [...new Set(chain)];
}

const PLACEHOLDERS: Record<DealCategory, { emoji: string; text: string }> = {
  flower: { emoji: '🌿', text: 'Flower' },
  edibles: { emoji: '🍬', text: 'Edibles' },
  concentrates: { emoji: '🍯', text: 'Concentrates' },
  vapes: { emoji: '💨', text: 'Vapes' },
  'pre-rolls': { emoji: '🚬', text: 'Pre-Rolls' },
  topicals: { emoji: '🧴', text: 'Topicals' },
  accessories: { emoji: '🔥', text: 'Accessories' },
  other: { emoji: '🏷️', text: 'Deal' },
};

/** The last resort of the image chain: an emoji and a word for the category. */
export function imagePlaceholder(category: DealCategory): { emoji: string; text: string } {
  return PLACEHOLDERS[category];
}

/** The spec's minimum: an image narrower or shorter than 50 px is treated as missing. */
export const MIN_IMAGE_PX = 50;

export function isImageTooSmall(width: number, height: number): boolean {
  return width < MIN_IMAGE_PX || height < MIN_IMAGE_PX;
}

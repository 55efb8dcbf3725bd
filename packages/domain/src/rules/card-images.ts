import type { Deal } from '../contract/deal';
import type { DealCategory } from '../contract/values';
import { safeHttpUrl } from './url';

/**
 * The images a card tries, in order (spec section 3): the deal's own image when it is an http(s)
 * URL, then the logos the service chose for it (`logoUrls`: its brand's, then its chain's; see
 * `logoUrlsFor`), then its category's image. The card moves to the next one when an image fails
 * to load or is smaller than `MIN_IMAGE_PX`, and shows `imagePlaceholder` after the last.
 *
 * Decision: the page reads the logos the service derives, as it reads the category, so its first
 * load carries neither the logo tables nor the keyword matcher. A backend that sends no
 * `logoUrls` gets the deal's own image, the category image and the placeholder.
 */
export function cardImages(
  deal: Pick<Deal, 'imageUrl' | 'logoUrls'>,
  category: DealCategory,
): string[] {
  const chain = [safeHttpUrl(deal.imageUrl), ...(deal.logoUrls ?? []), categoryImageFor(category)];
  return [...new Set(chain.filter((url): url is string => url !== null))];
}

export function categoryImageFor(category: DealCategory): string {
  return `/images/categories/${category}.svg`;
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

import type { Deal } from '../contract/deal';

/** Text that marks scraped page furniture rather than a deal (spec section 5). */
export const JUNK_MARKERS: readonly string[] = [
  '/* logo height */',
  'css styles',
  'cannabis 101flower',
  'find your location',
  'cannabis events',
];

/** The spec's minimum: deal text must be longer than 8 characters. */
export const MIN_DEAL_TEXT_LENGTH = 9;

/** Words that open a bare product line such as 'Flower 3.5g' (a menu row, not a deal). */
const PRODUCT_WORDS = [
  'flower',
  'eighth',
  'quarter',
  'half',
  'ounce',
  'oz',
  'gram',
  'grams',
  'pre-roll',
  'pre-rolls',
  'preroll',
  'prerolls',
  'joint',
  'joints',
  'vape',
  'vapes',
  'cart',
  'carts',
  'cartridge',
  'cartridges',
  'pen',
  'edible',
  'edibles',
  'gummy',
  'gummies',
  'chocolate',
  'concentrate',
  'concentrates',
  'wax',
  'shatter',
  'rosin',
  'resin',
  'live resin',
  'topical',
  'balm',
  'tincture',
];

// The spec's contact-address marker is a dispensary's e-mail; we keep no contact list, so any
// e-mail address marks the text as contact information. Both expressions run in time linear in
// the text (the service judges every text it serves, of any length): an address is found by the
// one character before its '@' (one is there whenever more are), and no two parts of the size
// and price can take the same characters, so a text that fails is never tried again in pieces.
const EMAIL = /[a-z0-9._%+-]@[a-z0-9.-]+\.[a-z]{2,}/;
// Letters, a number, a unit, then a $price and nothing more: 'Blue Dream 3.5g $35'.
const SIZE_AND_PRICE =
  /^[\p{L}][\p{L}\s'&.-]*\d+(?:\.\d+)?\s*(?:g|mg|ml|oz)\b[\s:|–-]*\$\s?\d+(?:\.\d{1,2})?$/u;
const PRODUCT_THEN_NUMBER = new RegExp(`^(?:${PRODUCT_WORDS.join('|')})\\s*\\d`);
const DEAL_WORDS = ['deal', 'special', 'off', '%'];

export type JunkReason = 'too-short' | 'junk-marker' | 'size-and-price' | 'bare-product';

/**
 * Why a deal is hidden by the spec's cleaning rules, or null when it is kept. The rules read the
 * lowercased title and description joined by a space.
 */
export function junkReason(deal: Pick<Deal, 'title' | 'description'>): JunkReason | null {
  const text = [deal.title, deal.description]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  if (text.length < MIN_DEAL_TEXT_LENGTH) return 'too-short';
  if (JUNK_MARKERS.some((marker) => text.includes(marker)) || EMAIL.test(text))
    return 'junk-marker';
  if (SIZE_AND_PRICE.test(text)) return 'size-and-price';
  if (
    text.length < 25 &&
    PRODUCT_THEN_NUMBER.test(text) &&
    !DEAL_WORDS.some((word) => text.includes(word))
  ) {
    return 'bare-product';
  }
  return null;
}

export function isCleanDeal(deal: Pick<Deal, 'title' | 'description'>): boolean {
  return junkReason(deal) === null;
}

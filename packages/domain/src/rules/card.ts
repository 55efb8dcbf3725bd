import type { Deal } from '../contract/deal';
import type { CategoryFilter } from '../contract/options';
import type { DealCategory } from '../contract/values';
import { decimalText } from './number-text';

/** The texts of a deal that the card rules read. */
export type DealText = Pick<Deal, 'title' | 'description'>;

/**
 * 'off' standing alone (no letter on either side) or a '%' anywhere, ignoring case. Decision: the
 * spec says "contains 'off'", but a bare substring would badge 'coffee', 'offer' and 'kickoff';
 * only letters break the word, so '$5 off', 'OFF', '5off', '30%OFF' and 'off-peak' all count.
 */
const DEAL_MARKER = /%|(?<!\p{L})off(?!\p{L})/iu;

/** The card's 'DEAL' badge (spec section 5): the title or the description names a discount. */
export function hasDealBadge(deal: DealText): boolean {
  return DEAL_MARKER.test(deal.title) || DEAL_MARKER.test(deal.description);
}

/** The card's cut (spec sections 5 and 9): titles and descriptions stop at 60 characters. */
export const CARD_TEXT_MAX = 60;

/**
 * `text` unchanged when it has at most `max` characters, else its first `max` characters plus
 * '...' (spec section 5). Decisions: characters are Unicode code points, so an emoji outside the
 * Basic Multilingual Plane is never split in half (a multi-code-point sequence such as a flag or
 * a ZWJ family may still be cut between its parts); the ellipsis is three ASCII dots and is not
 * counted in `max`; whitespace before it is kept as is. A fractional `max` is rounded down, a
 * negative one counts as 0, and NaN leaves the text uncut.
 */
export function cutText(text: string, max: number = CARD_TEXT_MAX): string {
  if (Number.isNaN(max)) return text;
  const limit = Math.max(0, Math.floor(max));
  const codePoints = Array.from(text);
  return codePoints.length > limit ? `${codePoints.slice(0, limit).join('')}...` : text;
}

/** A secondary description must be shorter than this many characters (spec section 9). */
export const SECONDARY_DESCRIPTION_LIMIT = 80;

/**
 * The description the card shows under the title (spec section 5), or null when it shows none:
 * the description must be non-blank, differ from the title, and be shorter than 80 characters.
 * Decisions: title and description are compared trimmed and case-insensitively; the length is
 * the trimmed description's, in code points; the trimmed description is returned uncut (the card
 * applies `cutText` to it as to any description).
 */
export function secondaryDescription(deal: DealText): string | null {
  const description = deal.description.trim();
  if (description === '') return null;
  if (description.toLowerCase() === deal.title.trim().toLowerCase()) return null;
  return Array.from(description).length < SECONDARY_DESCRIPTION_LIMIT ? description : null;
}

/**
 * The category chip (spec section 5) shows only while every category is listed (the filter is
 * 'all'; under a single category the chip would repeat the filter) and only for a real category,
 * never 'other'.
 */
export function showCategoryChip(categoryFilter: CategoryFilter, category: DealCategory): boolean {
  return categoryFilter === 'all' && category !== 'other';
}

const PARENTHESISED = /\([^()]*\)/g;
const NAME_SUFFIXES = [
  /\s+[-–—]\s*St\.?\s+Peters$/iu,
  /\s+[-–—]\s*St\.?\s+Louis$/iu,
  /\s+Cannabis$/iu,
];

/**
 * The short dispensary name on the chip (spec section 5): parenthesised text is removed and the
 * suffixes ' - St. Peters', ' - St. Louis' and ' Cannabis' are stripped, so the chip stays short;
 * a leading store emoji is kept. Decisions: parentheses are removed anywhere in the name (nested
 * ones too, an unclosed '(' is left); the suffixes are removed only at the end of the name, in
 * any order and as often as they occur ('X Cannabis - St. Louis' gives 'X'); they match ignoring
 * case, with an en or em dash as well as a hyphen and with or without the dot after 'St'; runs of
 * spaces left behind become one and the result is trimmed. When nothing would be left, the
 * trimmed original name is kept so the chip is never blank for a named store.
 */
export function dispensaryChipName(name: string): string {
  let short = name;
  let previous: string;
  do {
    previous = short;
    short = short.replace(PARENTHESISED, ' ');
  } while (short !== previous);
  short = short.replace(/\s+/g, ' ').trim();
  do {
    previous = short;
    for (const suffix of NAME_SUFFIXES) short = short.replace(suffix, '').trim();
  } while (short !== previous);
  return short === '' ? name.replace(/\s+/g, ' ').trim() : short;
}

/**
 * The distance chip's text (spec section 5): the distance with one decimal plus ' mi', e.g.
 * '3.2 mi', or null when the distance is not finite (unknown location), so the chip is hidden.
 * Decisions: rounding is half away from zero on the decimal value; thousands are separated as in
 * en-US ('1,234.5 mi'); a negative distance is not a distance and gives null; -0 reads '0.0 mi'.
 * A distance to approximate coordinates (a ZIP centroid) reads '~2.3 mi', so that it is not
 * taken for the distance to the door.
 */
export function distanceChipText(miles: number, approximate = false): string | null {
  if (!Number.isFinite(miles) || miles < 0) return null;
  return `${approximate ? '~' : ''}${decimalText(miles, 1)} mi`;
}

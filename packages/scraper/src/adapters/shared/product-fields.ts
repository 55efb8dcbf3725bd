import {
  LIMITS,
  strainTypeOf as domainStrainTypeOf,
  type DealCategory,
  type StrainType,
} from '@stl-deals/domain';
import { mapCategory, text } from './deal-fields';

/**
 * Readers of a menu product's own facts that the menu adapters share: its category, its strain
 * type, a stated percent and the card's title. Each takes what a hostile payload holds and returns
 * what a deal card shows, or undefined.
 */

/**
 * The spec's category from the platform's category names, most specific last: the first name
 * that maps to a known category wins (a platform's own 'Big Buds' or 'Smalls' is less telling
 * than its parent 'Flower', and 'Oral' falls through to its product type 'Tablets'); 'other'
 * when names are given but none is known.
 */
export function categoryOf(...names: unknown[]): DealCategory | undefined {
  const mapped = names.map(mapCategory).filter((category) => category !== undefined);
  return mapped.find((category) => category !== 'other') ?? mapped[0];
}

/**
 * A strain field as the deal files it: Indica, Sativa, Hybrid or CBD (`strainTypeOf`, the
 * domain's rule: 'I', 'HYBRID_SATIVA', 'High CBD' read as the card's four); undefined for
 * anything else, such as Jane's `category` 'Gummies' on an edible.
 */
export function strainTypeOf(value: unknown): StrainType | undefined {
  return domainStrainTypeOf(text(value, 100));
}

const NO_STRAIN = /^(?:n\/?a|na|none|null|unknown|not applicable)$/i;

/**
 * A strain-type field as a visitor reads it: 'HYBRID_SATIVA' -> 'Hybrid Sativa'; undefined for
 * 'NA'. For a field that only ever names a strain type, in the platform's own words.
 */
export function strainTypeText(value: unknown): string | undefined {
  const raw = text(value)?.replace(/[_-]+/g, ' ');
  if (!raw || NO_STRAIN.test(raw)) return undefined;
  return raw.toLowerCase().replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

/** 1 to 99 whole percent, or undefined. */
export function wholePercent(value: number | undefined): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  const percent = Math.round(value);
  return percent >= 1 && percent <= 99 ? percent : undefined;
}

/**
 * 'Brand Name' for a card title; the brand is left out when the name already starts with it
 * ('Proper | Jealousy | 3.5g' by Proper, 'Gron | Tart Cherry Pearls' by Grön), so it is not read
 * twice. Undefined without a name.
 */
export function productTitle(
  brand: string | undefined,
  name: string | undefined,
): string | undefined {
  if (!name) return undefined;
  if (!brand || fold(name).startsWith(fold(brand))) return name;
  return text(`${brand} ${name}`, LIMITS.text) ?? name;
}

/** Lowercase letters and digits only, accents dropped: 'Grön' and 'Gron' compare equal. */
function fold(value: string): string {
  return value
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]|\p{M}/gu, '');
}

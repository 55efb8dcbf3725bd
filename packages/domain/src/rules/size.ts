import {
  AMOUNT_IN_TEXT,
  isPiece,
  measureOf,
  NAMED,
  NAMED_IN_TEXT,
  RATIO_DOSES,
  WHOLE,
  type AmountParts,
  type Measure,
} from './size-grammar';

/**
 * The one size reader: what a menu's size fields and product names say a product weighs (grams)
 * or holds (milligrams, the dose of an edible). Sizes are read, never guessed: a text it cannot
 * read as a whole ('1gC', 'N/A', 'XL') is no size, so a raw platform label never reaches the card
 * as one. The adapters read deals' sizes with it, and the product key tells sizes apart with it.
 */

export type { Measure } from './size-grammar';
export { sizeInText, statedSize, type StatedSize } from './name-size';

const NAMED_ANYWHERE = new RegExp(NAMED_IN_TEXT.source, 'gi');

/**
 * A size field read as a whole: '3.5g', '3.5 Grams', '1/8 oz', '1/8oz', '100mg', 'eighth ounce',
 * '10 x 10mg' and '10mg ea | 10-Pack' (a pack's total), '.5g'; undefined for anything else.
 */
export function readSize(value: unknown): Measure | undefined {
  if (typeof value !== 'string' || value.length > 60) return undefined;
  const words = value
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();
  const named = NAMED.get(words);
  if (named !== undefined) return { amount: named, unit: 'g' };
  const parts = WHOLE.exec(words)?.groups as AmountParts | undefined;
  if (!parts) return undefined;
  // '10mg each' alone is one piece's dose, not the product's.
  return isPiece(parts) ? undefined : measureOf(parts);
}

/** '3.5g', '100mg': a measure as the card shows it. */
export function sizeText(measure: Measure): string {
  return `${measure.amount}${measure.unit}`;
}

/**
 * The text with every size it states blanked out ('Blue Dream 1/8 oz Smalls' -> 'Blue Dream
 * Smalls'), pack counts, a ratio's doses and named weights ('eighth', 'half ounce') with them:
 * what is left names the product, whatever size it is sold in. The cannabinoid a dose is marked
 * as stays ('Tincture 1000mg CBD' -> 'Tincture CBD'): it tells products apart.
 */
export function withoutSizes(value: string): string {
  return value
    .replace(RATIO_DOSES, ' ')
    .replace(AMOUNT_IN_TEXT, (...args: unknown[]) => {
      const groups = args.at(-1) as AmountParts;
      return ` ${groups.cannabinoid ?? ''} `;
    })
    .replace(NAMED_ANYWHERE, ' ');
}

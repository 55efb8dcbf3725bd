import {
  readPotencies,
  readSize,
  type DealCategory,
  type Potencies,
  type StatedFigure,
  type StatedPotencies,
} from '@stl-deals/domain';

/**
 * Readers of a menu product's potency fields that the adapters share. An adapter only says where
 * its platform keeps the figures and their units (`figure`); what they mean for the product, its
 * form, its pack and the traps of per-serving milligrams, THCa, placeholders and fractions, is the
 * domain's rule (`readPotencies`), applied here with the product's own size and words.
 */

/** Numbers per figure read at most (a range has two). */
const MAX_VALUES = 10;

/**
 * A stated figure from a platform's fields: one number or numeric string, or a list of them (a
 * range, `[21, 22]`), with the unit word as the platform writes it. Undefined when it states
 * nothing.
 */
export function figure(values: unknown, unit?: unknown, per?: 'serving'): StatedFigure | undefined {
  const numbers = (Array.isArray(values) ? (values as unknown[]) : [values])
    .slice(0, MAX_VALUES)
    .filter((value) => typeof value === 'number' || typeof value === 'string');
  if (numbers.length === 0) return undefined;
  return { values: numbers, unit, ...(per ? { per } : {}) };
}

/** What a product is, as its deal shows it: the potency rules read its figures for that. */
export interface PotencyProduct {
  category?: DealCategory;
  /** The size the deal shows ('3.5g', '10mg ea | 10-Pack'). */
  size?: string;
  /** The product's name and other words of its own that say how it is packed. */
  texts?: ReadonlyArray<string | undefined>;
}

/** The product's THC and CBD from the figures its platform states (see `readPotencies`). */
export function productPotencies(stated: StatedPotencies, product: PotencyProduct): Potencies {
  const measure = readSize(product.size);
  return readPotencies(stated, {
    category: product.category,
    grams: measure?.unit === 'g' ? measure.amount : undefined,
    packTexts: [product.size, ...(product.texts ?? [])],
  });
}

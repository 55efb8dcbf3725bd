import { MAX_MONEY } from '../contract/constants';
import type { Dispensary, DispensaryTax } from '../contract/dispensary';
import type { TaxChoice } from '../contract/options';
import { outTheDoorPrice, outTheDoorText, type TaxMode } from './out-the-door';

/**
 * Prices with tax, as the 'Prices with tax' switch shows them: the kind of sale and each
 * dispensary's rates by its key. The price sorts then order deals by the price the visitor sees
 * (see `sortDeals`), since one store's $30 can cost more at the register than another's $31.
 */
export interface PricesWithTax {
  mode: TaxMode;
  /** Each dispensary's rates by its key; a dispensary missing here has every part unknown. */
  rates: ReadonlyMap<string, DispensaryTax | undefined>;
  /**
   * `amount` with `dispensaryKey`'s taxes (`taxedAmount`). A function carried here, so that the
   * list's rules (the sorts) need not import the tax rule: the page loads it when the switch is
   * first turned on.
   */
  taxed(amount: number, dispensaryKey: string): number;
  /** The card's line for `amount` at `dispensaryKey`'s store: '~$27.43 with tax' (`outTheDoorText`). */
  line(amount: number, dispensaryKey: string): string;
}

/** The switch's choice made into prices with tax; null when it is off. */
export function pricesWithTax(
  mode: TaxChoice,
  dispensaries: readonly Pick<Dispensary, 'key' | 'tax'>[],
): PricesWithTax | null {
  if (mode === 'off') return null;
  const tax: PricesWithTax = {
    mode,
    rates: new Map(dispensaries.map((store) => [store.key, store.tax])),
    taxed: (amount, dispensaryKey) => taxedAmount(amount, dispensaryKey, tax),
    line: (amount, dispensaryKey) =>
      outTheDoorText(outTheDoorPrice(amount, tax.rates.get(dispensaryKey), mode)),
  };
  return tax;
}

/**
 * `amount` (a shelf price, or a price per unit) with the taxes of `dispensaryKey`'s store: the
 * `outTheDoorPrice` total, which is what the card shows; a part whose rate is unknown is left out
 * there and here alike. NaN for an amount that is no price (NaN, negative, beyond `MAX_MONEY`),
 * so that an unknown price stays unknown instead of failing the sort.
 */
export function taxedAmount(amount: number, dispensaryKey: string, tax: PricesWithTax): number {
  if (!(amount >= 0 && amount <= MAX_MONEY)) return Number.NaN;
  return outTheDoorPrice(amount, tax.rates.get(dispensaryKey), tax.mode).total;
}

import { MAX_MONEY } from '../contract/constants';
import type { Dispensary, DispensaryTax, TaxRatePart } from '../contract/dispensary';
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
   * What the price sorts order `amount` at `dispensaryKey`'s store by (`sortedTaxAmount`). A
   * function carried here, so that the list's rules (the sorts) need not import the tax rule: the
   * page loads it when the switch is first turned on.
   */
  taxed(amount: number, dispensaryKey: string): number;
  /** Whether a part of `dispensaryKey`'s tax is unknown: its price with tax is an estimate. */
  estimated(dispensaryKey: string): boolean;
  /** The card's line for `amount` at `dispensaryKey`'s store: '~$27.43 with tax' (`outTheDoorText`). */
  line(amount: number, dispensaryKey: string): string;
}

/** The switch's choice made into prices with tax; null when it is off. */
export function pricesWithTax(
  mode: TaxChoice,
  dispensaries: readonly Pick<Dispensary, 'key' | 'tax'>[],
): PricesWithTax | null {
  if (mode === 'off') return null;
  const rates = new Map(dispensaries.map((store) => [store.key, store.tax]));
  const floor = lowestKnownRates(dispensaries);
  const sortRates = new Map<string, DispensaryTax>();
  const estimates = new Map<string, boolean>();
  const sortRatesOf = (key: string): DispensaryTax => {
    let filled = sortRates.get(key);
    if (!filled) {
      const own = rates.get(key);
      filled = {
        localMarijuana: known(own?.localMarijuana) ?? floor.localMarijuana,
        sales: known(own?.sales) ?? floor.sales,
      };
      sortRates.set(key, filled);
    }
    return filled;
  };
  return {
    mode,
    rates,
    taxed: (amount, dispensaryKey) => sortedTaxAmount(amount, sortRatesOf(dispensaryKey), mode),
    estimated: (dispensaryKey) => {
      let estimate = estimates.get(dispensaryKey);
      if (estimate === undefined) {
        estimate = outTheDoorPrice(0, rates.get(dispensaryKey), mode).estimate;
        estimates.set(dispensaryKey, estimate);
      }
      return estimate;
    },
    line: (amount, dispensaryKey) =>
      outTheDoorText(outTheDoorPrice(amount, rates.get(dispensaryKey), mode)),
  };
}

/** A part whose rate is known, else undefined. */
const known = (part: TaxRatePart | undefined) =>
  part && part.rate !== null ? (part as TaxRatePart & { rate: number }) : undefined;

/**
 * The lowest rate of each part among the stores whose rate of it is known (0 when none is): what
 * a store whose rate is unknown is sorted at, the least its price with tax can come to here.
 */
function lowestKnownRates(dispensaries: readonly Pick<Dispensary, 'tax'>[]): DispensaryTax {
  const lowest = (part: keyof DispensaryTax) => {
    let rate = Number.POSITIVE_INFINITY;
    for (const { tax } of dispensaries) {
      const own = known(tax?.[part])?.rate;
      if (own !== undefined && own < rate) rate = own;
    }
    return Number.isFinite(rate) ? rate : 0;
  };
  return {
    localMarijuana: { rate: lowest('localMarijuana'), status: 'inferred' },
    sales: { rate: lowest('sales'), status: 'inferred' },
  };
}

/**
 * `amount` (a shelf price, or a price per unit) with a store's taxes as the price sorts count them:
 * the `outTheDoorPrice` total with each part the store's rate is unknown for taken at the lowest
 * rate of that part any listed store is known to charge (`lowestKnownRates`). So an estimate sorts
 * as the least it can be, never as if the unknown part were 0; the card shows the known parts and
 * names the rest ('(estimate: sales tax unknown)'), and on a tie the sorts put the complete price
 * first. NaN for an amount that is no price (NaN, negative, beyond `MAX_MONEY`), so that an
 * unknown price stays unknown instead of failing the sort.
 */
function sortedTaxAmount(amount: number, rates: DispensaryTax, mode: TaxMode): number {
  if (!(amount >= 0 && amount <= MAX_MONEY)) return Number.NaN;
  return outTheDoorPrice(amount, rates, mode).total;
}

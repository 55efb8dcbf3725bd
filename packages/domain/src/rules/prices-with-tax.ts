import { MAX_MONEY } from '../contract/constants';
import type { Dispensary, DispensaryTax, TaxRatePart } from '../contract/dispensary';
import type { SortKey, TaxChoice } from '../contract/options';
import { byNumber, byNumberDescending, byUnitPriceOf, type Compare } from './compare';
import { thcPerDollar } from './thc-value';
import type { DealView } from './deal-view';
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
   * The comparators of a sort that reads a price (the price sorts, the unit price's), on the
   * prices with tax (`sortedTaxAmount`), the complete price first on a tie; null for any other
   * sort (a percent off or a distance is the same with tax). Carried here, so that the list's
   * rules (the sorts) need not import the tax rule: the page loads it when the switch is first
   * turned on.
   */
  comparators(key: SortKey, views: readonly DealView[]): readonly Compare[] | null;
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
  const estimated = (dispensaryKey: string) => {
    let estimate = estimates.get(dispensaryKey);
    if (estimate === undefined) {
      estimate = outTheDoorPrice(0, rates.get(dispensaryKey), mode).estimate;
      estimates.set(dispensaryKey, estimate);
    }
    return estimate;
  };
  return {
    mode,
    rates,
    comparators: (key, views) => {
      // Each deal's price with tax worked out once here, not in every comparison.
      const amounts = (amountOf: (view: DealView) => number) => {
        const taxed = new Map<DealView, number>();
        for (const view of views) {
          const store = view.deal.dispensaryKey;
          taxed.set(view, sortedTaxAmount(amountOf(view), sortRatesOf(store), mode));
        }
        return (view: DealView) => taxed.get(view) ?? Number.NaN;
      };
      // Of equal prices with tax, the complete one first: the estimate may come to more.
      const completeFirst: Compare = (a, b) =>
        Number(estimated(a.deal.dispensaryKey)) - Number(estimated(b.deal.dispensaryKey));
      if (key === 'price-low' || key === 'price-high') {
        const price = amounts((view) => view.sortPrice);
        return key === 'price-low'
          ? [(a, b) => byNumber(price(a), price(b)), completeFirst]
          : [(a, b) => byNumberDescending(price(a), price(b)), completeFirst];
      }
      if (key === 'thc-value') {
        const price = amounts((view) => view.sortPrice);
        const value = (view: DealView) => thcPerDollar(view, price(view));
        return [(a, b) => byNumberDescending(value(a), value(b)), completeFirst];
      }
      if (key === 'unit-price') {
        return [
          byUnitPriceOf(amounts((view) => view.unitPrice?.amount ?? Number.NaN)),
          completeFirst,
        ];
      }
      return null;
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

import { MAX_MONEY } from '../contract/constants';
import type { Deal } from '../contract/deal';

/**
 * Why a deal's numbers were changed before it was published:
 * - `price-out-of-range`: a price (regular, sale or unit) that is not a number from 0 to
 *   MAX_MONEY (NaN, infinite, negative, absurd); that price is left out.
 * - `percent-out-of-range`: a `discountPercent` that is not a number from 0 to 100; left out.
 * - `sale-above-regular`: a sale price above the regular price. The numbers contradict each
 *   other and none can be told right, so the prices, the percent and the unit price are left out.
 * - `percent-from-prices`: a stated percent that the two prices do not give (99% off $40 for $30);
 *   the prices' own percent takes its place, or none when they show no saving.
 */
export const PRICE_PROBLEMS = [
  'price-out-of-range',
  'percent-out-of-range',
  'sale-above-regular',
  'percent-from-prices',
] as const;
export type PriceProblem = (typeof PRICE_PROBLEMS)[number];

type DealNumbers = Pick<Deal, 'regularPrice' | 'salePrice' | 'discountPercent' | 'unitPrice'>;

export interface CheckedPrices<T extends DealNumbers> {
  /** The deal with its numbers made consistent (the same object when nothing changed). */
  deal: T;
  /** What was changed, each problem once. */
  problems: PriceProblem[];
}

function isMoney(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_MONEY;
}

/**
 * The whole percent a sale price saves on a regular one, as the adapters reckon it; undefined
 * when it saves nothing (or rounds to nothing). Both prices are money and sale <= regular.
 */
function percentSaved(sale: number, regular: number): number | undefined {
  if (regular <= 0) return undefined;
  const percent = Math.round((1 - sale / regular) * 100);
  return percent > 0 ? percent : undefined;
}

/**
 * A scraped deal's prices and percent made consistent with each other and with the contract, so
 * that no impossible discount is published (nor put first: relevance sorts the deepest discount
 * first): each number that cannot be true is left out, and when both prices are known the
 * percent is theirs. What was changed is told, for the scrape's counts. The deal's text (its
 * price wording) is left as it is.
 */
export function checkDealPrices<T extends DealNumbers>(deal: T): CheckedPrices<T> {
  const problems = new Set<PriceProblem>();
  const checked: T = { ...deal };
  for (const name of ['regularPrice', 'salePrice'] as const) {
    if (checked[name] !== undefined && !isMoney(checked[name])) {
      delete checked[name];
      problems.add('price-out-of-range');
    }
  }
  if (checked.unitPrice !== undefined && !isMoney(checked.unitPrice.amount)) {
    delete checked.unitPrice;
    problems.add('price-out-of-range');
  }
  const stated = checked.discountPercent;
  if (
    stated !== undefined &&
    !(typeof stated === 'number' && Number.isFinite(stated) && stated >= 0 && stated <= 100)
  ) {
    delete checked.discountPercent;
    problems.add('percent-out-of-range');
  }
  const { regularPrice: regular, salePrice: sale } = checked;
  if (regular !== undefined && sale !== undefined) {
    if (sale > regular) {
      delete checked.regularPrice;
      delete checked.salePrice;
      delete checked.discountPercent;
      delete checked.unitPrice;
      problems.add('sale-above-regular');
    } else {
      const percent = percentSaved(sale, regular);
      if (checked.discountPercent !== undefined && checked.discountPercent !== percent) {
        problems.add('percent-from-prices');
      }
      if (percent === undefined) delete checked.discountPercent;
      else checked.discountPercent = percent;
    }
  }
  if (problems.size === 0 && checked.discountPercent === deal.discountPercent) {
    return { deal, problems: [] };
  }
  return { deal: checked, problems: [...problems] };
}

import type { SortKey } from '../contract/options';
import { DEAL_CATEGORIES } from '../contract/constants';
import type { DealView } from './deal-view';
import { onFirstUse } from './on-first-use';
import { byNumber, byNumberDescending, byUnitPriceOf, type Compare } from './compare';
import type { PricesWithTax } from './prices-with-tax';
import { thcPerDollar } from './thc-value';

/** The service's order: relevance, and the last word on every tie. */
const byRank: Compare = (a, b) => byNumber(a.rank, b.rank);

/**
 * The part of a dispensary name that is sorted on: the name without its leading store emoji,
 * spaces or punctuation. Decision: leading digits are kept ('3Fifteen' sorts under 3), since they
 * are part of the store's name.
 */
export function dispensarySortName(name: string): string {
  return name.replace(/^[^\p{L}\p{N}]+/u, '');
}

const NAME_COLLATOR = onFirstUse(
  () => new Intl.Collator('en-US', { sensitivity: 'base', numeric: true }),
);

/**
 * Dispensary names A to Z, ignoring case, accents and a leading emoji. Decisions: the collation
 * is fixed to en-US (the same order on every machine) and numeric ('Store 2' before 'Store 10');
 * a name with nothing left to sort on (blank, or emoji only) sorts after every named one.
 */
const byDispensary: Compare = (a, b) => {
  const aName = dispensarySortName(a.deal.dispensary);
  const bName = dispensarySortName(b.deal.dispensary);
  if (aName === '' || bName === '') return Number(aName === '') - Number(bName === '');
  return NAME_COLLATOR().compare(aName, bName);
};

/** Categories in the spec's order (flower first, other last); an unknown one after 'other'. */
function categoryPosition(category: string): number {
  const position = (DEAL_CATEGORIES as readonly string[]).indexOf(category);
  return position === -1 ? DEAL_CATEGORIES.length : position;
}

const byCategory: Compare = (a, b) => categoryPosition(a.category) - categoryPosition(b.category);

/** Distance near to far; Infinity (unknown location) is last, NaN after it. */
const byDistance: Compare = (a, b) => byNumber(a.distanceMiles, b.distanceMiles);

const discountKey = (view: DealView) => view.shown?.percent ?? Number.NaN;

/**
 * Biggest discount first, as each card shows it (`shownDiscount`): the percent below the usual
 * price where the history judges, the claimed one where it cannot; a price above its usual one
 * after every discount, deals with no discount known last.
 */
const byDiscount: Compare = (a, b) => byNumberDescending(discountKey(a), discountKey(b));

/** The percent below the usual price, NaN where the history cannot judge. */
const realDiscountKey = (view: DealView) =>
  view.shown?.basis === 'usual' ? view.shown.percent : Number.NaN;

/**
 * Furthest below the product's usual price first; deals the history cannot judge (no usual price,
 * or too few days seen) after every deal it judged.
 */
const byRealDiscount: Compare = (a, b) =>
  byNumberDescending(realDiscountKey(a), realDiscountKey(b));

const byUnitPrice = byUnitPriceOf((view) => view.unitPrice?.amount ?? 0);

/** First seen most recently first; deals never dated last. */
const byNewest: Compare = (a, b) =>
  byNumberDescending(a.firstSeenMs ?? Number.NaN, b.firstSeenMs ?? Number.NaN);

const COMPARATORS: Record<SortKey, readonly Compare[]> = {
  relevance: [],
  'price-low': [(a, b) => byNumber(a.sortPrice, b.sortPrice)],
  'price-high': [(a, b) => byNumberDescending(a.sortPrice, b.sortPrice)],
  discount: [byDiscount],
  'real-discount': [byRealDiscount],
  'unit-price': [byUnitPrice],
  'thc-value': [
    (a, b) => byNumberDescending(thcPerDollar(a, a.sortPrice), thcPerDollar(b, b.sortPrice)),
  ],
  newest: [byNewest],
  dispensary: [byDispensary],
  category: [byCategory],
  'category-dispensary': [byCategory, byDispensary],
  distance: [byDistance],
};

/**
 * The deals in the order `key` asks for (spec section 2), as a new array: the input is never
 * mutated. Every sort is stable and breaks ties by `rank`, the service's (relevance) order, and
 * by input position when ranks tie too. relevance: by rank. price-low / price-high: by
 * `sortPrice`, the price per item (see `effectivePrice`: beyond the spec's first number, so '2 for
 * $65' sorts as $32.50, not $2); deals with no price come after every priced one in both
 * directions. unit-price: by the unit price at that price. real-discount: furthest below the
 * usual price first, unknown last. thc-value: most mg of THC per dollar of an item's price first
 * (`thcPerDollar`), unknown last. dispensary: by name, see `byDispensary`.
 * category: flower first, other last. category-dispensary: category, then dispensary name.
 * distance: near to far, unknown (Infinity) last.
 *
 * With `tax` (the 'Prices with tax' switch on), the price sorts and the unit-price sort order
 * deals by those prices with their store's taxes (see `PricesWithTax.comparators`: a part whose rate
 * is unknown counted at the lowest known rate, never as 0), the complete price first on a tie.
 */
export function sortDeals(
  views: readonly DealView[],
  key: SortKey,
  tax: PricesWithTax | null = null,
): DealView[] {
  // Relevance is the input's order whenever the input kept the ranks in order (as every filter of
  // the built views does): checked in one pass, so a keystroke does not sort 10,000 deals.
  if (key === 'relevance' && views.every((view, i) => i === 0 || views[i - 1]!.rank <= view.rank)) {
    return [...views];
  }
  const comparators = [...(tax?.comparators(key, views) ?? COMPARATORS[key] ?? []), byRank];
  return [...views].sort((a, b) => {
    for (const compare of comparators) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return 0;
  });
}

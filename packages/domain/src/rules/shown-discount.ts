import type { Deal } from '../contract/deal';
import { discountOf, moneyText } from './deal-facts';
import { isPrice } from './price-per-item';

/**
 * The shown discount: the one verdict on how much a deal takes off, which every surface reads
 * (the card's badge, percent chip and reference price, the discount sorts, the service's default
 * order, the comparison, the Atom feed and the push messages), so that none of them repeats a claim
 * another has corrected.
 *
 * - basis 'usual': the product's price history can judge (`discountCheck` 'real', 'inflated' or
 *   'none', with a usual price: the median of its prices on the days seen in the last 30, see
 *   `priceMemory`). The discount is today's price against that usual price, whatever the store
 *   claims. `standing` says where the price stands: 'below' it by at least one whole percent
 *   (half up), 'above' it by at least a cent, else 'at' it. Only 'below' is a deal.
 * - basis 'claimed': the history cannot judge (too few days seen, no usual price, or no check
 *   sent): the percent the store claims (`discountOf`: sent, else from its regular and sale
 *   prices), NaN when it claims none. The card then reads as the spec's, its badge by the spec's
 *   word rule.
 *
 * `price` is what one item costs taking the deal as offered (the price per item, `pricePerItem`):
 * the price the card shows large and the price sorts use, so '2 for $65' of a product usually $40
 * is 18.75% below it. Percents are rounded to a hundredth (a cent of a $100 price), so that
 * floating-point noise (9.999999999999998 for 10) never orders two equal discounts.
 */
export type ShownDiscount =
  | {
      basis: 'usual';
      usualPrice: number;
      /**
       * Percent below the usual price, to a hundredth; negative above it. What the discount sorts
       * and the service's order go by, bigger first, so a known bad price sorts after every known
       * good one.
       */
      percent: number;
      standing: 'below' | 'at' | 'above';
    }
  | {
      basis: 'claimed';
      /** The store's percent off, whole; NaN when it claims none (sorted after every percent). */
      percent: number;
      /** The regular price the store claims, when above its sale price; else null. */
      regularPrice: number | null;
    };

/** What the shown discount reads of a deal. */
export type DiscountFacts = Pick<
  Deal,
  'discountCheck' | 'usualPrice' | 'discountPercent' | 'regularPrice' | 'salePrice'
>;

export function shownDiscount(deal: DiscountFacts, price: number): ShownDiscount {
  const usual = deal.usualPrice;
  const check = deal.discountCheck;
  if (check !== undefined && check !== 'unknown' && isPrice(usual) && isPrice(price)) {
    const usualCents = Math.round(usual * 100);
    const priceCents = Math.round(price * 100);
    const percent = Math.round(((usualCents - priceCents) * 10_000) / usualCents) / 100;
    const standing =
      wholePercent(percent) >= 1 ? 'below' : priceCents > usualCents ? 'above' : 'at';
    return { basis: 'usual', usualPrice: usual, percent, standing };
  }
  const { regularPrice: regular, salePrice: sale } = deal;
  return {
    basis: 'claimed',
    percent: discountOf(deal),
    regularPrice: isPrice(regular) && isPrice(sale) && regular > sale ? regular : null,
  };
}

/** Half up, as the card writes a percent. */
const wholePercent = (percent: number) => Math.floor(percent + 0.5);

/**
 * The whole percent off the card's chip and the feed show, or null when there is none to show:
 * below the usual price by at least 1%, or a claimed percent above 0.
 */
export function shownPercent(shown: ShownDiscount): number | null {
  const whole = shown.basis === 'usual' ? wholePercent(shown.percent) : shown.percent;
  return whole >= 1 ? whole : null;
}

/**
 * Whether the card shows the 'DEAL' badge. Judged by the history: only a price below the usual
 * one, whatever the store's words (a 'Terp Tuesday: $10 Off' at its usual price is no deal; 'Clovr
 * Oreoz' 48% below its usual price is one). Not judged: the spec's word rule (`wordsSayDeal`:
 * 'off' or '%' in the title or description).
 */
export function showsDealBadge(shown: ShownDiscount, wordsSayDeal: boolean): boolean {
  return shown.basis === 'usual' ? shown.standing === 'below' : wordsSayDeal;
}

/** Whether the deal takes anything off as far as is known: no 'at' or 'above' verdict. */
export function isDiscounted(shown: ShownDiscount): boolean {
  return shown.basis === 'claimed' || shown.standing === 'below';
}

/**
 * What stands beside today's price when the history judged it: 'Usual $52' below it, 'Its usual
 * price' at it, '$11 above its usual price' above it (`price` is today's price per item). Null
 * for a claimed discount: the claimed regular price then stands struck, as the spec's card.
 */
export function usualPriceLine(shown: ShownDiscount, price: number): string | null {
  if (shown.basis !== 'usual') return null;
  if (shown.standing === 'below') return `Usual ${moneyText(shown.usualPrice)}`;
  if (shown.standing === 'at') return 'Its usual price';
  const above = (Math.round(price * 100) - Math.round(shown.usualPrice * 100)) / 100;
  return `${moneyText(above)} above its usual price`;
}

import type { Deal } from '../contract/deal';
import { discountOf } from './deal-facts';
import { productPrice } from './price-per-item';
import { shownDiscount } from './shown-discount';

/**
 * How a store's claimed discounts compare with what its own price history found: 'claimed 31%
 * off on average, real 12%'. Only deals both claim a percent (`discountOf`, above 0) and the
 * history judged (`discountCheck` real, inflated or none, with a usual price) count: a deal the
 * history cannot judge says nothing of the store's honesty.
 */
export interface ClaimedDiscounts {
  dispensaryKey: string;
  /** The deals compared. */
  deals: number;
  /** The mean of their claimed percents, whole. */
  claimedPercent: number;
  /**
   * The mean of what they take off their usual prices (`shownDiscount`), whole; a price at or
   * above the usual one takes nothing off and counts as 0, not as a negative discount.
   */
  realPercent: number;
  /** The share of them whose check is 'real' (below its usual price, no inflated claim), 0 to 1, to a hundredth. */
  realShare: number;
}

export type ClaimFacts = Pick<
  Deal,
  | 'dispensaryKey'
  | 'discountCheck'
  | 'usualPrice'
  | 'discountPercent'
  | 'regularPrice'
  | 'salePrice'
>;

/**
 * Per store (in the order stores are first met), what its judged claims come to; stores with no
 * judged claim are left out. The history judges the price the store records as charged (its sale
 * price, else regular: `productPrice`), as the price memory does.
 */
export function claimedDiscountsByStore(deals: readonly ClaimFacts[]): ClaimedDiscounts[] {
  const sums = new Map<string, { deals: number; claimed: number; real: number; reals: number }>();
  for (const deal of deals) {
    const key = deal.dispensaryKey;
    const check = deal.discountCheck;
    if (!key || check === undefined || check === 'unknown') continue;
    const claimed = discountOf(deal);
    const price = productPrice(deal);
    if (!(claimed > 0) || price === undefined) continue;
    const shown = shownDiscount(deal, price);
    if (shown.basis !== 'usual') continue;
    const sum = sums.get(key) ?? { deals: 0, claimed: 0, real: 0, reals: 0 };
    sum.deals += 1;
    sum.claimed += claimed;
    sum.real += Math.max(0, shown.percent);
    if (check === 'real') sum.reals += 1;
    sums.set(key, sum);
  }
  return [...sums].map(([dispensaryKey, sum]) => ({
    dispensaryKey,
    deals: sum.deals,
    claimedPercent: Math.round(sum.claimed / sum.deals),
    realPercent: Math.round(sum.real / sum.deals),
    realShare: Math.round((sum.reals / sum.deals) * 100) / 100,
  }));
}

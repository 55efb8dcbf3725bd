import type { Deal } from '../contract/deal';
import { isPrice } from './price-per-item';

/**
 * The real discount: how far the deal's price is below what this store usually charges for the
 * product (`usualPrice`, the median of its prices on the days seen in the last 30, see
 * `priceMemory`), in percent of the usual price. Unlike the percent off a menu claims, it cannot be
 * inflated by a regular price never charged.
 *
 * `price` is what one item costs taking the deal as offered (the deal view's `sortPrice`, from
 * `pricePerItem`: the effective price, else the sale price). Decisions:
 * - A multi-buy counts: '2 for $65' of a product usually $40 is 18.75% below it, since its price
 *   per item is what the price sorts and the card go by.
 * - A price above the usual one gives a negative percent, which sorts after every deal at or below
 *   its usual price but before the unknown ones: it is known, and worse.
 * - NaN (unknown) when there is no usual price, when the history is too short to judge
 *   (`discountCheck: 'unknown'`, fewer than 7 days seen), or when the deal has no price.
 * - Rounded to a hundredth of a percent (a cent of a $100 usual price), so that floating-point
 *   noise (9.999999999999998 for 10) never orders two equal discounts: equal percents keep the
 *   service's order.
 */
export function realDiscountOf(
  deal: Pick<Deal, 'usualPrice' | 'discountCheck'>,
  price: number,
): number {
  const usual = deal.usualPrice;
  if (deal.discountCheck === 'unknown' || !isPrice(usual) || !isPrice(price)) return Number.NaN;
  return Math.round(((usual - price) * 10_000) / usual) / 100;
}

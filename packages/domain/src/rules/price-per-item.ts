import type { Deal, UnitPrice } from '../contract/deal';
import { MAX_MONEY } from '../contract/constants';
import { priceForSorting } from './price';

/** What one item of a deal costs, and the multi-buy it comes from (see `effectivePrice`). */
export interface EffectivePrice {
  /** Dollars per item. */
  each: number;
  /** The multi-buy the price comes from, as the deal words it ('2 for $65', 'B2G1'); else null. */
  multiBuy: string | null;
}

/** A price anyone pays: above 0, and within the contract's bound (no NaN, Infinity or 1e308). */
export const isPrice = (amount: number | undefined): amount is number =>
  typeof amount === 'number' && amount > 0 && amount <= MAX_MONEY;

/** What one item sells for before any multi-buy: the sale price, else the regular one. */
export function productPrice(deal: Pick<Deal, 'salePrice' | 'regularPrice'>): number | undefined {
  if (isPrice(deal.salePrice)) return deal.salePrice;
  return isPrice(deal.regularPrice) ? deal.regularPrice : undefined;
}

/**
 * The price per item the page sorts and prices by, as the service sent it: the service runs
 * `effectivePrice` once per deal (its regular expressions stay out of the page's JavaScript) and
 * sends `effectivePrice` (null when the rule found no price) and `multiBuy`.
 *
 * Decision: a deal without `effectivePrice` (from a service older than the field) is read the
 * spec's way: its sale price, else the first number of its price text (`priceForSorting`), and no
 * multi-buy line. Its price sorts and cards are then what they were before multi-buys were read.
 */
export function pricePerItem(
  deal: Pick<Deal, 'price' | 'salePrice' | 'effectivePrice' | 'multiBuy'>,
): EffectivePrice | null {
  const sent = deal.effectivePrice;
  if (sent === null) return null;
  if (sent !== undefined)
    return isPrice(sent) ? { each: sent, multiBuy: deal.multiBuy || null } : null;
  const stated = priceForSorting(deal);
  return isPrice(stated) ? { each: stated, multiBuy: null } : null;
}

/**
 * The unit price at the effective price: the one the deal sends, scaled from the price it was
 * worked out at (the sale price, else the regular one) to the price per item, so that '2 for $65'
 * of a $42 half gram reads $65/g, not $84/g. A multi-buy on a deal whose own price is unknown
 * leaves no unit price: the one sent may be of either price, and a wrong one misleads.
 */
export function effectiveUnitPrice(
  deal: Pick<Deal, 'unitPrice' | 'salePrice' | 'regularPrice'>,
  price: EffectivePrice | null,
): UnitPrice | undefined {
  const unit = deal.unitPrice;
  const base = productPrice(deal);
  if (!unit || !price) return unit;
  if (base === undefined) return price.multiBuy === null ? unit : undefined;
  return price.each === base ? unit : { amount: unit.amount * (price.each / base), per: unit.per };
}

import type { Deal } from '../contract/deal';

const FIRST_NUMBER = /\$?\s?(\d+(?:\.\d{2})?)/;

/**
 * The price a deal sorts by (spec section 5): the first number in its price text, optionally
 * after a '$' and with two decimals; 0 when there is none. A `salePrice` sent by the service is
 * the true number and wins (a text like '2 for $50' would otherwise sort as 2).
 */
export function priceForSorting(deal: Pick<Deal, 'price' | 'salePrice'>): number {
  if (typeof deal.salePrice === 'number') return deal.salePrice;
  const match = FIRST_NUMBER.exec(deal.price);
  return match ? Number(match[1]) : 0;
}

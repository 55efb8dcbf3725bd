import {
  cutText,
  dispensaryChipName,
  distanceChipText,
  dollarsText,
  estimateNote,
  moneyText,
  outTheDoorPrice,
  productPrice,
  safeHttpUrl,
  shownDiscountText,
  type DealView,
  type PricesWithTax,
} from '@stl-deals/domain';

/** One store's row in the comparison of a product across stores. */
export interface ComparisonRow {
  /** The store's deal (its dispensary key and place in the answer), for React's list. */
  key: string;
  /** The store's key, for its panel. */
  storeKey: string;
  store: string;
  /** Today's price: the sale price, else the regular one, else the deal's price text. */
  price: string;
  /**
   * Its discount as the card shows it: 'Usual $52, 38% off', 'Its usual price', '53% off
   * (claimed)' (`shownDiscountText`); null when there is none to say.
   */
  discount: string | null;
  /** What one item costs taking the deal as offered (the effective price); null when unknown. */
  each: string | null;
  /** The multi-buy the price per item comes from, in sentence case ('2 for $65'), else null. */
  offer: string | null;
  /**
   * The price per item with the store's taxes ('~$27.43'; '~$26.50 (estimate: sales tax unknown)'
   * when a part of the store's tax is unknown and left out), when prices show with tax and the
   * price is known.
   */
  withTax: string | null;
  distance: string | null;
  /** The deal's page, or null when its address is not http(s). */
  href: string | null;
}

/** The longest price text a row shows: the table stays readable at 390 px. */
const PRICE_TEXT_MAX = 40;

/**
 * The comparison's rows, one per store, in the order given (`productStores` sorts them by price
 * per item, then distance), with prices with tax when `tax` says so (the 'Prices with tax' switch).
 */
export function comparisonRows(
  offers: readonly DealView[],
  tax: PricesWithTax | null = null,
): ComparisonRow[] {
  return offers.map((view) => {
    const { deal } = view;
    const own = productPrice(deal);
    const price = own === undefined ? cutText(deal.price.trim(), PRICE_TEXT_MAX) : moneyText(own);
    return {
      key: `${deal.dispensaryKey}:${view.rank}`,
      storeKey: deal.dispensaryKey,
      store: dispensaryChipName(deal.dispensary) || deal.dispensaryKey,
      price: price || 'Not given',
      discount: view.shown ? shownDiscountText(view.shown, view.sortPrice) : null,
      each: Number.isNaN(view.sortPrice) ? null : moneyText(view.sortPrice),
      offer: view.multiBuy ?? null,
      withTax: tax && !Number.isNaN(view.sortPrice) ? withTax(view, tax) : null,
      distance: distanceChipText(view.distanceMiles, view.distanceApproximate),
      href: safeHttpUrl(deal.sourceUrl),
    };
  });
}

/** The comparison's title: the product's name as its cheapest store's deal words it. */
export function comparisonTitle(offers: readonly DealView[]): string {
  const first = offers[0]?.deal;
  if (!first) return 'Compare stores';
  return cutText(first.title.trim() || first.description.trim());
}

function withTax(view: DealView, tax: PricesWithTax): string {
  const price = outTheDoorPrice(view.sortPrice, tax.rates.get(view.deal.dispensaryKey), tax.mode);
  // With cents, as the card's '~$27.43 with tax' writes it.
  return `~${dollarsText(price.total, { cents: true })}${estimateNote(price.missing)}`;
}

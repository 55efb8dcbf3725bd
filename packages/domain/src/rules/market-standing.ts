import { moneyText } from './deal-facts';
import { classPrice, marketClassById, type MarketFigures, type MarketItem } from './market';
import { isPrice } from './price-per-item';

/**
 * Where a price stands against its class's St. Louis median: 'below' it by at least one whole
 * percent (half up), 'above' it by at least one, else 'at' it; `percent` is whole, never negative.
 * Null when the class has too few stores (`enough`) or either price is no price: the card then
 * says nothing rather than compare with one store's shelf.
 */
export interface MarketStanding {
  standing: 'below' | 'at' | 'above';
  percent: number;
  median: number;
}

/** `price` is what one item costs (the price per item); `item` its class (`marketClassOf`). */
export function marketStanding(
  price: number,
  item: MarketItem,
  figures: MarketFigures,
): MarketStanding | null {
  if (!figures.enough || !isPrice(price) || !isPrice(figures.median)) return null;
  const own = Math.round(classPrice(price, item) * 100);
  const median = Math.round(figures.median * 100);
  const percent = Math.floor((Math.abs(median - own) * 100) / median + 0.5);
  const standing = percent < 1 ? 'at' : own < median ? 'below' : 'above';
  return { standing, percent: standing === 'at' ? 0 : percent, median: figures.median };
}

/**
 * The card's line: '22% below the St. Louis median for 1/8 oz flower ($36)', '5% above the
 * St. Louis median for 1 g vape ($40)', 'At the St. Louis median for edibles per 100 mg THC
 * ($18)'. Null without a standing or for a class id the rule does not know.
 */
export function marketStandingText(
  standing: MarketStanding | null,
  classId: string,
): string | null {
  const market = marketClassById(classId);
  if (!standing || !market) return null;
  const median = `the St. Louis median for ${market.label} (${moneyText(standing.median)})`;
  return standing.standing === 'at'
    ? `At ${median}`
    : `${standing.percent}% ${standing.standing} ${median}`;
}

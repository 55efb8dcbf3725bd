import { LIMITS, marketClassById, MAX_MONEY, type MarketItem } from '@stl-deals/domain';
import type { MenuPrice } from '@stl-deals/scraper';
import { MAX_MARKET_UNITS, type ObservedMarket, type PriceObservation } from '@stl-deals/store';

/**
 * The most menu prices one store result records. The biggest menus of the market list a few
 * thousand products; a result past this is a platform answering something else, and recording all
 * of it would hold the store's write lock for seconds.
 */
export const MAX_MENU_PRICES = 10_000;

export interface MenuObservations {
  /** One per store product key (the last one given wins), ready for `replaceSnapshot`. */
  observations: PriceObservation[];
  /** Menu prices left out: not a price the store takes, or past `MAX_MENU_PRICES`. */
  refused: number;
}

/**
 * A scrape's menu prices as the day's price observations. The scraper reads them from the
 * platform's answer, so each is checked here as the store would check it: the store refuses a
 * whole write for one bad row, and one odd product must not cost the store its snapshot.
 */
export function menuObservations(
  menuPrices: readonly MenuPrice[] | undefined,
  day: string,
): MenuObservations {
  if (!Array.isArray(menuPrices)) return { observations: [], refused: 0 };
  const byKey = new Map<string, PriceObservation>();
  let refused = Math.max(0, menuPrices.length - MAX_MENU_PRICES);
  for (const menuPrice of menuPrices.slice(0, MAX_MENU_PRICES) as unknown[]) {
    const observation = observationOf(menuPrice, day);
    if (observation === null) refused += 1;
    else byKey.set(observation.productKey, observation);
  }
  return { observations: [...byKey.values()], refused };
}

function observationOf(menuPrice: unknown, day: string): PriceObservation | null {
  if (typeof menuPrice !== 'object' || menuPrice === null) return null;
  const { storeProductKey, salePrice, regularPrice, onDeal, market } =
    menuPrice as Partial<MenuPrice>;
  if (
    typeof storeProductKey !== 'string' ||
    storeProductKey.length === 0 ||
    storeProductKey.length > LIMITS.key ||
    !isMoney(salePrice) ||
    !(regularPrice === undefined || regularPrice === null || isMoney(regularPrice)) ||
    typeof onDeal !== 'boolean'
  ) {
    return null;
  }
  // A menu naming no regular price may leave the field out.
  const observation: PriceObservation = {
    productKey: storeProductKey,
    day,
    salePrice,
    regularPrice: regularPrice ?? null,
    onDeal,
  };
  const observed = observedMarket(market);
  if (observed !== undefined) observation.market = observed;
  return observation;
}

/**
 * A price's market class as the store keeps it: a class the domain knows with units the store
 * takes; a class out of shape is left unsaid (the price is still recorded), as no class is better
 * than a wrong one and the row must not cost the write.
 */
function observedMarket(market: unknown): ObservedMarket | null | undefined {
  if (market === null) return null;
  if (typeof market !== 'object') return undefined;
  const { classId, units } = market as Partial<MarketItem>;
  if (typeof classId !== 'string' || marketClassById(classId) === undefined) return undefined;
  if (typeof units !== 'number' || !(units >= 0.01 && units <= MAX_MARKET_UNITS)) return undefined;
  return { marketClass: classId, units };
}

function isMoney(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_MONEY;
}

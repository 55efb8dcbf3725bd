import type { Deal } from '../contract/deal';
import type { DealCategory } from '../contract/values';
import { isPrice } from './price-per-item';
import { readSize } from './size';

/**
 * The St. Louis market price: what a product of one comparable class sells for across the area's
 * stores on a day, from the menu prices the service records (every priced product, on a deal or
 * not), so that a price can be read against the market and not only against its own store.
 *
 * A comparable class is a category and a size shoppers compare like for like: flower by the gram,
 * eighth, quarter, half and ounce; vapes and concentrates by the half gram and gram; edibles by
 * 100 mg of THC (a 10-pack of 10 mg and a single 100 mg bar compare; their price is scaled to
 * 100 mg). Pre-rolls, topicals and the rest are sold in too many forms to compare by size alone,
 * and have no class.
 */

/** Each comparable class: its id (as the API names it), the category, the size and its words. */
export const MARKET_CLASSES = [
  { id: 'flower-1g', category: 'flower', grams: 1, label: '1 g flower' },
  { id: 'flower-3.5g', category: 'flower', grams: 3.5, label: '1/8 oz flower' },
  { id: 'flower-7g', category: 'flower', grams: 7, label: '1/4 oz flower' },
  { id: 'flower-14g', category: 'flower', grams: 14, label: '1/2 oz flower' },
  { id: 'flower-28g', category: 'flower', grams: 28, label: '1 oz flower' },
  { id: 'vapes-0.5g', category: 'vapes', grams: 0.5, label: '0.5 g vape' },
  { id: 'vapes-1g', category: 'vapes', grams: 1, label: '1 g vape' },
  { id: 'concentrates-0.5g', category: 'concentrates', grams: 0.5, label: '0.5 g concentrate' },
  { id: 'concentrates-1g', category: 'concentrates', grams: 1, label: '1 g concentrate' },
  { id: 'edibles-100mg', category: 'edibles', grams: null, label: 'edibles per 100 mg THC' },
] as const satisfies ReadonlyArray<{
  id: string;
  category: DealCategory;
  grams: number | null;
  label: string;
}>;

export type MarketClassId = (typeof MARKET_CLASSES)[number]['id'];
export type MarketClass = (typeof MARKET_CLASSES)[number];

const CLASS_BY_ID = new Map<string, MarketClass>(MARKET_CLASSES.map((each) => [each.id, each]));

/** The class of an id, or undefined for an id that names none (an older or hostile value). */
export function marketClassById(id: string): MarketClass | undefined {
  return CLASS_BY_ID.get(id);
}

/**
 * Stores a class needs before its median is a market figure: with fewer, one store's pricing
 * is most of it, and the card says nothing.
 */
export const MARKET_MIN_STORES = 5;

/**
 * A size counts as a class's when within 2% of it: menus write an eighth as 3.5 g or 3.54 g and an
 * ounce as 28 g or 28.35 g, but a 3 g or 4 g jar is another product.
 */
const SIZE_TOLERANCE = 0.02;

/**
 * The THC of one edible package the class reads: 10 mg (a serving: a package below it is a
 * per-serving figure read as the package's) to 1,000 mg (beyond what any St. Louis menu sells as one
 * package: a misread figure).
 */
const EDIBLE_MG = { min: 10, max: 1_000 } as const;

/** A product's class and how many of the class's units it holds (a 250 mg pack: 2.5 of 100 mg). */
export interface MarketItem {
  classId: MarketClassId;
  /** The class's price of the product is its price divided by it; 1 for every sized class. */
  units: number;
}

/** What the class rule reads of a product: a deal's fields, or a menu price's. */
export type MarketFacts = Pick<Deal, 'category' | 'size' | 'thc'>;

/**
 * The comparable class of a product, or null when it has none. The size is read by the one size
 * reader (`readSize`); a weight in milligrams counts for vapes and concentrates ('500mg' is
 * 0.5 g). An edible's THC is its stated package figure (`thc` in mg, one figure, not a range),
 * else its size in mg (what the unit price reads as its dose); a range or a percent is no figure.
 */
export function marketClassOf(product: MarketFacts): MarketItem | null {
  const { category } = product;
  if (category === 'edibles') {
    const mg = edibleMg(product);
    return mg === undefined ? null : { classId: 'edibles-100mg', units: mg / 100 };
  }
  const measure = readSize(product.size);
  if (!measure) return null;
  const grams = measure.unit === 'g' ? measure.amount : measure.amount / 1000;
  for (const each of MARKET_CLASSES) {
    if (each.category !== category || each.grams === null) continue;
    // Flower in milligrams is no menu's writing; a '1000mg' flower is more likely an extract.
    if (measure.unit === 'mg' && category === 'flower') return null;
    if (Math.abs(grams - each.grams) <= each.grams * SIZE_TOLERANCE)
      return { classId: each.id, units: 1 };
  }
  return null;
}

/**
 * The class of a deal as the page holds it, with no size reader: its `grams` (the service's
 * reading of its size) for the sized classes, and for edibles a unit price per 100 mg (the
 * service's, from the size's mg), whose amount is then the deal's class price. The same classes
 * as `marketClassOf` but for an edible whose stated THC differs from its size's mg, which the
 * page's view does not carry.
 */
export function listedMarketClass(
  deal: Pick<Deal, 'category' | 'grams' | 'unitPrice'>,
): MarketClassId | null {
  const { category, grams } = deal;
  if (category === 'edibles') return deal.unitPrice?.per === '100mg' ? 'edibles-100mg' : null;
  if (grams === undefined) return null;
  for (const each of MARKET_CLASSES) {
    if (each.category !== category || each.grams === null) continue;
    if (Math.abs(grams - each.grams) <= each.grams * SIZE_TOLERANCE) return each.id;
  }
  return null;
}

function edibleMg(product: MarketFacts): number | undefined {
  const { thc } = product;
  let mg: number | undefined;
  if (thc) {
    if (thc.unit === 'mg' && thc.min === thc.max) mg = thc.max;
  } else {
    const measure = readSize(product.size);
    if (measure?.unit === 'mg') mg = measure.amount;
  }
  return mg !== undefined && mg >= EDIBLE_MG.min && mg <= EDIBLE_MG.max ? mg : undefined;
}

/** A product's class price, to the cent: its price per the class's unit. */
export function classPrice(price: number, item: Pick<MarketItem, 'units'>): number {
  return Math.round((price / item.units) * 100) / 100;
}

/** One product's class price at one store on one day, as the market figures read it. */
export interface MarketPrice {
  dispensaryKey: string;
  /** The price per the class's unit (`classPrice`), in dollars. */
  price: number;
}

/** What a class's prices of one day come to. */
export interface MarketFigures {
  /**
   * The median of the products' prices (each product at each store counts once), to the cent;
   * with an even count, the mean of the two middle prices, half a cent up.
   */
  median: number;
  low: number;
  high: number;
  /** Stores with at least one product of the class that day. */
  stores: number;
  products: number;
  /** Whether `stores` reaches `MARKET_MIN_STORES`: only then is the median the market's. */
  enough: boolean;
}

/**
 * The market figures of one class's prices on one day, or null with no price. Prices that are
 * no price (`isPrice`) are left out. Each product counts once, so a store with a large menu
 * weighs more than one with a small one: the median is the market's shelf, not its stores'
 * average. Cost: one sort of the day's prices of the class.
 */
export function marketFigures(prices: readonly MarketPrice[]): MarketFigures | null {
  const cents: number[] = [];
  const stores = new Set<string>();
  for (const { dispensaryKey, price } of prices) {
    if (!isPrice(price)) continue;
    cents.push(Math.round(price * 100));
    stores.add(dispensaryKey);
  }
  if (cents.length === 0) return null;
  cents.sort((a, b) => a - b);
  return {
    median: medianOfSorted(cents) / 100,
    low: cents[0]! / 100,
    high: cents.at(-1)! / 100,
    stores: stores.size,
    products: cents.length,
    enough: stores.size >= MARKET_MIN_STORES,
  };
}

/** The median of ascending whole cents, in whole cents (two middles: their mean, half up). */
export function medianOfSorted(cents: readonly number[]): number {
  const middle = cents.length >> 1;
  return cents.length % 2 === 1
    ? cents[middle]!
    : Math.floor((cents[middle - 1]! + cents[middle]! + 1) / 2);
}

/** One day's median of a class, for its trend and line. */
export interface MarketPoint {
  /** 'YYYY-MM-DD', the market's calendar day. */
  day: string;
  median: number;
}

/**
 * The change of a class's median over its days, in whole percent (half away from zero): from the
 * first day's to the last day's of `points` (oldest first). Null with fewer than two days, as no
 * change is then known.
 */
export function marketTrendPercent(points: readonly MarketPoint[]): number | null {
  if (points.length < 2) return null;
  const first = points[0]!.median;
  const last = points.at(-1)!.median;
  if (!isPrice(first) || !isPrice(last)) return null;
  const percent = ((last - first) / first) * 100;
  return Math.sign(percent) * Math.round(Math.abs(percent)) || 0;
}

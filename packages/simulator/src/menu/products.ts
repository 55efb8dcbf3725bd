import { hashUnit, hexId, numberId, type Random } from '../random';
import {
  BRANDS,
  CATEGORY_WEIGHTS,
  EDIBLE_FLAVORS,
  LINES,
  STRAINS,
  TOPICAL_SCENTS,
  type ProductLine,
} from './catalog';
import type { Product, ProductCategory, SizePrice, StrainType } from './model';

const STRAIN_TYPES: readonly StrainType[] = ['Indica', 'Sativa', 'Hybrid'];

/** Where simulated product photos live: a host that never resolves (RFC 6761 '.invalid'). */
const IMAGE_HOST = 'https://images.simulator.invalid';

/**
 * A product a store carries, apart from the day: what it is, its sizes and where in its line's
 * shelf price range it sits (0 the cheapest, 1 the dearest). A day's menu prices it
 * (`pricedAt`) and may put a special on it.
 */
export interface Listing {
  product: Omit<Product, 'sizes' | 'specialId'>;
  line: ProductLine;
  /** How many of the line's sizes it comes in, the smallest ones first. */
  sizeCount: number;
  level: number;
}

/**
 * `count` listings of distinct brand and name, ids numbered from 0 as `makeListing` makes them
 * (the same store and index always give the same ids).
 */
export function makeListings(random: Random, storeKey: string, count: number): Listing[] {
  const listings: Listing[] = [];
  const names = new Set<string>();
  // A small store repeats few names; the attempts bound keeps a tiny catalog from looping.
  for (let attempt = 0; listings.length < count && attempt < count * 10; attempt++) {
    const listing = makeListing(random, storeKey, [listings.length]);
    const name = nameOf(listing);
    if (names.has(name)) continue;
    names.add(name);
    listings.push(listing);
  }
  return listings;
}

/** Brand and name: what a store never lists twice. */
export const nameOf = (listing: Listing) => `${listing.product.brand}|${listing.product.name}`;

/** One listing; its ids come from the store's key and `idParts`, its traits from `random`. */
export function makeListing(
  random: Random,
  storeKey: string,
  idParts: ReadonlyArray<string | number>,
): Listing {
  const category = weightedCategory(random);
  const line = random.pick(LINES[category]);
  const brand = random.pick(BRANDS[category]);
  const name = line.name(random.pick(varieties(line, category)));
  const id = hexId(24, 'product', storeKey, ...idParts);
  const thc = line.thc;
  const product = {
    id,
    number: numberId(1_000_000, 9_999_999, 'product', storeKey, ...idParts),
    slug: slugOf(`${brand} ${name}`),
    brand,
    name,
    category,
    subcategory: line.subcategory,
    strainType: line.varieties === 'strains' ? random.pick(STRAIN_TYPES) : undefined,
    thcPercent: thc
      ? Math.round((thc[0] + random.next() * (thc[1] - thc[0])) * 10) / 10
      : undefined,
  };
  const lab = labFacts(product.number, category, product.thcPercent);
  const sizeCount = random.int(1, Math.min(line.maxSizes, line.sizes.length));
  // One price level per product, so its sizes keep their order (a premium eighth, a premium quarter).
  const level = random.next();
  // Most menu items have a photo; some do not, as on real menus.
  const imageUrl = random.chance(0.85) ? `${IMAGE_HOST}/products/${id}.jpg` : undefined;
  return { product: { ...product, ...lab, imageUrl }, line, sizeCount, level };
}

/**
 * The listing as a day's menu shows it, at `level` in its line's price ranges (clamped to them),
 * each size priced in whole dollars and none on sale yet.
 */
export function pricedAt(listing: Listing, level: number): Product {
  const clamped = Math.min(1, Math.max(0, level));
  const sizes: SizePrice[] = listing.line.sizes.slice(0, listing.sizeCount).map((size) => ({
    label: size.label,
    grams: size.grams,
    milligrams: size.milligrams,
    units: size.units ?? 1,
    price: Math.round(size.price[0] + clamped * (size.price[1] - size.price[0])),
  }));
  return { ...listing.product, sizes };
}

/**
 * What a lab adds to a product beside its THC, decided by the product's number alone (never by
 * the menu's random sequence, so that every menu stays as it was): a THC range on some products,
 * a trace of CBD on most flower-like ones, a strain type on most edibles (Missouri labels gummies
 * Indica, Sativa or Hybrid), and a topical's milligrams, a third of them CBD-rich.
 */
function labFacts(
  number: number,
  category: ProductCategory,
  thcPercent: number | undefined,
): Partial<Product> {
  const roll = (salt: number) => hashUnit(number, salt);
  if (thcPercent !== undefined) {
    const range =
      roll(1) < 0.3 ? Math.round((thcPercent + 0.5 + roll(2) * 2) * 10) / 10 : undefined;
    const cbd = roll(3) < 0.6 ? Math.round((0.05 + roll(4) * 0.9) * 100) / 100 : undefined;
    return { thcPercentMax: range, cbdPercent: cbd };
  }
  if (category === 'edibles') {
    return roll(5) < 0.8 ? { strainType: STRAIN_TYPES[Math.floor(roll(6) * 3)] } : {};
  }
  if (category === 'topicals') {
    return roll(7) < 1 / 3 ? { thcMg: 100, cbdMg: 300 } : { thcMg: 200 };
  }
  return {};
}

function weightedCategory(random: Random): ProductCategory {
  const total = CATEGORY_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [category, weight] of CATEGORY_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return category;
  }
  return 'flower';
}

function varieties(line: ProductLine, category: ProductCategory): readonly string[] {
  if (line.varieties === 'strains') return STRAINS;
  return category === 'topicals' ? TOPICAL_SCENTS : EDIBLE_FLAVORS;
}

/** 'Flora Farms Lemon Fire MAC' -> 'flora-farms-lemon-fire-mac'. */
export function slugOf(value: string): string {
  return value
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

import { hexId, numberId, type Random } from '../random';
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

/** `count` products of distinct brand and name, none on special yet. */
export function makeProducts(random: Random, storeKey: string, count: number): Product[] {
  const products: Product[] = [];
  const names = new Set<string>();
  // A small store repeats few names; the attempts bound keeps a tiny catalog from looping.
  for (let attempt = 0; products.length < count && attempt < count * 10; attempt++) {
    const product = makeProduct(random, storeKey, products.length);
    const name = `${product.brand}|${product.name}`;
    if (names.has(name)) continue;
    names.add(name);
    products.push(product);
  }
  return products;
}

function makeProduct(random: Random, storeKey: string, index: number): Product {
  const category = weightedCategory(random);
  const line = random.pick(LINES[category]);
  const brand = random.pick(BRANDS[category]);
  const name = line.name(random.pick(varieties(line, category)));
  const id = hexId(24, 'product', storeKey, index);
  const thc = line.thc;
  return {
    id,
    number: numberId(1_000_000, 9_999_999, 'product', storeKey, index),
    slug: slugOf(`${brand} ${name}`),
    brand,
    name,
    category,
    subcategory: line.subcategory,
    strainType: line.varieties === 'strains' ? random.pick(STRAIN_TYPES) : undefined,
    thcPercent: thc
      ? Math.round((thc[0] + random.next() * (thc[1] - thc[0])) * 10) / 10
      : undefined,
    sizes: sizesOf(random, line),
    // Most menu items have a photo; some do not, as on real menus.
    imageUrl: random.chance(0.85) ? `${IMAGE_HOST}/products/${id}.jpg` : undefined,
  };
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

/** The line's smallest sizes, one to `maxSizes` of them, each priced in its range in whole dollars. */
function sizesOf(random: Random, line: ProductLine): SizePrice[] {
  const count = random.int(1, Math.min(line.maxSizes, line.sizes.length));
  // One price level per product, so its sizes keep their order (a premium eighth, a premium quarter).
  const level = random.next();
  return line.sizes.slice(0, count).map((size) => ({
    label: size.label,
    grams: size.grams,
    milligrams: size.milligrams,
    units: size.units ?? 1,
    price: Math.round(size.price[0] + level * (size.price[1] - size.price[0])),
  }));
}

/** 'Flora Farms Lemon Fire MAC' -> 'flora-farms-lemon-fire-mac'. */
export function slugOf(value: string): string {
  return value
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

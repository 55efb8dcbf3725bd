import { hexId } from '../random';
import type { Menu, Product, ProductCategory } from '../menu/model';
import type { Answer } from '../platforms/types';

/**
 * The simulator's own product photos: a small drawing per product (its category's shape on a
 * colour of its own), generated from the path alone, so they cost no state and the same path is
 * always the same picture. Menus are generated with photos on a host that never resolves
 * (`https://images.simulator.invalid/products/<id>.jpg`); `withLocalImages` points them here, so
 * the page's image path (load, size check, fallback) runs in demo mode and in the tests.
 */

const INVALID_HOST = 'https://images.simulator.invalid/products/';
const PATH =
  /^\/images\/products\/(flower|pre-rolls|vapes|concentrates|edibles|topicals)\/([0-9a-f]{6,64})\.svg$/;

/** Served for a year: a path names one picture forever. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function productImagePath(category: ProductCategory, id: string): string {
  return `/images/products/${category}/${id}.svg`;
}

/** A menu whose product photos point at this simulator (`base`), the same menu otherwise. */
export function withLocalImages(menu: Menu, base: string): Menu {
  const local = (product: Product): Product => {
    const url = product.imageUrl;
    if (!url?.startsWith(INVALID_HOST)) return product;
    return { ...product, imageUrl: `${base}${productImagePath(product.category, product.id)}` };
  };
  return { ...menu, products: menu.products.map(local) };
}

/** The picture at `path`, or undefined when the path is not a product image's. */
export function productImageAnswer(path: string, ifNoneMatch?: string): Answer | undefined {
  const match = PATH.exec(path);
  if (!match) return undefined;
  const [, category, id] = match as unknown as [string, ProductCategory, string];
  const etag = `"${hexId(16, 'image', path)}"`;
  const headers = { 'cache-control': CACHE_CONTROL, etag };
  if (ifNoneMatch === etag) return { status: 304, headers, body: '' };
  return {
    status: 200,
    headers: { ...headers, 'content-type': 'image/svg+xml' },
    body: drawing(category, id),
  };
}

const SHAPES: Record<ProductCategory, string> = {
  flower:
    '<path d="M120 56c10 22 12 42 5 62 16-13 34-19 54-17-13 17-31 27-53 29 12 5 22 14 28 26-16 2-27-3-34-13-7 10-18 15-34 13 6-12 16-21 28-26-22-2-40-12-53-29 20-2 38 4 54 17-7-20-5-40 5-62Z"/><path d="M120 170v30" stroke-width="8" stroke-linecap="round"/>',
  'pre-rolls':
    '<path d="M62 160 170 78l14 18-108 82Z"/><path d="M170 78l14 18 10-8-14-18Z" opacity=".5"/>',
  vapes:
    '<rect x="104" y="50" width="32" height="104" rx="8"/><rect x="96" y="150" width="48" height="44" rx="10" opacity=".6"/>',
  concentrates:
    '<rect x="70" y="92" width="100" height="70" rx="14"/><rect x="62" y="76" width="116" height="22" rx="8" opacity=".6"/>',
  edibles:
    '<circle cx="96" cy="106" r="30"/><circle cx="146" cy="106" r="30" opacity=".7"/><circle cx="121" cy="150" r="30" opacity=".85"/>',
  topicals:
    '<rect x="92" y="70" width="56" height="110" rx="16"/><rect x="104" y="50" width="32" height="24" rx="6" opacity=".6"/>',
};

/** 240 x 240: over the page's 50 px minimum, a few hundred bytes. */
function drawing(category: ProductCategory, id: string): string {
  const hue = Number.parseInt(id.slice(0, 6), 16) % 360;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">` +
    `<rect width="240" height="240" fill="hsl(${hue} 45% 88%)"/>` +
    `<circle cx="120" cy="120" r="92" fill="hsl(${hue} 40% 80%)"/>` +
    `<g fill="hsl(${hue} 45% 32%)" stroke="hsl(${hue} 45% 32%)">${SHAPES[category]}</g></svg>`
  );
}

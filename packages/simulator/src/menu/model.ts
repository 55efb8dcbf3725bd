import type { DealCategory, Weekday } from '@stl-deals/domain';

/**
 * The neutral menu: what a dispensary sells and which specials run, in no platform's format.
 * The generator makes it; each platform's serializer writes it the way that platform does.
 */

/** The categories a Missouri menu sells (accessories are left out: nobody discounts a lighter). */
export type ProductCategory = Exclude<DealCategory, 'other' | 'accessories'>;

export type StrainType = 'Indica' | 'Sativa' | 'Hybrid';

/** One size of a product and its price; `sale` is set only when a price cut applies to it. */
export interface SizePrice {
  /** The size as a label reads it: '3.5g', '1g', '100mg', '0.5g x 5'. */
  label: string;
  /** Net weight in grams (flower, pre-rolls, vapes, concentrates, topicals). */
  grams?: number;
  /** THC in milligrams (edibles). */
  milligrams?: number;
  /** Units in the pack (pre-roll packs); 1 when sold alone. */
  units: number;
  price: number;
  sale?: number;
}

/**
 * How a special saves: a price cut (percent, dollars off, or a target price) lowers the sizes it
 * covers; a BOGO or bundle leaves prices alone and is a deal by its terms.
 */
export type Saving =
  | { kind: 'percent'; percent: number }
  | { kind: 'dollars'; dollars: number }
  | { kind: 'target'; price: number }
  | { kind: 'bogo'; buy: number; get: number }
  | { kind: 'bundle'; count: number; price: number };

export interface Special {
  /** A stable hex id (Dutchie-style) and a stable number (for platforms with numeric ids). */
  id: string;
  number: number;
  /** As the store names it: 'Wax Wednesday: 20% Off Concentrates'. */
  name: string;
  /** The store's own words about it. */
  description: string;
  /** What a badge shows: '20% Off', '$5 Off', '$25', 'BOGO', '2 for $60'. */
  label: string;
  saving: Saving;
  /** The size labels it applies to; absent means every size. */
  sizes?: string[];
  /** The weekdays a recurring special runs; absent when it runs every day. */
  days?: Weekday[];
  /** When it ends (ISO 8601); absent when open-ended. */
  endsAt?: string;
  /** 'products' specials apply to the menu's products; 'store' ones are cards only. */
  scope: 'products' | 'store';
}

export interface Product {
  id: string;
  number: number;
  /** URL slug, as platforms derive it from brand and name. */
  slug: string;
  brand: string;
  name: string;
  category: ProductCategory;
  /** The platform-neutral subtype: 'Whole Flower', 'Live Resin', 'Gummies', ... */
  subcategory: string;
  strainType?: StrainType;
  /** THC percent for flower, pre-rolls, vapes and concentrates (the low end of a range). */
  thcPercent?: number;
  /** The high end of the product's THC range, where its lab reports one ('21-22%'). */
  thcPercentMax?: number;
  /** CBD percent, where the lab found some (most flower carries a trace). */
  cbdPercent?: number;
  /**
   * THC and CBD in the whole package of a product sold by weight but dosed in milligrams (a
   * topical's jar). An edible's THC is its size's `milligrams`.
   */
  thcMg?: number;
  cbdMg?: number;
  sizes: SizePrice[];
  /** The id of the special that applies, if any. */
  specialId?: string;
  /** An image on a host that never resolves (a simulated CDN): see `imageUrl` in generate.ts. */
  imageUrl?: string;
}

/** The dispensary as the menu knows it. */
export interface MenuStore {
  key: string;
  name: string;
  lat?: number;
  lng?: number;
  address?: string;
}

export interface Menu {
  store: MenuStore;
  products: Product[];
  /** Product specials first, then store-wide ones. */
  specials: Special[];
}

/** The special a product carries, if any. */
export function specialOf(menu: Menu, product: Product): Special | undefined {
  return product.specialId === undefined
    ? undefined
    : menu.specials.find((special) => special.id === product.specialId);
}

/** Whether any size of the product has a price cut. */
export const isPriceCut = (product: Product) =>
  product.sizes.some((size) => size.sale !== undefined);

/** The sizes of a product a special applies to. */
export function coveredSizes(special: Special, product: Product): SizePrice[] {
  const { sizes } = special;
  return sizes === undefined
    ? product.sizes
    : product.sizes.filter((size) => sizes.includes(size.label));
}

/** The products a special applies to. */
export const productsOf = (menu: Menu, special: Special) =>
  menu.products.filter((product) => product.specialId === special.id);

/** A product's potency as a lab states it, in no platform's format: a range, its unit. */
export interface SimPotency {
  min: number;
  max: number;
  unit: '%' | 'mg';
}

/**
 * The THC and CBD of a product in one size: percents for the forms sold by weight, the package's
 * milligrams for edibles (the size's dose) and topicals.
 */
export function potencyOf(
  product: Product,
  size: SizePrice | undefined,
): { thc?: SimPotency; cbd?: SimPotency } {
  if (product.thcPercent !== undefined) {
    const thc = {
      min: product.thcPercent,
      max: product.thcPercentMax ?? product.thcPercent,
      unit: '%' as const,
    };
    const cbd =
      product.cbdPercent === undefined
        ? undefined
        : { min: product.cbdPercent, max: product.cbdPercent, unit: '%' as const };
    return cbd ? { thc, cbd } : { thc };
  }
  const thcMg = product.thcMg ?? size?.milligrams;
  const mg = (value: number | undefined) =>
    value === undefined ? undefined : { min: value, max: value, unit: 'mg' as const };
  const [thc, cbd] = [mg(thcMg), mg(product.cbdMg)];
  return { ...(thc ? { thc } : {}), ...(cbd ? { cbd } : {}) };
}

/** Whether one potency of the product holds for all its sizes (an edible sold in one size). */
export const oneDose = (product: Product) =>
  product.thcPercent !== undefined || product.thcMg !== undefined || product.sizes.length === 1;

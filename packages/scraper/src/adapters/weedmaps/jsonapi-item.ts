import type { Deal, StatedFigure, StatedPotencies } from '@stl-deals/domain';
import { at, list, money, text } from '../shared/deal-fields';
import { firstHttpUrl } from '../shared/links';
import { menuProductDeal, priceLessPercent } from '../shared/menu-product';
import { figure, productPotencies } from '../shared/potency';
import { strainTypeOf } from '../shared/product-fields';
import {
  productKeyOf,
  productPrice,
  sizedPlatformId,
  type ProductPrice,
} from '../shared/product-price';
import { productSize } from '../shared/size';
import { weedmapsCategory } from './categories';
import { itemLink } from './item-link';

/** Sizes read per item; real items have one to four. */
const MAX_VARIANTS = 20;

/** The JSON:API price keys, smallest first; 0 means 'not sold in that size' (platforms.md 3.2). */
const PRICE_KEYS: ReadonlyArray<readonly [key: string, size: string | undefined]> = [
  ['price_half_gram', '0.5g'],
  ['price_gram', '1g'],
  ['price_two_grams', '2g'],
  ['price_eighth', '1/8 oz'],
  ['price_quarter', '1/4 oz'],
  ['price_half_ounce', '1/2 oz'],
  ['price_ounce', '1 oz'],
  ['price_unit', undefined],
];

interface Priced {
  /** The size's own name on Weedmaps (the price slot, the variant's id or label): keys its price. */
  variant: string | undefined;
  price: number;
  size: string | undefined;
}

/** A menu item read: its deal, when it is one, and the price of each of its sizes. */
export interface ItemRead {
  deal: Deal | undefined;
  prices: ProductPrice[];
}

/** The priced slots of `prices`, smallest first; a slot of 0 is not sold. */
function slotPrices(prices: unknown): Priced[] {
  return PRICE_KEYS.flatMap(([key, size]) => {
    const price = money(at(prices, key));
    return price ? [{ variant: key, price, size }] : [];
  });
}

/**
 * `variants[]` (`{name: '5 grams', label: '5 g', price: {amount: '25.00'}, weight: {value, unit},
 * compliance_net_mg}`), where menus that price by variant keep every price, their `prices.*`
 * all 0 (real New Mexico menus, 2024).
 */
function variantPrices(variants: unknown): Priced[] {
  return list(variants)
    .slice(0, MAX_VARIANTS)
    .flatMap((variant) => {
      const price = money(at(variant, 'price', 'amount')) ?? money(at(variant, 'price'));
      const weight = at(variant, 'weight');
      const size = productSize([
        at(variant, 'label'),
        at(variant, 'name'),
        `${String(at(weight, 'value'))}${String(at(weight, 'unit'))}`,
      ]);
      const name = text(at(variant, 'id'), 40) ?? text(at(variant, 'label'), 40) ?? size;
      return price ? [{ variant: name, price, size }] : [];
    });
}

/** `sale: {amount: 25, type: 'percentage'}`: the only sale type seen; no sale price is given (3.2). */
function percentOff(attributes: unknown): number | undefined {
  const amount = at(attributes, 'sale', 'amount');
  return at(attributes, 'sale', 'type') === 'percentage' && typeof amount === 'number'
    ? amount
    : undefined;
}

/** Measurements read per item at most; real items have one or two. */
const MAX_MEASUREMENTS = 20;

/** A measurement's or a cannabinoid's name as the figure it is ('THC', 'THCA', 'Total THC'). */
function cannabinoidOf(name: unknown): keyof StatedPotencies | undefined {
  const key = text(name, 40)
    ?.toLowerCase()
    .replace(/[^a-z]/g, '');
  if (key === 'thc' || key === 'thcd' || key === 'deltathc') return 'thc';
  if (key === 'totalthc') return 'totalThc';
  if (key === 'thca') return 'thca';
  if (key === 'cbd') return 'cbd';
  if (key === 'cbda') return 'cbda';
  return undefined;
}

/**
 * The item's cannabinoids (real New Mexico menus, 2024): `measurements[]` of classification
 * 'cannabinoid', each `{name: 'THC', unit: 'mg' | '%', value: '100.0'}`; else `cannabinoids`,
 * `{thc: '16.9', cbd: '0.1'}` with no unit (the product's form decides it).
 */
function statedCannabinoids(attributes: unknown): StatedPotencies {
  const stated: StatedPotencies = {};
  for (const measurement of list(at(attributes, 'measurements')).slice(0, MAX_MEASUREMENTS)) {
    const classification = text(at(measurement, 'classification'));
    if (classification !== undefined && classification !== 'cannabinoid') continue;
    const name = cannabinoidOf(at(measurement, 'name'));
    const read = figure(at(measurement, 'value'), at(measurement, 'unit'));
    if (name && read && !stated[name]) stated[name] = read;
  }
  if (Object.keys(stated).length > 0) return stated;
  const cannabinoids = at(attributes, 'cannabinoids');
  for (const name of ['thc', 'cbd', 'thca', 'cbda'] as const) {
    const value = at(cannabinoids, name);
    const read: StatedFigure | undefined =
      value !== null && typeof value === 'object'
        ? figure(at(value, 'value'), at(value, 'unit'))
        : figure(value);
    if (read) stated[name] = read;
  }
  return stated;
}

/**
 * One JSON:API menu item (`{id, type: 'menu_item', attributes, links}`, platforms.md 3.2) as a
 * deal, and the price of each of its sizes, keyed by the item's `id` and the size's price slot
 * ('price_eighth') or variant. The item's percent off applies to every size.
 */
export function readJsonApiItem(item: unknown, listing: string | undefined): ItemRead {
  const attributes = at(item, 'attributes');
  const name = text(at(attributes, 'name'));
  // The sub-category first: 'Pre Roll' sits under 'Flower' in Weedmaps' tree.
  const category = weedmapsCategory(
    at(attributes, 'sub_category', 'name'),
    at(attributes, 'parent_category', 'name'),
    at(attributes, 'category_name'),
  );
  const slots = slotPrices(at(attributes, 'prices'));
  const priced = slots.length > 0 ? slots : variantPrices(at(attributes, 'variants'));
  const lead = priced[0];
  const netMg = money(at(attributes, 'compliance_net_mg'));
  // A variant's size is the item's own; a price slot's only rounds it, so what the item states
  // it weighs wins over its one slot ('2g Disposable' priced per unit).
  const own = slots.length === 0 ? lead?.size : undefined;
  const stated = productSize(
    [own, netMg && category !== 'edibles' ? `${Math.round(netMg) / 1000}g` : undefined],
    name,
  );
  const sizeOf = (each: Priced | undefined) =>
    priced.length <= 1 ? (stated ?? each?.size) : (each?.size ?? stated);
  const size = sizeOf(lead);
  const id = text(at(item, 'id'));
  const brand = text(at(attributes, 'brand_name'));
  const percent = percentOff(attributes);
  const keyOf = (each: Priced | undefined) =>
    productKeyOf({
      platformId: sizedPlatformId(id, each?.variant),
      brand,
      name,
      size: sizeOf(each),
      category,
    });
  const prices = priced.flatMap((each) =>
    productPrice(keyOf(each), each.price, priceLessPercent(each.price, percent), {
      size: sizeOf(each),
      category,
    }),
  );
  const deal = menuProductDeal({
    id,
    storeProductKey: keyOf(lead),
    brand,
    name,
    category,
    strainType: strainTypeOf(at(attributes, 'genetics')),
    potency: productPotencies(statedCannabinoids(attributes), { category, size, texts: [name] }),
    size,
    regularPrice: lead?.price,
    percentOff: percent,
    imageUrl: firstHttpUrl(at(attributes, 'avatar_image_url'), at(attributes, 'picture_url')),
    ...itemLink(listing, at(attributes, 'slug'), at(item, 'links', 'order')),
  });
  return { deal, prices };
}

import type { Deal } from '@stl-deals/domain';
import { at, money, text } from '../shared/deal-fields';
import { firstHttpUrl } from '../shared/links';
import {
  categoryOf,
  measurableSize,
  menuProductDeal,
  sizeInName,
  strainTypeOf,
} from '../shared/product-deal';
import { itemLink } from './item-link';

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

function firstPrice(prices: unknown): { price: number; size: string | undefined } | undefined {
  for (const [key, size] of PRICE_KEYS) {
    const price = money(at(prices, key));
    if (price) return { price, size };
  }
  return undefined;
}

/** `sale: {amount: 25, type: 'percentage'}`: the only sale type seen; no sale price is given (3.2). */
function percentOff(attributes: unknown): number | undefined {
  const amount = at(attributes, 'sale', 'amount');
  return at(attributes, 'sale', 'type') === 'percentage' && typeof amount === 'number'
    ? amount
    : undefined;
}

/** One JSON:API menu item (`{id, type: 'menu_item', attributes, links}`, platforms.md 3.2) as a deal. */
export function jsonApiItemDeal(item: unknown, listing: string | undefined): Deal | undefined {
  const attributes = at(item, 'attributes');
  const name = text(at(attributes, 'name'));
  const category = categoryOf(
    at(attributes, 'parent_category', 'name'),
    at(attributes, 'category_name'),
    at(attributes, 'sub_category', 'name'),
  );
  const priced = firstPrice(at(attributes, 'prices'));
  const netMg = money(at(attributes, 'compliance_net_mg'));
  return menuProductDeal({
    id: text(at(item, 'id')),
    brand: text(at(attributes, 'brand_name')),
    name,
    category,
    strainType: strainTypeOf(at(attributes, 'genetics')),
    size: measurableSize(
      category,
      priced?.size,
      sizeInName(name),
      netMg && category !== 'edibles' ? `${Math.round(netMg) / 1000}g` : undefined,
    ),
    regularPrice: priced?.price,
    percentOff: percentOff(attributes),
    imageUrl: firstHttpUrl(at(attributes, 'avatar_image_url'), at(attributes, 'picture_url')),
    sourceUrl: itemLink(listing, at(attributes, 'slug'), at(item, 'links', 'order')),
  });
}

import type { DealCategory } from '@stl-deals/domain';
import { at, isoInstant, list, money, text } from '../shared/deal-fields';
import { firstHttpUrl } from '../shared/links';
import { menuProductDeal } from '../shared/menu-product';
import { figure, productPotencies } from '../shared/potency';
import { strainTypeOf } from '../shared/product-fields';
import { productKeyOf, productPrice, sizedPlatformId } from '../shared/product-price';
import { productSize } from '../shared/size';
import { weedmapsCategory } from './categories';
import { itemLink } from './item-link';
import type { ItemRead } from './jsonapi-item';

/** Specials read per item; a real item carries one or two. */
const MAX_SPECIALS = 10;

/**
 * The spec's category from `edge_category`, the real product taxonomy: its own name ('Pre Roll'),
 * then its ancestors nearest first ('Flower'). `category` is the strain type for flower, so it
 * only helps when nothing else does (platforms.md 3.1).
 */
function categoryFrom(item: unknown): DealCategory | undefined {
  const ancestors = list(at(item, 'edge_category', 'ancestors')).map((node) => at(node, 'name'));
  return weedmapsCategory(
    at(item, 'edge_category', 'name'),
    ...ancestors.slice(0, 10).reverse(),
    at(item, 'category', 'name'),
  );
}

/** The priced net weight, `compliance_net_mg` (3500 -> '3.5g'), which fits the price better than the name. */
function netWeight(price: unknown, category: DealCategory | undefined): string | undefined {
  const mg = money(at(price, 'compliance_net_mg'));
  if (!mg || category === 'edibles') return undefined;
  return `${Math.round(mg) / 1000}g`;
}

function potencyText(item: unknown): string | undefined {
  const thc = at(item, 'metrics', 'aggregates', 'thc');
  const unit = text(at(item, 'metrics', 'aggregates', 'thc_unit'));
  return typeof thc === 'number' && thc > 0 && thc <= 100 && unit === '%'
    ? `${Math.round(thc * 10) / 10}% THC`
    : undefined;
}

/**
 * The item's prices. A sale is `price.on_sale` with `original_price` above `price`; `on_sale`
 * alone is not trusted (platforms.md 3.1).
 */
function pricesOf(price: unknown): { regularPrice?: number; salePrice?: number } {
  const current = money(at(price, 'price'));
  const original = money(at(price, 'original_price'));
  const onSale = at(price, 'on_sale') === true;
  if (onSale && current !== undefined && original !== undefined && original > current) {
    return { regularPrice: original, salePrice: current };
  }
  return { regularPrice: current };
}

/**
 * The specials that apply, asked for with `include[]=applicable_specials`. Their shape is not
 * confirmed by a real capture (platforms.md 3.1): `title` (or `name`) and `ends_at` are read.
 */
function specialsOf(item: unknown) {
  const specials = list(at(item, 'applicable_specials')).slice(0, MAX_SPECIALS);
  const titles = specials.map((special) => text(at(special, 'title')) ?? text(at(special, 'name')));
  const endsAt = specials.map((special) => isoInstant(at(special, 'ends_at'))).find(Boolean);
  return { titles, endsAt };
}

/**
 * One discovery menu item as a deal (platforms.md 3.1), and its price: an item is priced in one
 * size (`price`), keyed by the item's `id` and the size's `label` ('1/8 oz').
 */
export function readDiscoveryItem(item: unknown, listing: string | undefined): ItemRead {
  const category = categoryFrom(item);
  const name = text(at(item, 'name'));
  const price = at(item, 'price');
  const { titles, endsAt } = specialsOf(item);
  const id = text(at(item, 'id'));
  // `brand` is usually null; the brand is in `brand_endorsement` (platforms.md 3.1).
  const brand =
    text(at(item, 'brand_endorsement', 'brand_name')) ?? text(at(item, 'brand', 'name'));
  const size = productSize([at(price, 'label'), netWeight(price, category)], name);
  const platformId = sizedPlatformId(id, text(at(price, 'label'), 40));
  const key = productKeyOf({ platformId, brand, name, size, category });
  const prices = pricesOf(price);
  // `metrics.aggregates{thc, thc_unit, cbd, cbd_unit}` (platforms.md 3.1): '%' or 'mg'.
  const aggregates = at(item, 'metrics', 'aggregates');
  const potency = productPotencies(
    {
      thc: figure(at(aggregates, 'thc'), at(aggregates, 'thc_unit')),
      cbd: figure(at(aggregates, 'cbd'), at(aggregates, 'cbd_unit')),
    },
    { category, size, texts: [name] },
  );
  const deal = menuProductDeal({
    id,
    storeProductKey: key,
    brand,
    name,
    category,
    strainType: strainTypeOf(at(item, 'category', 'name')),
    potency,
    size,
    ...prices,
    specialName: titles.find(Boolean),
    specialText: titles,
    endsAt,
    extras: [potencyText(item)],
    imageUrl: firstHttpUrl(
      at(item, 'avatar_image', 'large_url'),
      at(item, 'avatar_image', 'original_url'),
    ),
    ...itemLink(listing, at(item, 'slug')),
  });
  return {
    deal,
    prices: productPrice(key, prices.regularPrice, prices.salePrice, { size, category }),
  };
}

import type { Deal } from '@stl-deals/domain';
import { coveredSizes, potencyOf, productsOf, type Menu, type Special } from '../../menu/model';
import { percentSaved, priceWording } from '../../menu/wording';

/**
 * The neutral menu as a feed: the contract's Deal array an operator publishes for its own stores
 * (the `feed` platform). Only what is on special is listed; `link` is the store's specials page.
 */
export function feedDeals(menu: Menu, link: string): Deal[] {
  return menu.specials.flatMap((special) =>
    special.scope === 'store' ? [storeDeal(special, link)] : productDeals(menu, special, link),
  );
}

function productDeals(menu: Menu, special: Special, link: string): Deal[] {
  return productsOf(menu, special).flatMap((product) => {
    const size = coveredSizes(special, product)[0];
    if (!size) return [];
    const onSale = size.sale !== undefined;
    return [
      {
        id: `${product.id}:${size.label}`,
        title: `${product.brand} ${product.name}`,
        description: `${special.name} · ${size.label}`,
        price: onSale ? priceWording(size) : special.label,
        imageUrl: product.imageUrl ?? '',
        sourceUrl: `${link}#${product.slug}`,
        category: product.category,
        brand: product.brand,
        strainType: product.strainType,
        ...potencyOf(product, size),
        size: size.label,
        regularPrice: size.price,
        salePrice: size.sale,
        discountPercent: percentSaved(size),
        specialName: special.name,
        validDays: special.days,
        endsAt: special.endsAt,
      },
    ];
  });
}

function storeDeal(special: Special, link: string): Deal {
  return {
    id: special.id,
    title: special.name,
    description: special.description,
    price: special.label,
    imageUrl: '',
    sourceUrl: link,
    specialName: special.name,
    validDays: special.days,
    endsAt: special.endsAt,
  };
}

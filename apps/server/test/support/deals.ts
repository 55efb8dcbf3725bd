import type { Deal } from '@stl-deals/domain';

/** `count` clean deals of one dispensary, as a feed sends them; `discount` sets their depth. */
export function feedDeals(key: string, count: number, discount = 20): Deal[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${key}-${index}`,
    title: `${discount}% off house gummies, pack ${index + 1} at ${key}`,
    description: 'Every flavour, while supplies last.',
    price: '$16 (was $20)',
    imageUrl: `https://images.example.com/${key}/${index}.jpg`,
    sourceUrl: `https://menus.example.com/${key}/${index}`,
    discountPercent: discount,
  }));
}

/** One product on deal at a store, as a feed sends it: Proper Super Boof 7g at `price` dollars. */
export function productDeal(key: string, price: number): Deal {
  return {
    id: `${key}-boof`,
    title: 'Proper Super Boof 7g',
    description: 'Flower, a quarter ounce.',
    brand: 'Proper',
    size: '7g',
    category: 'flower',
    price: `$${price} (was $40)`,
    imageUrl: `https://images.example.com/${key}/boof.jpg`,
    sourceUrl: `https://menus.example.com/${key}/boof`,
  };
}

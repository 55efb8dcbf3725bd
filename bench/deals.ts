import type { Deal, DealCategory, Dispensary, Weekday } from '@stl-deals/domain';
import { WEEKDAYS } from '@stl-deals/domain';
import { loadRegistry, type Registry } from '@stl-deals/scraper';

/** A small seeded PRNG (mulberry32): the same deals on every run, so runs compare. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const BRANDS = [
  'Proper',
  'Flora Farms',
  'Illicit',
  'Good Day Farm',
  'Clovr',
  'Sinse',
  'Vivid',
  'Codes',
  'Platinum Vape',
  'Head Change',
  'Robhots',
  'Wana',
  'Kushy Punch',
  'Heartland Labs',
];
const STRAINS = [
  'Blue Dream',
  'Sour Diesel',
  'Gelato 41',
  'Wedding Cake',
  'Runtz',
  'Gary Payton',
  'Ice Cream Cake',
  'Lemon Cherry Gelato',
  'GMO Cookies',
  'Jealousy',
];
const PRODUCTS: ReadonlyArray<{
  category: DealCategory;
  noun: string;
  size: string;
  shelf: number;
}> = [
  { category: 'flower', noun: 'flower eighth', size: '3.5g', shelf: 45 },
  { category: 'flower', noun: 'flower quarter', size: '7g', shelf: 80 },
  { category: 'pre-rolls', noun: 'pre-roll 2-pack', size: '1g', shelf: 14 },
  { category: 'vapes', noun: 'vape cartridge', size: '1g', shelf: 50 },
  { category: 'concentrates', noun: 'live resin badder', size: '1g', shelf: 55 },
  { category: 'edibles', noun: 'gummies', size: '100mg', shelf: 20 },
  { category: 'topicals', noun: 'relief balm', size: '500mg', shelf: 40 },
  { category: 'accessories', noun: 'glass pipe', size: '1 each', shelf: 25 },
];

/** The 39 dispensaries of the bundled registry, with the locations it knows. */
export async function benchRegistry(): Promise<Registry> {
  return loadRegistry();
}

export function dispensariesOf(registry: Registry): Dispensary[] {
  return registry.dispensaries.map(({ key, name, lat, lng, address }) => ({
    key,
    name,
    lat: lat ?? null,
    lng: lng ?? null,
    ...(address ? { address } : {}),
  }));
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/**
 * `perDispensary` deals for one dispensary, as a feed sends them: real categories, brands and
 * strains, Missouri shelf prices with 10-50% off, a quarter of them valid on some days only.
 */
export function dispensaryDeals(
  dispensary: Pick<Dispensary, 'key' | 'name'>,
  perDispensary: number,
  random: () => number,
): Deal[] {
  return Array.from({ length: perDispensary }, (_, index) => {
    const product = pick(random, PRODUCTS);
    const brand = pick(random, BRANDS);
    const strain = pick(random, STRAINS);
    const discount = 10 + 5 * Math.floor(random() * 9);
    const sale = Math.round(product.shelf * (100 - discount)) / 100;
    const days: Weekday[] | undefined =
      random() < 0.25 ? WEEKDAYS.filter(() => random() < 0.5) : undefined;
    return {
      id: `${dispensary.key}-${index}`,
      title: `${discount}% off ${brand} ${strain} ${product.noun}`,
      description: `${brand} ${product.noun} (${product.size}) at ${dispensary.name}, while supplies last.`,
      price: `$${sale.toFixed(2)} (was $${product.shelf})`,
      imageUrl: `https://images.example.com/${dispensary.key}/${index}.jpg`,
      sourceUrl: `https://menus.example.com/${dispensary.key}/specials/${index}`,
      category: product.category,
      brand,
      size: product.size,
      regularPrice: product.shelf,
      salePrice: sale,
      discountPercent: discount,
      ...(days && days.length > 0 ? { validDays: days } : {}),
      firstSeenAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 30))).toISOString(),
    };
  });
}

/** About `total` deals over every dispensary, stamped with it as the service sends them. */
export function allDeals(dispensaries: readonly Dispensary[], total: number, seed = 42): Deal[] {
  const random = seeded(seed);
  const per = Math.ceil(total / dispensaries.length);
  return dispensaries
    .flatMap((dispensary) =>
      dispensaryDeals(dispensary, per, random).map((deal) => ({
        ...deal,
        dispensary: dispensary.name,
        dispensaryKey: dispensary.key,
      })),
    )
    .slice(0, total);
}

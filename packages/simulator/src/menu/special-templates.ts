import type { Weekday } from '@stl-deals/domain';
import type { Product, ProductCategory, Saving } from './model';
import type { Random } from '../random';

/**
 * The deal formats St. Louis stores run (stl-notes.md section 6): percent and dollars off a brand
 * or a category, target-price eighths, BOGO and B2G1, 'N for $X' bundles (the 2021 flyer's Friday
 * '2 for $80' eighths), weekday specials, and store-wide cards such as the veterans' Monday 20%.
 * Weekday names like 'Wax Wednesday' are industry-wide naming, not seen in a St. Louis source.
 */

/** A special before it gets its ids and dates: its words, its saving and what it covers. */
export interface SpecialDraft {
  name: string;
  description: string;
  saving: Saving;
  days?: Weekday[];
  /** Which products it covers; absent for a store-wide card. */
  covers?: (product: Product) => boolean;
  /** The size labels a price cut or bundle applies to; absent means every size. */
  sizes?: readonly string[];
  /** Recurring weekday specials have no end; others may. */
  recurring: boolean;
}

/** Makes a draft for a menu, or undefined when the menu has nothing it could cover. */
export type SpecialTemplate = (
  products: readonly Product[],
  random: Random,
) => SpecialDraft | undefined;

const inCategory = (category: ProductCategory) => (product: Product) =>
  product.category === category;

const bySubcategory = (subcategory: string) => (product: Product) =>
  product.subcategory === subcategory;

const ofBrand = (brand: string, category: ProductCategory) => (product: Product) =>
  product.brand === brand && product.category === category;

/** A brand the menu carries in `category`, or undefined. */
function brandIn(
  products: readonly Product[],
  category: ProductCategory,
  random: Random,
): string | undefined {
  const brands = [...new Set(products.filter(inCategory(category)).map((p) => p.brand))];
  return brands.length > 0 ? random.pick(brands) : undefined;
}

/** A special on one brand's products of a category. */
function brandSpecial(
  category: ProductCategory,
  make: (brand: string, random: Random) => Omit<SpecialDraft, 'covers' | 'recurring'>,
): SpecialTemplate {
  return (products, random) => {
    const brand = brandIn(products, category, random);
    if (!brand) return undefined;
    return { ...make(brand, random), covers: ofBrand(brand, category), recurring: false };
  };
}

/** A recurring weekday special on a category (or one of its subtypes). */
function weekdaySpecial(
  draft: Omit<SpecialDraft, 'recurring' | 'covers'>,
  covers: (product: Product) => boolean,
): SpecialTemplate {
  return (products) => (products.some(covers) ? { ...draft, covers, recurring: true } : undefined);
}

export const PRODUCT_SPECIALS: readonly SpecialTemplate[] = [
  weekdaySpecial(
    {
      name: 'Munchie Monday: 20% Off Edibles',
      description: 'Every Monday, 20% off all gummies, chocolates and drinks.',
      saving: { kind: 'percent', percent: 20 },
      days: ['monday'],
    },
    inCategory('edibles'),
  ),
  weekdaySpecial(
    {
      name: 'Terp Tuesday: $10 Off Live Resin',
      description: 'Tuesdays only: $10 off any live resin badder.',
      saving: { kind: 'dollars', dollars: 10 },
      days: ['tuesday'],
    },
    bySubcategory('Live Resin'),
  ),
  weekdaySpecial(
    {
      name: 'Wax Wednesday: 20% Off Concentrates',
      description: 'Every Wednesday: 20% off all concentrates.',
      saving: { kind: 'percent', percent: 20 },
      days: ['wednesday'],
    },
    inCategory('concentrates'),
  ),
  weekdaySpecial(
    {
      name: 'Thursday: 2 for $60 Carts',
      description: 'Mix and match any two half-gram cartridges on Thursdays.',
      saving: { kind: 'bundle', count: 2, price: 60 },
      days: ['thursday'],
      sizes: ['0.5g'],
    },
    bySubcategory('Cartridge'),
  ),
  weekdaySpecial(
    {
      name: 'Flower Friday: 2 for $80 Eighths',
      description: 'Any two eighths for $80, every Friday.',
      saving: { kind: 'bundle', count: 2, price: 80 },
      days: ['friday'],
      sizes: ['3.5g'],
    },
    bySubcategory('Whole Flower'),
  ),
  weekdaySpecial(
    {
      name: 'Saturday: 3 for $30 Pre-Rolls',
      description: 'Three single pre-rolls for $30 on Saturdays.',
      saving: { kind: 'bundle', count: 3, price: 30 },
      days: ['saturday'],
    },
    bySubcategory('Pre-Roll'),
  ),
  weekdaySpecial(
    {
      name: 'Sunday Funday: 15% Off Vapes',
      description: 'Sundays: 15% off every cartridge and disposable.',
      saving: { kind: 'percent', percent: 15 },
      days: ['sunday'],
    },
    inCategory('vapes'),
  ),
  brandSpecial('flower', (brand, random) => {
    const percent = random.pick([15, 20, 25, 30]);
    return {
      name: `${percent}% Off ${brand}`,
      description: `Every ${brand} flower, all week.`,
      saving: { kind: 'percent', percent },
    };
  }),
  brandSpecial('flower', (brand, random) => {
    const dollars = random.pick([5, 10]);
    return {
      name: `$${dollars} Off ${brand} Eighths`,
      description: `Any ${brand} 3.5g.`,
      saving: { kind: 'dollars', dollars },
      sizes: ['3.5g'],
    };
  }),
  brandSpecial('flower', (brand, random) => {
    const price = random.pick([25, 28, 30]);
    return {
      name: `$${price} ${brand} Eighths`,
      description: `Select ${brand} 3.5g flower on sale for $${price} while supplies last.`,
      saving: { kind: 'target', price },
      sizes: ['3.5g'],
    };
  }),
  brandSpecial('flower', (brand) => ({
    name: `4 for $110 ${brand} Eighths`,
    description: `Mix and match any four ${brand} eighths.`,
    saving: { kind: 'bundle', count: 4, price: 110 },
    sizes: ['3.5g'],
  })),
  brandSpecial('edibles', (brand) => ({
    name: `BOGO ${brand} Edibles`,
    description: `Buy one ${brand} edible, get one free.`,
    saving: { kind: 'bogo', buy: 1, get: 1 },
  })),
  brandSpecial('pre-rolls', (brand) => ({
    name: `B2G1 ${brand} Pre-Rolls`,
    description: `Buy two ${brand} pre-rolls, get the third free.`,
    saving: { kind: 'bogo', buy: 2, get: 1 },
  })),
  brandSpecial('vapes', (brand, random) => {
    const price = random.pick([55, 60, 65]);
    return {
      name: `2 for $${price} ${brand} Carts`,
      description: `Any two ${brand} cartridges.`,
      saving: { kind: 'bundle', count: 2, price },
    };
  }),
  brandSpecial('vapes', (brand, random) => {
    const percent = random.pick([20, 25, 30]);
    return {
      name: `${percent}% Off ${brand} Vapes`,
      description: `All ${brand} cartridges and disposables.`,
      saving: { kind: 'percent', percent },
    };
  }),
  brandSpecial('concentrates', (brand, random) => {
    const percent = random.pick([25, 30, 35]);
    return {
      name: `${percent}% Off ${brand} Concentrates`,
      description: `Badder, rosin and more from ${brand}.`,
      saving: { kind: 'percent', percent },
    };
  }),
  brandSpecial('edibles', (brand, random) => {
    const dollars = random.pick([3, 5]);
    return {
      name: `$${dollars} Off ${brand} Edibles`,
      description: `Every ${brand} gummy, chocolate and drink.`,
      saving: { kind: 'dollars', dollars },
    };
  }),
  (products) =>
    products.some(bySubcategory('Smalls'))
      ? {
          name: 'Half Off Smalls',
          description: 'Select smalls at half price.',
          saving: { kind: 'percent', percent: 50 },
          covers: bySubcategory('Smalls'),
          recurring: false,
        }
      : undefined,
];

/** Store-wide cards: no product carries them, and only the store's special list shows them. */
export const STORE_SPECIALS: readonly SpecialDraft[] = [
  {
    name: 'Veterans Monday: 20% Off',
    description: 'Veterans save 20% storewide every Monday with a military ID.',
    saving: { kind: 'percent', percent: 20 },
    days: ['monday'],
    recurring: true,
  },
  {
    name: 'First-Time Customers: 25% Off',
    description: 'Welcome! 25% off your first order.',
    saving: { kind: 'percent', percent: 25 },
    recurring: false,
  },
  {
    name: 'Birthday Month: 15% Off',
    description: 'Show your ID during your birthday month and save 15% on one order.',
    saving: { kind: 'percent', percent: 15 },
    recurring: false,
  },
  {
    name: 'Medical Patients: 10% Off Every Day',
    description: 'Missouri medical card holders save 10% on every visit.',
    saving: { kind: 'percent', percent: 10 },
    recurring: true,
  },
];

/**
 * The fallback that makes sure every menu has price cuts, so every platform (Leafly shows only
 * prices) yields deals.
 */
export const MANAGER_SPECIAL: SpecialDraft = {
  name: "Manager's Special: 20% Off Select Items",
  description: 'Hand-picked items at 20% off this week.',
  saving: { kind: 'percent', percent: 20 },
  recurring: false,
};

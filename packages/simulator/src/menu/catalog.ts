import type { ProductCategory } from './model';

/**
 * What St. Louis menus carry, from ../shared/data/stl-notes.md: the Missouri brands of section 5
 * by what they make, and shelf prices at the 2025-26 adult-use level (an eighth about $35-55
 * before a special; the deal thresholds of section 6 sit below these: eighth $25, vape $30,
 * edible $16, concentrate $48, pre-roll $10).
 */

export const BRANDS: Readonly<Record<ProductCategory, readonly string[]>> = {
  flower: [
    'Proper',
    'Flora Farms',
    'Illicit',
    'From The Earth',
    'Good Day Farm',
    'Clovr',
    'Sinse',
    'Cloud Cover',
    'Vivid',
    'Codes',
    'Ostara',
    'BeLeaf',
    'Elevate',
    'Amaze',
    'Greenlight',
    'Star Buds',
    'Key Cannabis',
    'Local Cannabis Co',
    "Missouri's Own",
    'Nature Med',
    'Terrabis',
    'Fresh Green',
    'Old Route 66',
    'Sundro',
  ],
  'pre-rolls': ['Proper', 'Illicit', 'Flora Farms', 'Sinse', 'Good Day Farm', 'Vivid', 'Codes'],
  vapes: [
    'Proper',
    'Platinum Vape',
    'Galactic',
    'Illicit',
    'Flora Farms',
    'Head Change',
    'Amaze',
    'Vertical',
    'Heya',
    'Rove',
  ],
  concentrates: [
    'Flora Farms',
    'Illicit',
    'Sinse',
    'Head Change',
    'Vivid',
    'Solhaus',
    'C4',
    'Cloud Cover',
    'Dialed In',
  ],
  edibles: [
    'Robhots',
    'Wana',
    'Good Day Farm',
    'Kushy Punch',
    'Keef',
    'Zoet',
    'Kizmet',
    'Honeybee',
    'Wyld',
    'Farmer G',
  ],
  topicals: ['Heartland Labs', 'Canna Mojo', 'Ratio'],
};

export const STRAINS: readonly string[] = [
  'Blue Dream',
  'Sour Diesel',
  'Gelato 41',
  'Wedding Cake',
  'Lemon Fire MAC',
  'Jealousy',
  'Runtz',
  'Apple Fritter',
  'Grape Gas',
  'Tropicana Cherry',
  'Banana Runtz',
  'Sherbhead',
  'Purple Punch',
  'Ice Cream Cake',
  'Biscotti',
  'Durban Poison',
  'Jack Herer',
  'Pineapple Express',
  'Blue Frost',
  'Grape Pie',
  'Cereal Milk',
  'Triangle Kush',
  'Mimosa',
  'Gary Payton',
  'Oreoz',
  'Peanut Butter Breath',
  'Lemon Cherry Gelato',
  'Animal Mints',
  'Kush Mints',
  'Zoap',
  'Super Boof',
  'Permanent Marker',
  'Gush Mints',
  'Strawberry Cough',
  'Northern Lights',
  'Sunset Sherbet',
];

export const EDIBLE_FLAVORS: readonly string[] = [
  'Watermelon',
  'Blue Raspberry',
  'Sour Apple',
  'Pomegranate',
  'Mango',
  'Tart Cherry',
  'Peach',
  'Strawberry Lemonade',
  'Huckleberry',
  'Dark Chocolate Sea Salt',
];

/** One size a category is sold in, with its shelf price range in dollars. */
export interface SizeTemplate {
  label: string;
  grams?: number;
  milligrams?: number;
  units?: number;
  price: readonly [min: number, max: number];
}

/** A product line: its subtype, how its name is made, and the sizes it comes in. */
export interface ProductLine {
  subcategory: string;
  /** Builds the product name from a strain or a flavor. */
  name: (variety: string) => string;
  /** Strains for flower-like lines, flavors for edibles. */
  varieties: 'strains' | 'flavors';
  sizes: readonly SizeTemplate[];
  /** How many of the sizes a product offers at most (the smallest ones first). */
  maxSizes: number;
  thc?: readonly [min: number, max: number];
}

export const LINES: Readonly<Record<ProductCategory, readonly ProductLine[]>> = {
  flower: [
    {
      subcategory: 'Whole Flower',
      name: (strain) => strain,
      varieties: 'strains',
      sizes: [
        { label: '3.5g', grams: 3.5, price: [35, 55] },
        { label: '7g', grams: 7, price: [65, 95] },
        { label: '14g', grams: 14, price: [110, 160] },
        { label: '28g', grams: 28, price: [180, 260] },
      ],
      maxSizes: 3,
      thc: [19, 32],
    },
    {
      subcategory: 'Smalls',
      name: (strain) => `${strain} Smalls`,
      varieties: 'strains',
      sizes: [
        { label: '7g', grams: 7, price: [45, 60] },
        { label: '14g', grams: 14, price: [80, 110] },
      ],
      maxSizes: 2,
      thc: [18, 27],
    },
  ],
  'pre-rolls': [
    {
      subcategory: 'Pre-Roll',
      name: (strain) => `${strain} Pre-Roll`,
      varieties: 'strains',
      sizes: [{ label: '1g', grams: 1, price: [10, 15] }],
      maxSizes: 1,
      thc: [20, 30],
    },
    {
      subcategory: 'Pre-Roll Pack',
      name: (strain) => `${strain} Pre-Roll 5-Pack`,
      varieties: 'strains',
      sizes: [{ label: '0.5g x 5', grams: 2.5, units: 5, price: [25, 40] }],
      maxSizes: 1,
      thc: [20, 30],
    },
    {
      subcategory: 'Infused Pre-Roll',
      name: (strain) => `${strain} Infused Pre-Roll`,
      varieties: 'strains',
      sizes: [{ label: '1g', grams: 1, price: [18, 25] }],
      maxSizes: 1,
      thc: [35, 45],
    },
  ],
  vapes: [
    {
      subcategory: 'Cartridge',
      name: (strain) => `${strain} Cartridge`,
      varieties: 'strains',
      sizes: [
        { label: '0.5g', grams: 0.5, price: [30, 40] },
        { label: '1g', grams: 1, price: [45, 60] },
      ],
      maxSizes: 2,
      thc: [80, 92],
    },
    {
      subcategory: 'Disposable',
      name: (strain) => `${strain} All-In-One Disposable`,
      varieties: 'strains',
      sizes: [{ label: '0.5g', grams: 0.5, price: [35, 45] }],
      maxSizes: 1,
      thc: [80, 90],
    },
  ],
  concentrates: [
    {
      subcategory: 'Live Resin',
      name: (strain) => `${strain} Live Resin Badder`,
      varieties: 'strains',
      sizes: [{ label: '1g', grams: 1, price: [40, 60] }],
      maxSizes: 1,
      thc: [70, 85],
    },
    {
      subcategory: 'Rosin',
      name: (strain) => `${strain} Live Rosin`,
      varieties: 'strains',
      sizes: [{ label: '1g', grams: 1, price: [55, 75] }],
      maxSizes: 1,
      thc: [68, 80],
    },
  ],
  edibles: [
    {
      subcategory: 'Gummies',
      name: (flavor) => `${flavor} Gummies`,
      varieties: 'flavors',
      sizes: [
        { label: '100mg', milligrams: 100, price: [18, 25] },
        { label: '200mg', milligrams: 200, price: [32, 40] },
      ],
      maxSizes: 2,
    },
    {
      subcategory: 'Chocolate',
      name: (flavor) => `${flavor} Chocolate Bar`,
      varieties: 'flavors',
      sizes: [{ label: '100mg', milligrams: 100, price: [20, 26] }],
      maxSizes: 1,
    },
    {
      subcategory: 'Beverage',
      name: (flavor) => `${flavor} Seltzer`,
      varieties: 'flavors',
      sizes: [{ label: '10mg', milligrams: 10, price: [6, 9] }],
      maxSizes: 1,
    },
  ],
  topicals: [
    {
      subcategory: 'Balm',
      name: (flavor) => `${flavor} Relief Balm`,
      varieties: 'flavors',
      sizes: [{ label: '1oz', grams: 28, price: [40, 60] }],
      maxSizes: 1,
    },
  ],
};

/** How often each category appears on a menu, in percent (flower leads, as on every menu). */
export const CATEGORY_WEIGHTS: ReadonlyArray<readonly [ProductCategory, number]> = [
  ['flower', 38],
  ['pre-rolls', 15],
  ['vapes', 18],
  ['concentrates', 10],
  ['edibles', 16],
  ['topicals', 3],
];

/** Topicals take scents rather than candy flavors. */
export const TOPICAL_SCENTS: readonly string[] = [
  'Eucalyptus',
  'Lavender',
  'Peppermint',
  'Unscented',
];

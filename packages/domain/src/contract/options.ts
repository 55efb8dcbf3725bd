import { WEEKDAYS } from './constants';
import type { DealCategory } from './values';

/** The choices of the filter panel (spec section 2), as data the page renders. */
export interface Option<Value extends string> {
  value: Value;
  label: string;
  enabled?: boolean;
}

export type CategoryFilter = 'all' | DealCategory;

export const CATEGORY_OPTIONS: ReadonlyArray<Option<CategoryFilter>> = [
  { value: 'all', label: 'All Categories' },
  { value: 'flower', label: 'Flower' },
  { value: 'edibles', label: 'Edibles' },
  { value: 'concentrates', label: 'Concentrates' },
  { value: 'vapes', label: 'Vapes' },
  { value: 'pre-rolls', label: 'Pre-Rolls' },
  { value: 'topicals', label: 'Topicals' },
  { value: 'accessories', label: 'Accessories' },
  { value: 'other', label: 'Other' },
];

export const SORT_KEYS = [
  'relevance',
  'price-low',
  'price-high',
  'discount',
  'real-discount',
  'unit-price',
  'thc-value',
  'newest',
  'dispensary',
  'category',
  'category-dispensary',
  'distance',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/**
 * The spec's seven sorts and five more (biggest discount, best real discount, lowest unit price,
 * most THC per dollar, newest); distance is enabled only once the visitor's location is known.
 */
export function sortOptions(locationKnown: boolean): Array<Option<SortKey>> {
  return [
    { value: 'relevance', label: 'Relevance' },
    { value: 'price-low', label: 'Price: Low to High' },
    { value: 'price-high', label: 'Price: High to Low' },
    { value: 'discount', label: 'Biggest discount' },
    { value: 'real-discount', label: 'Best real discount' },
    { value: 'unit-price', label: 'Lowest unit price' },
    { value: 'thc-value', label: 'Most THC per dollar' },
    { value: 'newest', label: 'Newest' },
    { value: 'dispensary', label: 'Dispensary Name' },
    { value: 'category', label: 'Category' },
    { value: 'category-dispensary', label: 'Category, then Dispensary' },
    { value: 'distance', label: 'Distance: Near to Far', enabled: locationKnown },
  ];
}

export const DISTANCE_RADII = ['all', '5', '10', '25', '50'] as const;
export type DistanceRadius = (typeof DISTANCE_RADII)[number];

/**
 * The Size filter's choices: any size, or one of the weights dispensaries sell flower and
 * concentrates in (the gram and the ounce's fractions). How close a deal's size must be to count
 * as one of them is `matchesSize`'s decision.
 */
export const SIZE_FILTERS = ['any', 'gram', 'eighth', 'quarter', 'half', 'ounce'] as const;
export type SizeFilter = (typeof SIZE_FILTERS)[number];

export const SIZE_OPTIONS: ReadonlyArray<Option<SizeFilter>> = [
  { value: 'any', label: 'Any size' },
  { value: 'gram', label: '1 g' },
  { value: 'eighth', label: '1/8 oz' },
  { value: 'quarter', label: '1/4 oz' },
  { value: 'half', label: '1/2 oz' },
  { value: 'ounce', label: '1 oz' },
];

/**
 * The 'Prices with tax' switch: off (shelf prices, the default), or prices with the taxes of an
 * adult-use ('rec') or a medical ('med') sale (see `outTheDoorPrice`).
 */
export const TAX_CHOICES = ['off', 'rec', 'med'] as const;
export type TaxChoice = (typeof TAX_CHOICES)[number];

export const TAX_OPTIONS: ReadonlyArray<Option<TaxChoice>> = [
  { value: 'off', label: 'Off' },
  { value: 'rec', label: 'Adult-use' },
  { value: 'med', label: 'Medical' },
];

export const PAGE_SIZES = [12, 24, 48] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 12;

/**
 * The 'Deals for' choices: today (the spec's day filter, the default), tomorrow, or a
 * weekday by name; the day filter then shows that day's deals.
 */
/**
 * 'Open now': every store, or only the stores whose hours say they are open at this moment (a
 * store whose hours are unknown is left out: the page never guesses that a store is open).
 */
export const OPEN_CHOICES = ['any', 'now'] as const;
export type OpenChoice = (typeof OPEN_CHOICES)[number];

export const OPEN_OPTIONS: ReadonlyArray<Option<OpenChoice>> = [
  { value: 'any', label: 'Any time' },
  { value: 'now', label: 'Open now' },
];

export const DAY_CHOICES = ['today', 'tomorrow', ...WEEKDAYS] as const;
export type DayChoice = (typeof DAY_CHOICES)[number];

import type { Deal } from '../contract/deal';
import type { DealCategory } from '../contract/values';
import { STRAIN_NAMES } from '../data/strain-names';
import { keywordMatcher } from './keywords';

type Category = Exclude<DealCategory, 'other'>;

/**
 * The spec's category keywords (section 3), in two tiers. The spec leaves the order open; we try
 * the most specific first, so a 'live resin cart' is a vape, a 'joint' of some strain is a
 * pre-roll and 'flower' is what is left. Irregular plurals are listed as their own keywords.
 *
 * Strong keywords name a product form and are read first. Weak ones ('cookie', 'cream' and the
 * flower words) are parts of strain names as often as product words ('Girl Scout Cookies', 'Ice
 * Cream Cake'), so they are read only after the strong signals (weights, 'smalls', mg).
 */
export const CATEGORY_KEYWORDS: ReadonlyArray<{
  category: Category;
  keywords: readonly string[];
  weak?: true;
}> = [
  { category: 'pre-rolls', keywords: ['pre-roll', 'pre roll', 'preroll', 'joint', 'blunt'] },
  { category: 'vapes', keywords: ['vape', 'cartridge', 'cart', 'pen'] },
  { category: 'concentrates', keywords: ['concentrate', 'wax', 'shatter', 'live resin', 'rosin'] },
  { category: 'edibles', keywords: ['edible', 'gummy', 'gummies', 'chocolate'] },
  { category: 'topicals', keywords: ['topical', 'balm', 'lotion'] },
  { category: 'accessories', keywords: ['accessory', 'accessories', 'pipe', 'grinder', 'papers'] },
  { category: 'edibles', keywords: ['cookie'], weak: true },
  { category: 'topicals', keywords: ['cream'], weak: true },
  { category: 'flower', keywords: ['flower', 'bud', 'strain'], weak: true },
];

const matchersOf = (weak: boolean) =>
  CATEGORY_KEYWORDS.filter((group) => (group.weak ?? false) === weak).map(
    ({ category, keywords }) => ({ category, matches: keywordMatcher(keywords) }),
  );

const STRONG = matchersOf(false);
const WEAK = matchersOf(true);

/** Beyond the spec's table: the flower words Missouri menus use most ('Smalls', 'Eighths'). */
const FLOWER_WORDS = keywordMatcher(['smalls', 'shake', 'popcorn', 'eighth', 'quarter ounce']);

/**
 * A flower weight: the sizes flower is sold in, 1, 2, 3.5, 7, 14 or 28 g, or 1/8, 1/4, 1/2 or 1 oz
 * ('3.5g', '7 g', '1/8 oz', '1/8th'). Other weights (a 2 oz cream) tell nothing.
 */
const FLOWER_WEIGHT =
  /(?<![\p{L}\p{N}.])(?:(?:1|2|3\.5|7|14|28)\s?(?:g|grams?)|(?:1\/8|1\/4|1\/2|1)\s?(?:oz|ounces?)|1\/8th)(?![\p{L}\p{N}])/iu;

/** A dose in milligrams ('100mg', '10 mg'): edibles, unless a strong keyword said otherwise. */
const MILLIGRAMS = /(?<![\p{L}\p{N}.])\d+(?:\.\d+)?\s?mg(?![\p{L}\p{N}])/iu;

const STRAIN_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...STRAIN_NAMES]
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

/**
 * A deal's category:
 * 1. the one it was sent with (the platform knows best);
 * 2. else, with strain names taken out of its title and description (so 'Girl Scout Cookies' is
 *    no cookie and 'Ice Cream Cake' no cream), the first strong keyword group found;
 * 3. else a strong signal: a flower weight or 'smalls', 'shake', 'popcorn', 'eighth' -> flower;
 *    a dose in mg -> edibles;
 * 4. else the weak keywords ('cookie' -> edibles, 'cream' -> topicals, 'flower', 'bud', 'strain');
 * 5. else flower when a strain was named, and 'other' when nothing was.
 */
export function deriveCategory(
  deal: Pick<Deal, 'title' | 'description' | 'category'>,
): DealCategory {
  if (deal.category) return deal.category;
  const full = `${deal.title} ${deal.description}`;
  const text = full.replace(STRAIN_PATTERN, ' ');
  const strong = STRONG.find(({ matches }) => matches(text));
  if (strong) return strong.category;
  if (FLOWER_WORDS(text) || FLOWER_WEIGHT.test(text)) return 'flower';
  if (MILLIGRAMS.test(text)) return 'edibles';
  const weak = WEAK.find(({ matches }) => matches(text));
  if (weak) return weak.category;
  return text === full ? 'other' : 'flower';
}

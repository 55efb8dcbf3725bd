import type { Deal } from '../contract/deal';
import type { DealCategory } from '../contract/values';
import { keywordMatcher } from './keywords';

/**
 * The spec's category keywords (section 3), in the order they are tried. The spec leaves the order
 * open; we try the most specific first, so a 'live resin cart' is a vape, a 'joint' of some strain
 * is a pre-roll and 'flower' is what is left. Irregular plurals are listed as their own keywords.
 */
export const CATEGORY_KEYWORDS: ReadonlyArray<{
  category: Exclude<DealCategory, 'other'>;
  keywords: readonly string[];
}> = [
  { category: 'pre-rolls', keywords: ['pre-roll', 'pre roll', 'preroll', 'joint', 'blunt'] },
  { category: 'vapes', keywords: ['vape', 'cartridge', 'cart', 'pen'] },
  { category: 'concentrates', keywords: ['concentrate', 'wax', 'shatter', 'live resin', 'rosin'] },
  { category: 'edibles', keywords: ['edible', 'gummy', 'gummies', 'chocolate', 'cookie'] },
  { category: 'topicals', keywords: ['topical', 'balm', 'lotion', 'cream'] },
  { category: 'accessories', keywords: ['accessory', 'accessories', 'pipe', 'grinder', 'papers'] },
  // Beyond the spec's three: the flower words Missouri menus use most ('Smalls', 'Eighths').
  {
    category: 'flower',
    keywords: ['flower', 'bud', 'strain', 'smalls', 'shake', 'popcorn', 'eighth'],
  },
];

const MATCHERS = CATEGORY_KEYWORDS.map(({ category, keywords }) => ({
  category,
  matches: keywordMatcher(keywords),
}));

/**
 * A deal's category: the one it was sent with when present (the platform knows best), else the
 * first keyword group found as a whole word in its title and description, else 'other'.
 */
export function deriveCategory(
  deal: Pick<Deal, 'title' | 'description' | 'category'>,
): DealCategory {
  if (deal.category) return deal.category;
  const text = `${deal.title} ${deal.description}`;
  return MATCHERS.find(({ matches }) => matches(text))?.category ?? 'other';
}

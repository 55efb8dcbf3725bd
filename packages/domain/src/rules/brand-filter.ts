import type { Option } from '../contract/options';
import { LIMITS } from '../contract/constants';
import type { DealView } from './deal-view';

/**
 * The Brand filter: a deal's brand as one key whatever the menu's spelling, and the brands the
 * loaded deals offer to filter by.
 */

/**
 * A brand as the filter compares it: Unicode-normalized (NFKC, so a full-width or ligature letter
 * reads as its plain one), spaces collapsed, lower case, cut to the contract's short-text bound.
 * 'Good Day Farm', 'GOOD DAY FARM' and ' Good  Day Farm ' are one brand. '' for no brand.
 */
export function brandKey(brand: string | undefined): string {
  if (typeof brand !== 'string') return '';
  return brand
    .slice(0, LIMITS.shortText)
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The most brands the Brand dropdown lists: more would be a list no visitor scrolls. */
export const MAX_BRAND_OPTIONS = 150;

/**
 * The brands of `views` as the Brand dropdown lists them, in one pass over the deals: one option per
 * brand key (`brandKey`) labelled with the first spelling met (the service's order), sorted by key.
 * Decisions: with more than `max` brands, those with
 * the most deals are kept (ties by key), so a menu's long tail of one-off brands cannot crowd out
 * the common ones; keys sort by code unit, not by a locale's collation, since making the page's
 * first `Intl.Collator` costs its start 10 ms or more (see `onFirstUse`), and keys are lower case.
 */
export function brandOptions(
  views: readonly DealView[],
  max: number = MAX_BRAND_OPTIONS,
): Array<Option<string>> {
  const brands = new Map<string, { label: string; deals: number }>();
  for (const view of views) {
    const key = view.brandKey ?? brandKey(view.deal.brand);
    if (key === '') continue;
    const known = brands.get(key);
    if (known) known.deals++;
    else brands.set(key, { label: labelOf(view.deal.brand!), deals: 1 });
  }
  let keys = [...brands.keys()].sort(byCodeUnit);
  if (keys.length > max) {
    keys = keys
      .sort((a, b) => brands.get(b)!.deals - brands.get(a)!.deals || byCodeUnit(a, b))
      .slice(0, Math.max(0, max))
      .sort(byCodeUnit);
  }
  return keys.map((key) => ({ value: key, label: brands.get(key)!.label }));
}

/** The brand as the menu spells it, spaces collapsed, within the short-text bound. */
const labelOf = (brand: string) => brand.slice(0, LIMITS.shortText).replace(/\s+/g, ' ').trim();

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whether a deal of brand key `key` is of the chosen `brand` ('' chooses every brand). */
export function matchesBrand(key: string | undefined, brand: string): boolean {
  return brand === '' || key === brand;
}

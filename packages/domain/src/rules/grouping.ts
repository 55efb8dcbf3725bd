import { CATEGORY_OPTIONS, type SortKey } from '../contract/options';
import type { DealCategory } from '../contract/values';
import { dispensaryChipName } from './card';
import type { DealView } from './deal-view';

/** A run of deals under one heading; `heading` is null when the list has no headings. */
export interface DealGroup {
  heading: string | null;
  deals: DealView[];
}

/**
 * The label a category is shown with, from the filter panel's options (e.g. 'Pre-Rolls'), so the
 * headings and the Category dropdown always read the same. Decision: a category missing from the
 * options shows its raw value.
 */
export function categoryLabel(category: DealCategory): string {
  return CATEGORY_OPTIONS.find((option) => option.value === category)?.label ?? category;
}

/**
 * The heading a deal sits under for `sortKey`, or null when that sort has no headings (spec
 * section 2): 'category' -> the category's label; 'category-dispensary' -> 'Label · Dispensary'
 * with the dispensary's chip name (same short name as on the cards). Decision: when the chip name
 * is blank the heading is the category label alone.
 */
export function groupHeading(view: DealView, sortKey: SortKey): string | null {
  if (sortKey === 'category') return categoryLabel(view.category);
  if (sortKey === 'category-dispensary') {
    const name = dispensaryChipName(view.deal.dispensary);
    const label = categoryLabel(view.category);
    return name === '' ? label : `${label} · ${name}`;
  }
  return null;
}

/**
 * The deals cut into consecutive runs that share a heading, in the order given: it never sorts,
 * so pass the output of `sortDeals` with the same key. Sorts by category, or by category then
 * dispensary, give headed groups; every other sort gives one group with a null heading (spec
 * section 2: no heading). Decisions: a new group starts only where the heading text changes, so
 * two adjacent dispensaries with the same chip name share one heading, and a heading that comes
 * back later (unsorted input) opens a new group rather than merging; an empty list gives no
 * groups at all (the page shows its empty state instead); the input is never mutated.
 */
export function groupDeals(views: readonly DealView[], sortKey: SortKey): DealGroup[] {
  const groups: DealGroup[] = [];
  let open: DealGroup | undefined;
  for (const view of views) {
    const heading = groupHeading(view, sortKey);
    if (open === undefined || open.heading !== heading) {
      open = { heading, deals: [] };
      groups.push(open);
    }
    open.deals.push(view);
  }
  return groups;
}

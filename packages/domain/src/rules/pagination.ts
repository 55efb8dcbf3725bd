import { DEFAULT_PAGE_SIZE } from '../contract/options';

/** One button of the pagination bar: a page number or a gap marker. */
export type PaginationItem =
  { kind: 'page'; page: number; current: boolean } | { kind: 'ellipsis'; key: string };

/** Everything the pagination bar renders, decided here so the component only draws it. */
export interface PaginationButtons {
  visible: boolean;
  previousDisabled: boolean;
  nextDisabled: boolean;
  items: PaginationItem[];
}

/**
 * A usable page size: a whole number of at least 1. Decision (the spec lists 12, 24 and 48 only):
 * a fraction is rounded down, and anything below 1 or not finite falls back to the default page
 * size, so a bad setting can never divide by zero or show every deal at once.
 */
function usablePageSize(pageSize: number): number {
  const whole = Math.floor(pageSize);
  return Number.isFinite(whole) && whole >= 1 ? whole : DEFAULT_PAGE_SIZE;
}

/**
 * How many pages `itemCount` items fill: never less than 1, so the page always has a page 1 (the
 * spec's default page) even when the list is empty. Decision: a count that is negative or not
 * finite is read as 0 items; the page size is normalised as in `usablePageSize`.
 */
export function pageCount(itemCount: number, pageSize: number): number {
  const items = Number.isFinite(itemCount) && itemCount > 0 ? Math.ceil(itemCount) : 0;
  return Math.max(1, Math.ceil(items / usablePageSize(pageSize)));
}

/**
 * A page number that is a whole number in 1..pageCount, whatever came in (a stale page after the
 * list shrank, a value from a URL or storage). Decisions: NaN, blanks and non-numbers give 1; a
 * numeric string is read as its number; a fraction is rounded down; anything below 1 gives 1 and
 * anything above the last page (Infinity too) gives the last page. A `pageCount` below 1 or not
 * finite counts as 1 page.
 */
export function clampPage(page: unknown, pageCount: number): number {
  const last = Number.isFinite(pageCount) && pageCount >= 1 ? Math.floor(pageCount) : 1;
  const value =
    typeof page === 'number'
      ? page
      : typeof page === 'string' && page.trim() !== ''
        ? Number(page.trim())
        : Number.NaN;
  if (Number.isNaN(value)) return 1;
  return Math.min(last, Math.max(1, Math.floor(value)));
}

/**
 * The items shown on `page` when `pageSize` items fit a page. Decision: the page is clamped first
 * (see `clampPage`), so a page past the end shows the last page rather than an empty list. Never
 * mutates `items`.
 */
export function pageItems<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const size = usablePageSize(pageSize);
  const current = clampPage(page, pageCount(items.length, size));
  return items.slice((current - 1) * size, current * size);
}

/**
 * The pagination bar (spec section 5): shown only when there is more than one page; previous is
 * disabled on page 1 and next on the last page. For each page p: a page button when p is one of
 * the first two, one of the last two, or within 1 of the current page; an ellipsis when p is
 * exactly 2 away from the current page (and not already a button); otherwise nothing.
 * Decisions: the current page is clamped first (see `clampPage`); `items` is filled even when the
 * bar is not visible; ellipsis keys are 'ellipsis-before' and 'ellipsis-after' (at most one on
 * each side of the current page), stable across renders for use as React keys.
 */
export function paginationButtons(currentPage: number, pageCount: number): PaginationButtons {
  const last = clampPage(Number.POSITIVE_INFINITY, pageCount);
  const current = clampPage(currentPage, last);
  const items: PaginationItem[] = [];
  for (let page = 1; page <= last; page++) {
    const gap = Math.abs(page - current);
    if (page <= 2 || page >= last - 1 || gap <= 1) {
      items.push({ kind: 'page', page, current: page === current });
    } else if (gap === 2) {
      items.push({ kind: 'ellipsis', key: page < current ? 'ellipsis-before' : 'ellipsis-after' });
    }
  }
  return {
    visible: last > 1,
    previousDisabled: current <= 1,
    nextDisabled: current >= last,
    items,
  };
}

import { DEFAULT_PAGE_SIZE } from '../contract/options';

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

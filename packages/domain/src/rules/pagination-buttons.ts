import { clampPage } from './pagination';

// Apart from the page's own paging rules, which its first load carries: only the pagination bar,
// which loads on demand, draws the buttons.

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

import { memo } from 'react';
import { paginationButtons } from '@stl-deals/domain';
import styles from './pagination.module.css';

export interface PaginationProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/**
 * The pagination bar exactly as the domain lays it out (spec section 5). In the on-demand parts:
 * it stands under the list's first page of cards, below the first screen, and its code loads when
 * the browser is idle once the list shows (see `onDemandParts`).
 */
export const Pagination = memo(function Pagination({ page, pages, onPage }: PaginationProps) {
  const buttons = paginationButtons(page, pages);
  if (!buttons.visible) return null;
  return (
    <nav className={styles.nav} aria-label="Pages">
      <ul className={styles.list}>
        <li>
          <button
            type="button"
            className={styles.step}
            disabled={buttons.previousDisabled}
            onClick={() => onPage(page - 1)}
          >
            Previous
          </button>
        </li>
        {buttons.items.map((item) =>
          item.kind === 'page' ? (
            <li key={item.page}>
              <button
                type="button"
                className={styles.page}
                aria-current={item.current ? 'page' : undefined}
                aria-label={`Page ${item.page}`}
                onClick={() => onPage(item.page)}
              >
                {item.page}
              </button>
            </li>
          ) : (
            <li key={item.key} className={styles.gap} aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={styles.step}
            disabled={buttons.nextDisabled}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
});

import { memo } from 'react';
import type { PaginationButtons } from '@stl-deals/domain';
import styles from './pagination.module.css';

interface PaginationProps {
  buttons: PaginationButtons;
  page: number;
  onPage: (page: number) => void;
}

/** The pagination bar exactly as the domain lays it out (spec section 5). */
export const Pagination = memo(function Pagination({ buttons, page, onPage }: PaginationProps) {
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

import { Button } from '../../../shared/ui/button';
import styles from './deal-list.module.css';

interface EmptyStateProps {
  searching: boolean;
  onClearSearch: () => void;
}

/** The spec's two empty states (section 8). */
export function EmptyState({ searching, onClearSearch }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyText}>
        {searching ? 'No deals match your search.' : 'No deals found.'}
      </p>
      {searching && (
        <Button variant="secondary" onClick={onClearSearch}>
          Clear search
        </Button>
      )}
    </div>
  );
}

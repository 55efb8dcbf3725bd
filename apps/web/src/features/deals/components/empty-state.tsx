import { Button } from '../../../shared/ui/button';
import styles from './deal-list.module.css';

interface EmptyStateProps {
  searching: boolean;
  /** Why there is nothing to list when no dispensary could be reached, instead of the spec's text. */
  unreached: string | null;
  onClearSearch: () => void;
}

/** The spec's two empty states (section 8), the second saying so when no dispensary answered. */
export function EmptyState({ searching, unreached, onClearSearch }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyText}>
        {searching ? 'No deals match your search.' : (unreached ?? 'No deals found.')}
      </p>
      {searching && (
        <Button variant="secondary" onClick={onClearSearch}>
          Clear search
        </Button>
      )}
    </div>
  );
}

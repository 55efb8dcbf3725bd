import { Button } from '../../../shared/ui/button';
import { onDemandParts } from '../load-on-demand';
import styles from './deal-list.module.css';

interface EmptyStateProps {
  /** The search typed, '' for none. */
  search: string;
  /**
   * A search that finds deals where `search` found none ('blue dream' for 'blu dreem'), from the
   * on-demand parts' shopper search (so they have loaded when it is given).
   */
  suggestion: string | null;
  /** Why there is nothing to list when no dispensary could be reached, instead of the spec's text. */
  unreached: string | null;
  /** Searches for the text given ('' clears the search). */
  onSearch: (search: string) => void;
}

/**
 * The spec's two empty states (section 8), the second saying so when no dispensary answered; a
 * search that found nothing offers the search it may have meant (`DidYouMean`), beside Clear
 * search.
 */
export function EmptyState({ search, suggestion, unreached, onSearch }: EmptyStateProps) {
  const parts = onDemandParts.loaded();
  return (
    <div className={styles.empty}>
      <p className={styles.emptyText}>
        {!search
          ? (unreached ?? 'No deals found.')
          : suggestion && parts
            ? parts.didYouMean(search, suggestion, onSearch)
            : 'No deals match your search.'}
      </p>
      {search && (
        <Button variant="secondary" onClick={() => onSearch('')}>
          Clear search
        </Button>
      )}
    </div>
  );
}

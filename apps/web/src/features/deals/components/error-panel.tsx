import { Button } from '../../../shared/ui/button';
import type { BackgroundRetry } from '../model/activity';
import { backgroundRetryMessage } from '../model/action-messages';
import { needsConnectionAdvice } from '../model/messages';
import styles from './panel.module.css';

interface ErrorPanelProps {
  error: string;
  /** The page's own retries under the panel, when they run or have stopped. */
  background?: BackgroundRetry | null;
  onRetry: () => void;
}

/**
 * The error panel (spec section 8). For connection trouble it adds the advice and 'Retry
 * Connection'; other errors are shown as they are.
 */
export function ErrorPanel({ error, background = null, onRetry }: ErrorPanelProps) {
  const connectionTrouble = needsConnectionAdvice(error);
  return (
    <section className={`${styles.panel} ${styles.error}`} aria-labelledby="error-heading">
      <h2 id="error-heading" className={styles.title}>
        Something went wrong
      </h2>
      <p className={styles.text} role="alert">
        {error}
      </p>
      {connectionTrouble && (
        <>
          <ul className={styles.advice}>
            <li>Wait 1-2 minutes for the backend to wake up.</li>
            <li>Refresh the page.</li>
            <li>Check your internet connection.</li>
          </ul>
          <Button onClick={onRetry}>Retry Connection</Button>
        </>
      )}
      {background !== null && (background === 'stopped' || background.attempt > 0) && (
        <p className={styles.counter} role="status">
          {backgroundRetryMessage(background)}
        </p>
      )}
    </section>
  );
}

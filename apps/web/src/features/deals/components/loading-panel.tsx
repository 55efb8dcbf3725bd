import type { Activity } from '../model/activity';
import styles from './panel.module.css';

interface LoadingPanelProps {
  activity: Activity;
  /** The first-time cache notice, while the service gathers its first full cache. */
  firstLoadNotice: string | null;
}

/** The loading panel (spec section 2): status text, retry count and the waking-up notice. */
export function LoadingPanel({ activity, firstLoadNotice }: LoadingPanelProps) {
  return (
    <section className={styles.panel} aria-labelledby="loading-heading" aria-busy="true">
      <div className={styles.spinner} aria-hidden="true" />
      <h2 id="loading-heading" className={styles.title}>
        Finding today&apos;s deals
      </h2>
      <p className={styles.text} role="status">
        {activity.message}
      </p>
      {activity.attempt && (
        <p className={styles.counter}>
          Attempt {activity.attempt.number} of {activity.attempt.of}
        </p>
      )}
      {activity.wakingUp && (
        <p className={styles.notice}>
          <strong>The backend is waking up</strong>
          It sleeps on free hosting when nobody visits and takes about 30-60 seconds to wake. The
          page keeps retrying on its own.
        </p>
      )}
      {firstLoadNotice && (
        <p className={styles.notice}>
          <strong>First load of the day&apos;s deals</strong>
          {firstLoadNotice}
        </p>
      )}
    </section>
  );
}

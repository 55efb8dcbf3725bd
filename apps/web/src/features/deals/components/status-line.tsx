import { memo } from 'react';
import { noneReached, sourceCoverage, type CacheStatus, type TimeZone } from '@stl-deals/domain';
import type { DealsSnapshot } from '../api/get-deals';
import { firstLoadEstimate } from '../model/messages';
import { cacheUpdatedText, loadedTimeText } from '../model/times';
import { SourceCoverageNote } from './source-coverage';
import styles from './status-line.module.css';

interface StatusLineProps {
  /** False keeps the line back until there is a list, an error or a first load to describe. */
  show: boolean;
  snapshot: DealsSnapshot | undefined;
  status: CacheStatus | null;
  /**
   * What the page is doing, when the deal list is on screen and there is something to say; else,
   * for deals from the service worker's copy, how old they are.
   */
  note: string | null;
  /**
   * The backend does not answer now: the line says so instead of the cache's last known state,
   * which would read as if all were well.
   */
  unreachable: boolean;
  timeZone: TimeZone;
}

/**
 * The status line (spec section 2): when the data was loaded, the cache badge and the cache's
 * update time, plus the service's demo marker, while the first load runs its progress, and,
 * beside the badge, how many dispensaries the deals come from whenever some fail or have no source.
 */
export const StatusLine = memo(function StatusLine(props: StatusLineProps) {
  const { show, snapshot, status, note, unreachable, timeZone } = props;
  if (!show || (!snapshot && !status && !unreachable)) return null;
  const known = unreachable ? null : status;
  const estimate = known && !known.ready ? firstLoadEstimate(known) : null;
  const updated = status?.lastUpdate;
  const coverage = known ? sourceCoverage(known) : null;
  // A finished first load in which no dispensary answered is not a cache to call ready in
  // green: the badge says what happened (the coverage line beside it says why).
  const unreached = known?.ready === true && coverage !== null && noneReached(coverage);
  return (
    <section className={styles.status} aria-label="Data status">
      <p className={styles.note} role="status">
        {note ?? snapshot?.offline}
      </p>
      <ul className={styles.facts}>
        {snapshot && <li>Data loaded: {loadedTimeText(snapshot.loadedAt, timeZone)}</li>}
        {unreachable && (
          <li>
            <span className={`${styles.badge} ${styles.down}`}>Backend not responding</span>
          </li>
        )}
        {known && unreached && (
          <li>
            <span className={`${styles.badge} ${styles.down}`}>No dispensary reached</span>
          </li>
        )}
        {known && !unreached && (
          <li>
            <span className={`${styles.badge} ${known.ready ? styles.ready : styles.loading}`}>
              {known.ready ? 'Cache Ready' : 'Cache Loading'}
            </span>
          </li>
        )}
        {coverage && (
          <li>
            <SourceCoverageNote coverage={coverage} timeZone={timeZone} />
          </li>
        )}
        {updated && updated !== 'never' && (
          <li>Cache updated: {cacheUpdatedText(updated, timeZone)}</li>
        )}
        {estimate && (
          <li>
            {estimate.done} of {estimate.total} dispensaries done
          </li>
        )}
        {status?.demo && (
          <li>
            <span className={`${styles.badge} ${styles.demo}`}>
              Demo data
              <span className="visually-hidden">: the service shows simulated deals</span>
            </span>
          </li>
        )}
      </ul>
    </section>
  );
});

import {
  coverageLine,
  groupByReason,
  noneReached,
  type SourceCoverage,
  type TimeZone,
} from '@stl-deals/domain';
import { lastSuccessText } from '../model/times';
import styles from './status-line.module.css';

interface SourceCoverageProps {
  coverage: SourceCoverage;
  timeZone: TimeZone;
}

/**
 * 'Deals from N of M dispensaries' as a native disclosure: opened, it lists each failing or
 * unconfigured dispensary with the service's public reason and its last success, and a reason
 * shared by several once, with their count and names ('39 dispensaries: ...', names left out
 * when it is every dispensary). Open from the start when no dispensary could be reached, since
 * then it is the page's news. Every text is rendered as text: names and reasons come from the
 * service and are never read as markup.
 */
export function SourceCoverageNote({ coverage, timeZone }: SourceCoverageProps) {
  return (
    <details className={styles.coverage} open={noneReached(coverage)}>
      <summary>{coverageLine(coverage)}</summary>
      <ul className={styles.troubled} aria-label="Dispensaries without current deals">
        {groupByReason(coverage.troubled).map(({ reason, sources }) => {
          const [first] = sources;
          const several = sources.length > 1;
          const names = sources.length < coverage.total && sources.map((s) => s.name).join(', ');
          return (
            <li key={first.key}>
              <span className={styles.troubledName}>
                {several ? `${sources.length} dispensaries` : first.name}
              </span>
              {reason && `: ${reason}`}
              {several ? (
                names && ` (${names})`
              ) : (
                <>
                  {' '}
                  <span className={styles.lastSuccess}>
                    ({lastSuccessText(first.lastSuccessAt, timeZone)})
                  </span>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

import { coverageLine, type SourceCoverage, type TimeZone } from '@stl-deals/domain';
import { lastSuccessText } from '../model/times';
import styles from './status-line.module.css';

interface SourceCoverageProps {
  coverage: SourceCoverage;
  timeZone: TimeZone;
}

/**
 * 'Deals from N of M dispensaries' as a native disclosure: opened, it lists each failing or
 * unconfigured dispensary with the service's public reason and its last success. Every text is
 * rendered as text: names and reasons come from the service and are never read as markup.
 */
export function SourceCoverageNote({ coverage, timeZone }: SourceCoverageProps) {
  return (
    <details className={styles.coverage}>
      <summary>{coverageLine(coverage)}</summary>
      <ul className={styles.troubled} aria-label="Dispensaries without current deals">
        {coverage.troubled.map((source) => (
          <li key={source.key}>
            <span className={styles.troubledName}>{source.name}</span>
            {source.error && `: ${source.error}`}{' '}
            <span className={styles.lastSuccess}>
              ({lastSuccessText(source.lastSuccessAt, timeZone)})
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

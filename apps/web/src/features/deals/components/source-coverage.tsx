import { coverageLine, noneReached, type SourceCoverage, type TimeZone } from '@stl-deals/domain';
import styles from './status-line.module.css';
import { TroubledSources } from './on-demand';

interface SourceCoverageProps {
  coverage: SourceCoverage;
  timeZone: TimeZone;
}

/**
 * 'Deals from N of M dispensaries' as a native disclosure: opened, it lists each failing or
 * unconfigured dispensary (`TroubledSources`). Open from the start when no dispensary could be
 * reached, since then it is the page's news. The list is loaded on first use: a closed
 * disclosure hides it, and the page loads it when idle, long before a visitor opens it.
 */
export function SourceCoverageNote({ coverage, timeZone }: SourceCoverageProps) {
  return (
    <details className={styles.coverage} open={noneReached(coverage)}>
      <summary>{coverageLine(coverage)}</summary>
      <TroubledSources coverage={coverage} timeZone={timeZone} />
    </details>
  );
}

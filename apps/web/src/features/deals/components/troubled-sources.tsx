import { groupByReason, type SourceCoverage, type TimeZone } from '@stl-deals/domain';
import { cacheUpdatedText } from '../model/times';
import styles from './status-line.module.css';

interface TroubledSourcesProps {
  coverage: SourceCoverage;
  timeZone: TimeZone;
}

/**
 * Inside 'Deals from N of M dispensaries': each failing or unconfigured dispensary with the
 * service's public reason and its last success, and a reason shared by several once, with their
 * count and names ('39 dispensaries: ...', names left out when it is every dispensary). Every
 * text is rendered as text: names and reasons come from the service and are never read as markup.
 */
export function TroubledSources({ coverage, timeZone }: TroubledSourcesProps) {
  return (
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
  );
}

/**
 * When a failing or unconfigured dispensary last gave deals. Decision: local date and time like
 * the cache update (a relative 'x ago' would need a ticking clock and goes stale on an idle page);
 * 'never' when it never gave any.
 */
function lastSuccessText(isoTime: string | null, timeZone: TimeZone): string {
  return `Last success: ${isoTime === null ? 'never' : cacheUpdatedText(isoTime, timeZone)}`;
}

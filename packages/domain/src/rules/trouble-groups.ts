import type { SourceStatus } from '../contract/cache-status';

// Apart from the source coverage the status line shows at once: only the troubled sources'
// disclosure, which loads on demand, groups them.

/** Dispensaries without current deals for one same reason, in the order the status lists them. */
export interface TroubleGroup {
  reason: string | null;
  sources: [SourceStatus, ...SourceStatus[]];
}

/**
 * The troubled dispensaries grouped by their reason, so one cause shared by many (the service
 * offline, say) reads once: '39 dispensaries: The service cannot reach the internet.'
 */
export function groupByReason(troubled: readonly SourceStatus[]): TroubleGroup[] {
  const groups = new Map<string | null, TroubleGroup['sources']>();
  for (const source of troubled) {
    const group = groups.get(source.error);
    if (group) group.push(source);
    else groups.set(source.error, [source]);
  }
  return [...groups].map(([reason, sources]) => ({ reason, sources }));
}

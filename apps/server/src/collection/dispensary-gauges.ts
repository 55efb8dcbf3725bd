import type { DispensaryHealth, Metrics } from '../observability/metrics';
import type { DealsReadModel } from './read-model';
import type { TrackedSource } from './tracked-source';

/** What the operator's per-dispensary gauges read (see observability/). */
export class DispensaryGauges {
  constructor(
    private readonly metrics: Pick<Metrics, 'dispensaryDeals'>,
    private readonly deals: Pick<DealsReadModel, 'countOf'>,
  ) {}

  /** Sets the dispensary's deals gauge to what the read model holds of it now. */
  countDeals(source: TrackedSource): void {
    this.metrics.dispensaryDeals.set(
      { dispensary: source.entry.key },
      this.deals.countOf(source.entry.key),
    );
  }

  /** Each dispensary's last success and failures in a row. */
  health(sources: readonly TrackedSource[]): DispensaryHealth[] {
    return sources.map(({ entry, lastSuccessAt, consecutiveFailures }) => ({
      key: entry.key,
      lastSuccessAt,
      consecutiveFailures,
    }));
  }
}

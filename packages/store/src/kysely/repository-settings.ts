import type { RepositorySettings } from './deals-repository';
import type { CorruptRow, RepositoryOptions } from '../repository';

const DEFAULT_SCRAPE_RUNS_KEPT = 200;
const DEFAULT_HISTORY_ROWS_PER_STORE = 20_000;
const MIN_HISTORY_ROWS_PER_STORE = 1_000;
// 400 days of 2,500 products: a year of a big menu's prices, daily.
const DEFAULT_OBSERVATION_ROWS_PER_STORE = 1_000_000;
const MIN_OBSERVATION_ROWS_PER_STORE = 1_000;

/** The options every engine takes, checked and with their defaults filled in. */
export function repositorySettings(options: RepositoryOptions): RepositorySettings {
  const kept = options.scrapeRunsKept ?? DEFAULT_SCRAPE_RUNS_KEPT;
  if (!Number.isSafeInteger(kept) || kept < 1) {
    throw new RangeError(`scrapeRunsKept must be a whole number of at least 1, got ${kept}`);
  }
  const historyRows = options.historyRowsPerStore ?? DEFAULT_HISTORY_ROWS_PER_STORE;
  if (!Number.isSafeInteger(historyRows) || historyRows < MIN_HISTORY_ROWS_PER_STORE) {
    throw new RangeError(
      `historyRowsPerStore must be a whole number of at least ${MIN_HISTORY_ROWS_PER_STORE}, got ${historyRows}`,
    );
  }
  const observationRows = options.observationRowsPerStore ?? DEFAULT_OBSERVATION_ROWS_PER_STORE;
  if (!Number.isSafeInteger(observationRows) || observationRows < MIN_OBSERVATION_ROWS_PER_STORE) {
    throw new RangeError(
      `observationRowsPerStore must be a whole number of at least ${MIN_OBSERVATION_ROWS_PER_STORE}, got ${observationRows}`,
    );
  }
  return {
    onCorruptRow: options.onCorruptRow ?? warnCorruptRow,
    scrapeRunsKept: kept,
    historyRowsPerStore: historyRows,
    observationRowsPerStore: observationRows,
  };
}

function warnCorruptRow(row: CorruptRow): void {
  process.emitWarning(
    `Skipped stored deal ${row.position} of dispensary '${row.dispensaryKey}': ${row.reason}`,
    { code: 'STL_DEALS_CORRUPT_ROW' },
  );
}

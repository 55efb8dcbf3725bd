import {
  buildDealViews,
  filterAndSortDeals,
  groupDeals,
  pageItems,
  showableDeals,
  type Deal,
  type DealFilters,
  type Dispensary,
  type Weekday,
} from '@stl-deals/domain';
import { median } from './stats';

/** Downtown St. Louis: the visitor's location, so distances are computed. */
const VISITOR = { lat: 38.627, lng: -90.1994 };
const TODAY: Weekday = 'friday';
const PAGE_SIZE = 24;
/** What a visitor types, one keystroke at a time. */
const QUERY = 'blue dream gumm';

export interface PipelineResult {
  deals: number;
  runs: number;
  rebuildMs: number;
  keystrokeMs: number;
}

/**
 * A filter change as the page does it without memoized views (views, showable, filter and sort,
 * page, groups) against a search keystroke on the already-built views (filter and sort only).
 * The two alternate, so both see the same noise; each is the median of `runs`.
 */
export function benchPipeline(
  deals: readonly Deal[],
  dispensaries: readonly Dispensary[],
  runs: number,
): PipelineResult {
  const filters = (run: number): DealFilters => ({
    category: run % 2 === 0 ? 'all' : 'flower',
    radius: 'all',
    search: QUERY.slice(0, (run % QUERY.length) + 1),
    sort: 'price-low',
  });
  const showable = showableDeals(buildDealViews(deals, dispensaries, VISITOR), TODAY);
  let sink = 0;
  const rebuild = (run: number) => {
    const views = buildDealViews(deals, dispensaries, VISITOR);
    const kept = filterAndSortDeals(showableDeals(views, TODAY), filters(run), true);
    sink += groupDeals(pageItems(kept, 1, PAGE_SIZE), filters(run).sort).length;
  };
  const keystroke = (run: number) => {
    sink += filterAndSortDeals(showable, filters(run), true).length;
  };

  for (let run = 0; run < 10; run++) {
    rebuild(run);
    keystroke(run);
  }
  const rebuilds: number[] = [];
  const keystrokes: number[] = [];
  for (let run = 0; run < runs; run++) {
    let start = performance.now();
    rebuild(run);
    rebuilds.push(performance.now() - start);
    start = performance.now();
    keystroke(run);
    keystrokes.push(performance.now() - start);
  }
  if (sink < 0) throw new Error('unreachable: keeps the work observable');
  return {
    deals: deals.length,
    runs,
    rebuildMs: median(rebuilds),
    keystrokeMs: median(keystrokes),
  };
}

import {
  buildDealViews,
  buildShopperIndex,
  filterAndSortDeals,
  shopperSearchDeals,
  groupDeals,
  pageItems,
  showableDeals,
  type Deal,
  type DealFilters,
  type DealView,
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
/** The same with a typo and a shopper's word, read by the shopper search. */
export const SHOPPER_QUERY = 'blu dreem gummies';

export interface PipelineResult {
  deals: number;
  runs: number;
  rebuildMs: number;
  keystrokeMs: number;
  /** The shopper search's index of the showable deals, built anew (median, ms). */
  indexBuildMs: number;
  /** A keystroke of `SHOPPER_QUERY` with the shopper search on one index (median, ms). */
  shopperKeystrokeMs: number;
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
  const shopper = benchShopperSearch(showable, runs);
  if (sink < 0) throw new Error('unreachable: keeps the work observable');
  return {
    deals: deals.length,
    runs,
    rebuildMs: median(rebuilds),
    keystrokeMs: median(keystrokes),
    ...shopper,
  };
}

/**
 * The shopper search as the page runs it: its index built once per list (timed `runs` times, each
 * a new index), then `SHOPPER_QUERY` typed one key at a time on one index, whose kept word
 * matches serve the keys that only lengthen the last word (each key timed, median of all).
 */
function benchShopperSearch(
  showable: readonly DealView[],
  runs: number,
): Pick<PipelineResult, 'indexBuildMs' | 'shopperKeystrokeMs'> {
  let sink = 0;
  const builds: number[] = [];
  const keys: number[] = [];
  for (let run = 0; run < Math.max(3, Math.ceil(runs / 4)); run++) {
    // A copy: the index is built once per array of views, as the page keeps it.
    const views = [...showable];
    let start = performance.now();
    sink += buildShopperIndex(views).words.length;
    builds.push(performance.now() - start);
    for (let length = 1; length <= SHOPPER_QUERY.length; length++) {
      const filters: DealFilters = {
        category: 'all',
        radius: 'all',
        search: SHOPPER_QUERY.slice(0, length),
        sort: 'relevance',
      };
      start = performance.now();
      sink += shopperSearchDeals(views, filters, true).length;
      keys.push(performance.now() - start);
    }
  }
  if (sink < 0) throw new Error('unreachable: keeps the work observable');
  return { indexBuildMs: median(builds), shopperKeystrokeMs: median(keys) };
}

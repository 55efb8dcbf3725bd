import type { GeoPoint } from '@stl-deals/domain';
import type { Geocoder, Registry, Scraper } from '@stl-deals/scraper';
import type { DealsRepository } from '@stl-deals/store';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Metrics } from '../observability/metrics';
import type { Coalescing } from './read-model';
import type { ScrapeDispatch, ScrapeEvent } from './refresh-pass';

/** What a collection is made from (see `Collection.open`). */
export interface CollectionOptions {
  registry: Registry;
  repository: DealsRepository;
  scraper: Scraper;
  clock: Clock;
  logger: FastifyBaseLogger;
  metrics: Pick<Metrics, 'scrapes' | 'scrapeSeconds' | 'priceProblems' | 'dispensaryDeals'>;
  concurrency: number;
  cooldownMs: number;
  scrapeTimeoutMs: number;
  /** Finds a street address's coordinates; null or absent: no geocoder is asked (GEOCODER_URL). */
  geocoder?: Geocoder | null;
  /** ZIP -> its centroid, the last resort for a dispensary's place. */
  zipCentroids?: ReadonlyMap<string, GeoPoint>;
  /**
   * Whether a store's website is opened in the browser to find the menu it embeds, before the
   * first scrape of an entry with a website and no platform id (RESOLVE_SOURCES). Default false.
   */
  resolveSources?: boolean;
  /** When the whole deals list follows the dispensaries' results. Default DEFAULT_COALESCING. */
  coalescing?: Coalescing;
  /**
   * Set in a cluster: every scrape this process asks for is a job on the shared queue, run by
   * whichever worker takes it (`runJob`), instead of a scrape here.
   */
  dispatch?: ScrapeDispatch;
  /** Told when a scrape starts and ends here, so that the cluster's other processes follow. */
  onScrapeEvent?: (event: ScrapeEvent) => void;
  /**
   * Whether the page's list is kept in the store for the next start (see kept-page.ts). Default
   * true; false for a cluster's workers, which serve no deals.
   */
  keepsPage?: boolean;
  /**
   * Seconds of the work the first pass waits for (demo mode's price history), as that work
   * estimates them: the first load's estimate adds them. Undefined when none or not known yet.
   */
  firstPassWaitsOn?: () => number | undefined;
}

import type { Geocoder, Registry, Scraper } from '@stl-deals/scraper';
import type { DealsRepository } from '@stl-deals/store';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Cluster } from './cluster/cluster';
import type { Config } from './config';

/**
 * What the service is built from (buildApp): its own module, so that the app and what it
 * attaches (collecting.ts, follow/push.ts) read it without importing each other.
 */
export interface AppDeps {
  config: Config;
  /** Owned by the app from here on: `app.close()` closes it. */
  repository: DealsRepository;
  /** Owned by the app from here on: `app.close()` closes it. */
  scraper: Scraper;
  registry: Registry;
  /** Owned by the app from here on. Absent or null: no street address is geocoded. */
  geocoder?: Geocoder | null;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The scheduler's jitter source, in [0, 1). */
  random?: () => number;
  /** Demo mode: the deals come from the platform simulator, and status says so (`demo: true`). */
  demo?: boolean;
  /** Demo mode: the seconds its price history has left to fill (see `CollectionOptions`). */
  firstPassWaitsOn?: () => number | undefined;
  /** Origins beside https ones that deal images may come from (demo mode: the simulator's). */
  imageOrigins?: readonly string[];
  /**
   * Set with DATABASE_URL: this process is one of a cluster (see cluster/), in the config's ROLE.
   * Owned by the app from here on. Absent: one process does everything.
   */
  cluster?: Cluster | null;
}

import { loadZipCentroids, type Scraper } from '@stl-deals/scraper';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps';
import type { Role } from './cluster/cluster';
import { Collection } from './collection/collection';
import { StoreMaintenance } from './collection/maintenance';
import { Scheduler } from './collection/scheduler';
import { prepareEmail, type Email } from './follow/email';
import { preparePush, type Push } from './follow/push';
import { watchState, type Metrics } from './observability/metrics';
import { buildMetricsListener } from './observability/metrics-listener';

/**
 * What collects the deals inside the service, and how it starts and stops: the collection, its
 * schedule, the store's upkeep, the cluster's share of the work and the metrics listener, made
 * from the app's dependencies and hung on the app; the shutdown order that lets the last writes
 * land before the store closes.
 */

/** How long Chromium gets to quit at shutdown before the shutdown goes on without it. */
const SCRAPER_CLOSE_MS = 3_000;

declare module 'fastify' {
  interface FastifyInstance {
    collection: Collection;
    /** Not started by `buildApp`: the entry point starts it once the app listens. */
    scheduler: Scheduler;
    /** History pruning and the store's check; started by the entry point with the scheduler. */
    maintenance: StoreMaintenance;
    /** Closes the store now, whatever still runs: the last step of a shutdown past its deadline. */
    closeStore: () => Promise<void>;
    /**
     * Starts the `/metrics` listener on METRICS_HOST:METRICS_PORT and resolves with its address,
     * or with undefined when METRICS_PORT is unset. `app.close()` closes it.
     */
    listenMetrics: () => Promise<string | undefined>;
    /** What this process does; 'all' unless it is one of a cluster. */
    role: Role;
    /** Resolves once the followers' fan-outs asked for so far ran here (see `PushDispatch.idle`). */
    followersIdle: () => Promise<void>;
    /**
     * Reads the stored snapshots back if not done yet, then starts what collects the deals, as
     * the role says: the schedule and, in a cluster, taking scrape jobs; and the store's upkeep.
     * Called by the entry point once the app listens and has answered its first request.
     */
    startCollecting: () => Promise<void>;
  }
}

/** The parts the HTTP routes read from, once the collecting is attached to `app`. */
export interface Collecting {
  collection: Collection;
  maintenance: StoreMaintenance;
  /** What this process does; 'all' unless it is one of a cluster. */
  role: Role;
  /** Web Push for followed searches: a fan-out after each pass that refreshed a dispensary. */
  push: Push;
  /** Email for followed searches and watched products (SMTP_URL); null: none offered. */
  email: Email | null;
}

/**
 * Makes what collects the deals and hangs it on `app` (see the decorations above), with the hooks
 * that stop it when the app closes. Nothing is started: the entry point calls `startCollecting`.
 */
export async function attachCollecting(
  app: FastifyInstance,
  deps: AppDeps,
  metrics: Metrics,
): Promise<Collecting> {
  const { config, repository, scraper, logger } = deps;
  const cluster = deps.cluster ?? null;
  const role: Role = cluster?.role ?? 'all';
  const collection = await Collection.open({
    ...deps,
    ...(cluster
      ? { dispatch: cluster.dispatch, onScrapeEvent: (event) => cluster.publish(event) }
      : {}),
    metrics,
    concurrency: config.SCRAPE_CONCURRENCY,
    cooldownMs: config.REFRESH_COOLDOWN_S * 1000,
    scrapeTimeoutMs: config.SCRAPE_TIMEOUT_S * 1000,
    zipCentroids: loadZipCentroids(),
    resolveSources: config.RESOLVE_SOURCES === 'on',
    keepsPage: role !== 'worker',
  });
  const maintenance = new StoreMaintenance({
    repository,
    clock: deps.clock,
    logger,
    retentionMs: config.HISTORY_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    priceHistoryDays: config.PRICE_HISTORY_DAYS,
    checkIntervalMs: config.STORE_CHECK_INTERVAL_S * 1000,
    prunes: role !== 'api',
  });
  watchState(metrics, {
    dispensaries: () => collection.health(),
    storageOk: () => maintenance.storage().ok,
    now: () => deps.clock.now(),
  });
  const email = await prepareEmail(config, logger);
  const push = await preparePush({ ...deps, email }, collection);
  const scheduler = new Scheduler({
    collection,
    intervalMs: config.REFRESH_INTERVAL_MIN * 60_000,
    random: deps.random ?? Math.random,
    logger,
    storing: () => maintenance.storage().ok,
    // In a cluster the last attempts are the store's: another worker may have scraped since.
    ...(cluster ? { prepare: () => collection.reloadHistories() } : {}),
  });
  cluster?.follow(
    collection,
    deps.registry.dispensaries.map(({ key }) => key),
  );
  app.decorate('collection', collection);
  app.decorate('scheduler', scheduler);
  app.decorate('maintenance', maintenance);
  app.decorate('closeStore', () => repository.close());
  app.decorate('role', role);
  app.decorate('followersIdle', () => push.dispatch.idle());
  app.decorate('startCollecting', async () => {
    // The store's check and the schedule's due list read what the snapshots say: after them.
    await collection.whenLoaded();
    maintenance.start();
    if (role === 'api') return;
    scheduler.start();
    await push.dispatch.start();
    await cluster?.work(collection, config.SCRAPE_CONCURRENCY);
  });
  const { METRICS_PORT: metricsPort, METRICS_HOST: metricsHost } = config;
  const metricsListener =
    metricsPort === undefined ? undefined : await buildMetricsListener(metrics, logger);
  app.decorate('listenMetrics', async () =>
    metricsPort === undefined
      ? undefined
      : metricsListener?.listen({ port: metricsPort, host: metricsHost }),
  );

  // Shutdown: stop scheduling and abort the scrapes first, so requests waiting on them end and
  // the server can close; then let the last writes land before the store closes.
  app.addHook('preClose', (done) => {
    scheduler.stop();
    collection.stop();
    maintenance.stop();
    push.dispatch.stop();
    done();
  });
  app.addHook('onClose', async () => {
    await Promise.all([collection.settled(), maintenance.settled(), push.close()]);
    email?.close();
    await cluster?.close();
    deps.geocoder?.close();
    // The store closes at once; a browser slow to quit (or wedged) is not waited on for long.
    await Promise.all([
      repository.close(),
      closeWithin(scraper, SCRAPER_CLOSE_MS, logger),
      metricsListener?.close(),
    ]);
  });
  return { collection, maintenance, role, push, email };
}

/** Closes the scraper, or gives up on it after `ms` (the process exit ends what is left). */
async function closeWithin(scraper: Scraper, ms: number, logger: FastifyBaseLogger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    if ((await Promise.race([scraper.close(), late])) === 'late') {
      logger.warn({ waitedMs: ms }, 'the scraper did not close in time; going on without it');
    }
  } finally {
    clearTimeout(timer);
  }
}

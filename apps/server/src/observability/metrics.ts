import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What `GET /metrics` exposes. One registry per app, so several apps (tests) never collide. */
export interface Metrics {
  registry: Registry;
  scrapes: Counter<'outcome' | 'platform'>;
  scrapeSeconds: Histogram<'platform'>;
  dispensaryDeals: Gauge<'dispensary'>;
  priceProblems: Counter<'problem' | 'platform'>;
  httpSeconds: Histogram<'method' | 'route' | 'status_code'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    scrapes: new Counter({
      name: 'stl_deals_scrapes_total',
      help: 'Scrapes of one dispensary, by outcome and platform.',
      labelNames: ['outcome', 'platform'],
      registers: [registry],
    }),
    scrapeSeconds: new Histogram({
      name: 'stl_deals_scrape_duration_seconds',
      help: 'How long one dispensary scrape took.',
      labelNames: ['platform'],
      buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120],
      registers: [registry],
    }),
    priceProblems: new Counter({
      name: 'stl_deals_price_problems_total',
      help: 'Scraped deals whose prices or percent were inconsistent or absurd and were mended, by problem.',
      labelNames: ['problem', 'platform'],
      registers: [registry],
    }),
    dispensaryDeals: new Gauge({
      name: 'stl_deals_dispensary_deals',
      help: 'Deals currently served per dispensary.',
      labelNames: ['dispensary'],
      registers: [registry],
    }),
    httpSeconds: new Histogram({
      name: 'stl_deals_http_request_duration_seconds',
      help: 'HTTP request durations, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 60, 120],
      registers: [registry],
    }),
  };
}

/** What the operator's gauges read of one dispensary when /metrics is scraped. */
export interface DispensaryHealth {
  key: string;
  lastSuccessAt: Date | null;
  consecutiveFailures: number;
}

export interface WatchedState {
  dispensaries: () => readonly DispensaryHealth[];
  storageOk: () => boolean;
  now: () => Date;
}

/**
 * The gauges an operator alerts on, read from the service's state when /metrics is scraped
 * (nothing to keep in step): per dispensary the last successful scrape and the failures in a
 * row, the age of the page's list (since the freshest successful scrape, as 'Cache updated'
 * says) and whether the store can be written. Example alert rules are in docs/operations.md.
 */
export function watchState(metrics: Metrics, state: WatchedState): void {
  const registers = [metrics.registry];
  new Gauge({
    name: 'stl_deals_dispensary_last_success_timestamp_seconds',
    help: "When each dispensary's menu was last scraped successfully (Unix time; 0 if never).",
    labelNames: ['dispensary'],
    registers,
    collect() {
      for (const { key, lastSuccessAt } of state.dispensaries()) {
        this.set({ dispensary: key }, lastSuccessAt ? lastSuccessAt.getTime() / 1000 : 0);
      }
    },
  });
  new Gauge({
    name: 'stl_deals_dispensary_consecutive_failures',
    help: "Each dispensary's failed scrapes in a row since its last success.",
    labelNames: ['dispensary'],
    registers,
    collect() {
      for (const { key, consecutiveFailures } of state.dispensaries()) {
        this.set({ dispensary: key }, consecutiveFailures);
      }
    },
  });
  new Gauge({
    name: 'stl_deals_list_age_seconds',
    help: "Seconds since the freshest successful scrape in the page's list (absent before any).",
    registers,
    collect() {
      const newest = Math.max(
        ...state.dispensaries().map(({ lastSuccessAt }) => lastSuccessAt?.getTime() ?? 0),
      );
      this.reset();
      if (newest > 0) this.set((state.now().getTime() - newest) / 1000);
    },
  });
  new Gauge({
    name: 'stl_deals_storage_ok',
    help: 'Whether the store passed its last check and its last write (1) or is failing (0).',
    registers,
    collect() {
      this.set(state.storageOk() ? 1 : 0);
    },
  });
}

/**
 * Observes each answered request under its route pattern (never the raw URL, which would let
 * clients create unbounded label values).
 */
export function observeRequests(metrics: Metrics) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    metrics.httpSeconds.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  };
}

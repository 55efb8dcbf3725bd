import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What `GET /metrics` exposes. One registry per app, so several apps (tests) never collide. */
export interface Metrics {
  registry: Registry;
  scrapes: Counter<'outcome' | 'platform'>;
  scrapeSeconds: Histogram<'platform'>;
  dispensaryDeals: Gauge<'dispensary'>;
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

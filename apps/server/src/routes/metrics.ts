import type { FastifyPluginCallback } from 'fastify';
import type { Metrics } from '../observability/metrics';

/** Prometheus's text format, for a scraper of metrics (not of menus). */
export const metricsRoute: FastifyPluginCallback<{ metrics: Metrics }> = (
  app,
  { metrics },
  done,
) => {
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
  done();
};

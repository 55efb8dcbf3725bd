import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { answerClientError, answerFrameworkError, handleErrors } from '../http/errors';
import { ZOD_SCHEMA_CONTROLLER } from '../http/zod-compilers';
import { metricsRoute } from '../routes/metrics';
import type { Metrics } from './metrics';

/**
 * METRICS_PORT's listener: `/metrics` alone, with no token, for a Prometheus on the same host or
 * private network (METRICS_HOST, 127.0.0.1 by default). Not listening yet: the entry point
 * starts it once the service listens.
 */
export async function buildMetricsListener(
  metrics: Metrics,
  logger: FastifyBaseLogger,
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    logController: new LogController({ disableRequestLogging: true }),
    schemaController: ZOD_SCHEMA_CONTROLLER,
  });
  handleErrors(app);
  await app.register(metricsRoute, { metrics });
  return app;
}

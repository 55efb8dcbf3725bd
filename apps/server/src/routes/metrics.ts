import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginCallback, onRequestHookHandler } from 'fastify';
import { HttpError } from '../http/errors';
import type { Metrics } from '../observability/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Lets through only `Authorization: Bearer <token>`. Compared as digests in constant time, so
 * neither the time taken nor the length reveals how much of a guess was right.
 */
function requireBearer(token: string): onRequestHookHandler {
  const expected = digest(token);
  return (request, reply, done) => {
    const given = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
    if (given !== undefined && timingSafeEqual(digest(given), expected)) return done();
    reply.header('www-authenticate', 'Bearer');
    done(new HttpError(401, 'The metrics need a bearer token.'));
  };
}

/**
 * Prometheus's text format, for a scraper of metrics (not of menus). With `token`, only to
 * callers that send it (the public port); without, to anyone who can reach the listener (the
 * private one, METRICS_PORT).
 */
export const metricsRoute: FastifyPluginCallback<{ metrics: Metrics; token?: string }> = (
  app,
  { metrics, token },
  done,
) => {
  app.get(
    '/metrics',
    { schema: { hide: true }, ...(token === undefined ? {} : { onRequest: requireBearer(token) }) },
    async (_request, reply) =>
      reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
  done();
};

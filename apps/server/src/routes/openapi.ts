import type { FastifyPluginCallback } from 'fastify';

/** The OpenAPI 3 document @fastify/swagger builds from every route's zod schemas. */
export const openApiRoute: FastifyPluginCallback = (app, _options, done) => {
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  done();
};

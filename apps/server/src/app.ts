import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';

/**
 * Builds the service from its configuration; entry points only start and stop it.
 * It serves the built page at `/` and the spec's health call.
 */
export async function buildApp(config: Pick<Config, 'WEB_DIST'>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });

  app.get('/api/monitoring/scraper/ping', () => ({ ok: true }));

  if (existsSync(config.WEB_DIST)) {
    await app.register(fastifyStatic, { root: config.WEB_DIST });
  } else {
    app.get('/', (_request, reply) =>
      reply.code(503).send({ error: 'PageNotBuilt', message: 'The page has not been built yet.' }),
    );
  }
  return app;
}

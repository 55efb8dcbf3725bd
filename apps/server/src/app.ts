import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import type { Registry, Scraper } from '@stl-deals/scraper';
import type { DealsRepository } from '@stl-deals/store';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Clock } from './clock';
import { Collection } from './collection/collection';
import { Scheduler } from './collection/scheduler';
import type { Config } from './config';
import { handleErrors } from './http/errors';
import { etagHook } from './http/etag';
import { BODY_LIMIT_BYTES, ignoreBodies } from './http/ignore-bodies';
import { answerOtherMethods, recordRoutes } from './http/method-not-allowed';
import { servePage } from './http/page';
import { createMetrics, observeRequests } from './observability/metrics';
import { dealRoutes } from './routes/deals';
import { dispensaryRoutes } from './routes/dispensaries';
import { metricsRoute } from './routes/metrics';
import { monitoringRoutes } from './routes/monitoring';
import { openApiRoute } from './routes/openapi';
import { refreshRoutes } from './routes/refresh';

export interface AppDeps {
  config: Config;
  /** Owned by the app from here on: `app.close()` closes it. */
  repository: DealsRepository;
  /** Owned by the app from here on: `app.close()` closes it. */
  scraper: Scraper;
  registry: Registry;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The scheduler's jitter source, in [0, 1). */
  random?: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    collection: Collection;
    /** Not started by `buildApp`: the entry point starts it once the app listens. */
    scheduler: Scheduler;
  }
}

/**
 * Builds the service from its dependencies; entry points only start and stop it. The stored
 * snapshots are loaded before this resolves, so the first request already gets them.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, repository, scraper, logger } = deps;
  const app = Fastify({ loggerInstance: logger, bodyLimit: BODY_LIMIT_BYTES });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const metrics = createMetrics();
  const collection = await Collection.open({
    ...deps,
    metrics,
    concurrency: config.SCRAPE_CONCURRENCY,
    cooldownMs: config.REFRESH_COOLDOWN_S * 1000,
    scrapeTimeoutMs: config.SCRAPE_TIMEOUT_S * 1000,
  });
  const scheduler = new Scheduler({
    collection,
    intervalMs: config.REFRESH_INTERVAL_MIN * 60_000,
    random: deps.random ?? Math.random,
  });
  app.decorate('collection', collection);
  app.decorate('scheduler', scheduler);

  // Shutdown: stop scheduling and abort the scrapes first, so requests waiting on them end and
  // the server can close; then let the last writes land before the store closes.
  app.addHook('preClose', (done) => {
    scheduler.stop();
    collection.stop();
    done();
  });
  app.addHook('onClose', async () => {
    await collection.settled();
    await scraper.close();
    await repository.close();
  });

  handleErrors(app);
  ignoreBodies(app);
  app.addHook('onSend', etagHook);
  app.addHook('onResponse', observeRequests(metrics));
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // Deal images come from the menu platforms' and brands' own https hosts.
        imgSrc: ["'self'", 'data:', 'https:'],
        // TLS is the proxy's job; upgrading would break the page served over plain http locally.
        upgradeInsecureRequests: null,
      },
    },
  });
  if (config.CORS_ORIGIN) {
    await app.register(fastifyCors, { origin: config.CORS_ORIGIN, methods: ['GET', 'POST'] });
  }
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'STL Deals',
        description: 'Current deals of St. Louis area dispensaries, as the page calls them.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });

  const routes = recordRoutes(app);
  await app.register(async (api) => {
    // The API's answers change with every scrape: caches must revalidate (the ETag makes it cheap).
    api.addHook('onRequest', (_request, reply, done) => {
      reply.header('cache-control', 'no-cache');
      done();
    });
    await api.register(monitoringRoutes, { collection });
    await api.register(dispensaryRoutes, { collection });
    await api.register(dealRoutes, { collection });
    await api.register(refreshRoutes, { collection, perMinute: config.RATE_LIMIT_PER_MIN });
    await api.register(openApiRoute);
  });
  await app.register(metricsRoute, { metrics });
  await servePage(app, config.WEB_DIST);
  answerOtherMethods(app, routes, { corsEnabled: config.CORS_ORIGIN !== undefined });
  return app;
}

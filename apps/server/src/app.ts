import type { Deal } from '@stl-deals/domain';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { attachCollecting } from './collecting';
import { refuseBadPreflights } from './http/cross-site';
import { answerClientError, answerFrameworkError, handleErrors } from './http/errors';
import { etagHook } from './http/etag';
import { BODY_LIMIT_BYTES, ignoreBodies } from './http/ignore-bodies';
import {
  answerOtherMethods,
  recordRoutes,
  refuseTunnels,
  routeEveryMethod,
} from './http/method-not-allowed';
import { servePage } from './http/page';
import { answerPublicHostsOnly } from './http/public-host';
import { trustProxyOption } from './http/trust-proxy';
import { ZOD_SCHEMA_CONTROLLER } from './http/zod-compilers';
import { createMetrics, observeRequests } from './observability/metrics';
import { dealHistoryRoutes } from './routes/deal-history';
import { marketRoutes } from './routes/market';
import { MarketBook } from './market/market-book';
import { dealRoutes } from './routes/deals';
import { feedRoutes } from './routes/feeds';
import { dispensaryRoutes } from './routes/dispensaries';
import { metricsRoute } from './routes/metrics';
import { monitoringRoutes } from './routes/monitoring';
import { openApiRoute } from './routes/openapi';
import { EMAIL_SIGNUPS_PER_CLIENT_DAY, emailRoutes } from './routes/email';
import { pushRoutes, SUBSCRIPTIONS_PER_CLIENT_DAY } from './routes/push';
import { refreshRoutes } from './routes/refresh';
import { FeedDeals } from './follow/feed-deals';
import { checkServedRegistry } from './registry-check';
import { DispensaryTaxRates } from './tax-rates';

/**
 * The longest path parameter (a dispensary key) the router takes; a longer one is a 414. Far above
 * any key, so that an unknown key of any sensible length reaches its route and gets the 404.
 */
const MAX_PARAM_LENGTH = 2048;

/**
 * A request (headers and body) must arrive whole within this, else 408: a client trickling bytes
 * holds a connection for no more. The bodies here are 1 KB at most; answers are not timed.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Node's HTTP server limits, given to it when it is made. Fastify's own `requestTimeout` is set
 * on the server after that, and Node 20 does not apply it to a request already being read: a
 * trickled body ran on to `headersTimeout` (60 s by default), and late requests are looked for
 * only every `connectionsCheckingInterval` (30 s by default), so its 408 came after 60 to 90 s.
 * Given here, both limits are the request's and are looked at every second: the 408 comes 30
 * to 31 s after the request began.
 */
const HTTP_SERVER_OPTIONS = {
  requestTimeout: REQUEST_TIMEOUT_MS,
  headersTimeout: REQUEST_TIMEOUT_MS,
  connectionsCheckingInterval: 1_000,
};

/** Helmet's own default, a year with subdomains. */
const HSTS = 'max-age=31536000; includeSubDomains';

export type { AppDeps };

/**
 * Builds the service from its dependencies; entry points only start and stop it. The first
 * request already gets the stored deals: the page's list as last published when the store kept
 * it (the snapshots are then read back by `startCollecting`, or by the first request that needs
 * them), else the snapshots, read back before this resolves. What collects the deals is attached
 * by `attachCollecting`; this builds the HTTP side around it: the server, its headers and routes.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, logger } = deps;
  checkServedRegistry(deps.registry);
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Behind a reverse proxy, the client's address (which the rate limit counts) is read from
    // X-Forwarded-For as appended by the proxies TRUST_PROXY names or counts.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: HTTP_SERVER_OPTIONS,
    // No line per request: the log's unit is the scrape (one line each). Request durations are
    // in /metrics, and a failing request is logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    schemaController: ZOD_SCHEMA_CONTROLLER,
  });
  routeEveryMethod(app);
  refuseTunnels(app.server);

  const metrics = createMetrics();
  const { collection, maintenance, role, push, email } = await attachCollecting(app, deps, metrics);
  const cluster = deps.cluster ?? null;

  handleErrors(app, MAX_PARAM_LENGTH);
  ignoreBodies(app);
  app.addHook('onSend', etagHook);
  app.addHook('onResponse', observeRequests(metrics));
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // Deal images come from the menu platforms' and brands' own https hosts.
        imgSrc: ["'self'", 'data:', 'https:', ...(deps.imageOrigins ?? [])],
        // TLS is the proxy's job; upgrading would break the page served over plain http locally.
        upgradeInsecureRequests: null,
      },
    },
    // Sent below, over https only: over plain http a browser ignores it (RFC 6797), and a
    // service reached by http (locally, or a proxy's plain hop) should not claim https.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // The scheme the client used: TLS here, or a trusted proxy's X-Forwarded-Proto.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
  // After the security headers, so that a 421 carries them; before anything else reads the call.
  if (config.PUBLIC_ORIGIN) answerPublicHostsOnly(app, config.PUBLIC_ORIGIN);
  if (config.CORS_ORIGIN) {
    refuseBadPreflights(app, config.CORS_ORIGIN);
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
    await api.register(monitoringRoutes, { collection, maintenance, demo: deps.demo ?? false });
    // A worker answers the monitoring calls only (its health check, its status).
    if (role === 'worker') return;
    await api.register(dispensaryRoutes, {
      collection,
      taxRates: new DispensaryTaxRates(config.TAX_RATES),
    });
    await api.register(dealRoutes, { collection });
    const feedDeals = new FeedDeals(collection.deals, () => deps.clock.now());
    await api.register(feedRoutes, { collection, clock: deps.clock, deals: feedDeals });
    await api.register(dealHistoryRoutes, { collection, repository: deps.repository });
    const market = new MarketBook({
      repository: deps.repository,
      today: () => collection.priceDay(),
      deals: () =>
        collection.deals.publishedList().map(({ deal }) => JSON.parse(deal.pageJson()) as Deal),
      now: () => deps.clock.now().getTime(),
    });
    await api.register(marketRoutes, { market });
    await api.register(refreshRoutes, {
      collection,
      perMinute: config.RATE_LIMIT_PER_MIN,
      refreshWaitMs: config.REFRESH_WAIT_S * 1000,
      allowedOrigins: config.CORS_ORIGIN ?? [],
      ...(config.PUBLIC_ORIGIN ? { publicOrigins: config.PUBLIC_ORIGIN } : {}),
      ...(cluster ? { rateLimitStore: cluster.rateLimitStore } : {}),
    });
    await api.register(pushRoutes, {
      collection,
      repository: deps.repository,
      clock: deps.clock,
      publicKey: push.vapid.publicKey,
      pushHosts: config.PUSH_SERVICE_HOSTS,
      maxSubscriptions: config.PUSH_MAX_SUBSCRIPTIONS,
      ...(cluster
        ? {
            budget: cluster.subscriptionBudget(push.vapid.privateKey, SUBSCRIPTIONS_PER_CLIENT_DAY),
          }
        : {}),
      allowedOrigins: config.CORS_ORIGIN ?? [],
      ...(config.PUBLIC_ORIGIN ? { publicOrigins: config.PUBLIC_ORIGIN } : {}),
    });
    await api.register(emailRoutes, {
      collection,
      deals: feedDeals,
      repository: deps.repository,
      clock: deps.clock,
      email,
      ...(cluster
        ? {
            budget: cluster.subscriptionBudget(
              push.vapid.privateKey,
              EMAIL_SIGNUPS_PER_CLIENT_DAY,
              'email',
            ),
          }
        : {}),
      allowedOrigins: config.CORS_ORIGIN ?? [],
      ...(config.PUBLIC_ORIGIN ? { publicOrigins: config.PUBLIC_ORIGIN } : {}),
    });
    await api.register(openApiRoute);
  });
  // Not exposed on the public port without a token: the metrics tell the scrape schedule, the
  // error rates and the process's memory, which are the operator's business.
  if (config.METRICS_TOKEN !== undefined) {
    await app.register(metricsRoute, { metrics, token: config.METRICS_TOKEN });
  }
  if (role !== 'worker') await servePage(app, config.WEB_DIST);
  answerOtherMethods(app, routes, { corsEnabled: config.CORS_ORIGIN !== undefined });
  return app;
}

import { METHODS, type Server } from 'node:http';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { HttpError, writeRawError } from './errors';

/**
 * Lets Fastify route every method Node's parser takes (TRACE, PROPFIND, PURGE...), not only its
 * own few, so that each can be a 405 below: an unrouted method is a 404, which tells a probe
 * nothing true. CONNECT is left out, as Node hands it to the server's `connect` event instead.
 * Call before any route is added.
 */
export function routeEveryMethod(app: FastifyInstance): void {
  for (const method of METHODS) {
    if (method !== 'CONNECT' && !app.supportedMethods.includes(method)) app.addHttpMethod(method);
  }
}

/**
 * Records the paths and methods routed from now on. `answerOtherMethods` then makes every other
 * method on those paths a 405 with `Allow`, instead of Fastify's 404. Wildcard paths (the page's
 * files) are left out: an unknown method there is an unknown resource.
 */
export function recordRoutes(app: FastifyInstance): Map<string, Set<HTTPMethods>> {
  const routes = new Map<string, Set<HTTPMethods>>();
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    const methods = routes.get(route.url) ?? new Set<HTTPMethods>();
    for (const method of [route.method].flat()) methods.add(method);
    routes.set(route.url, methods);
  });
  return routes;
}

/**
 * OPTIONS stays unanswered when CORS is on, since the CORS plugin answers preflights on every
 * path and a 405 route would shadow it.
 */
export function answerOtherMethods(
  app: FastifyInstance,
  routes: ReadonlyMap<string, ReadonlySet<HTTPMethods>>,
  { corsEnabled }: { corsEnabled: boolean },
): void {
  for (const [url, allowed] of [...routes]) {
    const others = (app.supportedMethods as HTTPMethods[]).filter(
      (method) => !allowed.has(method) && !(corsEnabled && method === 'OPTIONS'),
    );
    const allow = [...allowed].join(', ');
    app.route({
      method: others,
      url,
      exposeHeadRoute: false,
      schema: { hide: true },
      handler: (_request, reply) => {
        reply.header('allow', allow);
        throw new HttpError(405, `This address answers ${allow} only.`);
      },
    });
  }
}

/**
 * CONNECT never reaches a route: Node hands it to the server's `connect` event, and without a
 * listener drops the connection without a word. It gets the 405 every other method gets.
 */
export function refuseTunnels(server: Server): void {
  server.on('connect', (_request, socket) => {
    writeRawError(socket, 405, {
      message: 'This service does not open tunnels.',
      headers: { Allow: 'GET, HEAD, POST' },
    });
  });
}

import type { FastifyInstance, HTTPMethods } from 'fastify';
import { HttpError } from './errors';

const METHODS: readonly HTTPMethods[] = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
];

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
    const others = METHODS.filter(
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

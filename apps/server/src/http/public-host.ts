import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/**
 * Paths answered whatever Host a request names: the probes (a load balancer, Docker's health
 * check, a supervisor) and Prometheus reach a process by its own address, not the public name.
 * They change nothing.
 */
const ANY_HOST_PATHS = ['/api/monitoring/', '/metrics'];

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * The Host values that name one of `origins` (lower case): each origin's host, and with its
 * scheme's default port written out, as some clients send it.
 */
export function publicHosts(origins: readonly string[]): Set<string> {
  const hosts = new Set<string>();
  for (const origin of origins) {
    const url = new URL(origin);
    hosts.add(url.host.toLowerCase());
    const port = DEFAULT_PORTS[url.protocol];
    if (url.port === '' && port) hosts.add(`${url.hostname.toLowerCase()}:${port}`);
  }
  return hosts;
}

/**
 * With PUBLIC_ORIGIN set, a request naming another Host (or a trusted proxy's X-Forwarded-Host)
 * is a 421 Misdirected Request, before anything else runs. A name an attacker controls, made to
 * resolve to this service (DNS rebinding), then reaches nothing: its pages' calls are same-origin
 * for the browser, so no Origin check alone could tell them from the page's own.
 */
export function answerPublicHostsOnly(app: FastifyInstance, origins: readonly string[]): void {
  const hosts = publicHosts(origins);
  app.addHook('onRequest', (request, _reply, done) => {
    // The route matched, not the URL as sent: no spelling of a path reaches another route.
    const route = request.routeOptions.url ?? '';
    if (ANY_HOST_PATHS.some((path) => route.startsWith(path))) return done();
    if (hosts.has(request.host.toLowerCase())) return done();
    done(new HttpError(421, 'This service answers at its public address only.'));
  });
}

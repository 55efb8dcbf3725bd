import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * With CORS on, a preflight from an origin CORS_ORIGIN does not name is refused outright (403),
 * and an OPTIONS request that is no preflight at all is a 400, both in the app's JSON: the CORS
 * plugin would answer the first with a 204 that merely lacks its headers and the second in text.
 * Added before the plugin, so that it runs first.
 */
export function refuseBadPreflights(app: FastifyInstance, origins: readonly string[]): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method !== 'OPTIONS') return done();
    const { origin, 'access-control-request-method': method } = request.headers;
    if (origin === undefined || method === undefined) {
      return done(
        new HttpError(400, 'A preflight request needs Origin and Access-Control-Request-Method.'),
      );
    }
    if (!origins.includes(origin)) {
      return done(new HttpError(403, 'This origin may not call this service.'));
    }
    done();
  });
}

/** An origin as a browser serializes it, or undefined for what is none (`null`, garbage). */
function originOf(value: string): string | undefined {
  return URL.canParse(value) ? new URL(value).origin : undefined;
}

/**
 * The origin the client reached: the Host header (or a trusted proxy's X-Forwarded-Host) with
 * the scheme it used, as the page's own calls carry it in `Origin`.
 */
function ownOrigin(request: FastifyRequest): string | undefined {
  return originOf(`${request.protocol}://${request.host}`);
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * For the calls that make the service work (the refresh POSTs), which a page of another site
 * must not be able to fire through its visitors' browsers (their budget of the rate limit, and
 * scrapes on demand). A cross-site HTML form can send neither a JSON content type nor hide its
 * `Origin`; fetch can send JSON cross-site only after a preflight, which CORS_ORIGIN governs.
 * So: a browser's call from another origin than this service's own (PUBLIC_ORIGIN's when set,
 * else the one the request's Host names) or one CORS_ORIGIN names is
 * a 403, judged by `Origin` and, where a browser sends it, `Sec-Fetch-Site`; a call without
 * `Origin` (curl, another server) is no browser's and passes. Then anything not sent as JSON
 * is a 415. Checked before the rate limit, so that refused calls spend no one's budget.
 */
export function refuseCrossSiteWrites(
  app: FastifyInstance,
  allowedOrigins: readonly string[],
  publicOrigins?: readonly string[],
): void {
  // With PUBLIC_ORIGIN the service's own origins are those it names, never read from Host,
  // which a client writes (and a rebinding name makes match its own pages' Origin).
  const isOwn = (from: string, request: FastifyRequest) =>
    publicOrigins ? publicOrigins.includes(from) : from === ownOrigin(request);
  app.addHook('onRequest', (request, _reply, done) => {
    const { origin, 'sec-fetch-site': fetchSite } = request.headers;
    const from = origin === undefined ? undefined : originOf(origin);
    const allowed = from !== undefined && (isOwn(from, request) || allowedOrigins.includes(from));
    if ((origin !== undefined || fetchSite === 'cross-site') && !allowed) {
      return done(new HttpError(403, 'This call is taken from the pages of this site only.'));
    }
    if (!isJson(request.headers['content-type'])) {
      return done(
        new HttpError(415, 'This call takes a JSON body (Content-Type: application/json).'),
      );
    }
    done();
  });
}

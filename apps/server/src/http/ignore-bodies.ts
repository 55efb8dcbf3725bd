import type { FastifyInstance } from 'fastify';

/** Bodies are never read; anything over 1 KB is refused with 413. */
export const BODY_LIMIT_BYTES = 1024;

/**
 * No call of this API reads a request body: the page sends an empty JSON body (spec section 7)
 * and Fastify's JSON parser would refuse an empty one. So every body, of any type, is read only
 * to enforce the body limit (413 over it) and then dropped.
 */
export function ignoreBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => {
    done(null, undefined);
  });
}

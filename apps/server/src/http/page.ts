import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built page at `/` (also the page's wake-up target). Vite's hashed assets never change
 * under their name, so they are cached for a year; `index.html` names the current ones, so it is
 * revalidated on every load. Before the page is built, `/` says so in JSON with 503.
 */
export async function servePage(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(webDist)) {
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.code(503).send({ error: 'PageNotBuilt', message: 'The page has not been built yet.' }),
    );
    return;
  }
  const root = resolve(webDist);
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    // The build writes .br and .gz beside each asset once (apps/web/vite.config.ts); they are sent
    // as they are to clients that take them, never compressed per request.
    preCompressed: true,
    setHeaders: (response, path) => {
      // Judged inside WEB_DIST only: the folders above it (say, a checkout under `assets/`) do
      // not make `index.html` a hashed asset.
      const hashed = relative(root, path).startsWith(`assets${sep}`);
      response.setHeader(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // Which file is sent (.br, .gz or the plain one) depends on Accept-Encoding, so a shared
      // cache must key on it: else the brotli answer it keeps for a year goes to clients that
      // cannot read brotli. The plain answers say so too: they are the same resource's other
      // representation (RFC 9110 section 12.5.5).
      response.setHeader('vary', 'accept-encoding');
    },
  });
  // Its own route, not only the files' wildcard, so that other methods on `/` answer 405.
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
}

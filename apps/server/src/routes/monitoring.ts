import { CacheStatusSchema } from '@stl-deals/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Collection } from '../collection/collection';

/** The page's health and cache status calls (spec section 7). */
export const monitoringRoutes: FastifyPluginCallbackZod<{
  collection: Collection;
  demo: boolean;
}> = (app, { collection, demo }, done) => {
  app.get(
    '/api/monitoring/scraper/ping',
    {
      schema: {
        summary: 'Health check; answers at once without touching the store.',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    () => ({ ok: true as const }),
  );

  app.get(
    '/api/monitoring/scraper/status',
    {
      schema: {
        summary: 'Whether the first load is done, and how each dispensary stands.',
        response: { 200: CacheStatusSchema },
      },
    },
    // `demo` is sent only in demo mode; real data leaves it out (absent means real).
    () => (demo ? { ...collection.status(), demo: true } : collection.status()),
  );
  done();
};

import { CacheStatusSchema } from '@stl-deals/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Collection } from '../collection/collection';
import type { StoreMaintenance } from '../collection/maintenance';
import { ErrorSchema } from '../http/errors';

/** The page's health and cache status calls (spec section 7). */
export const monitoringRoutes: FastifyPluginCallbackZod<{
  collection: Collection;
  maintenance: Pick<StoreMaintenance, 'storage'>;
  demo: boolean;
}> = (app, { collection, maintenance, demo }, done) => {
  app.get(
    '/api/monitoring/live',
    {
      schema: {
        summary:
          'Liveness: the process answers and serves its read model, whatever the store does. For proxies and supervisors.',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    // A store fault is not a reason to take a process out of rotation: the deals, the page and
    // the status are answered from memory through a database outage, and a proxy whose every
    // upstream is marked unhealthy would answer 503 to everyone. The fault shows in the ping
    // (readiness of the store), the status and the metrics instead.
    () => ({ ok: true as const }),
  );

  app.get(
    '/api/monitoring/scraper/ping',
    {
      schema: {
        summary:
          "Health of the store (readiness); answers at once without touching the store. 503 while the store's last check failed.",
        response: { 200: z.object({ ok: z.literal(true) }), 503: ErrorSchema },
      },
    },
    // A store that failed its check shows here, though the last good deals are still served
    // (proxies and supervisors read /api/monitoring/live). Answered, not thrown, so that every
    // ping of a monitor does not log a request error: the check logged the fault once.
    (_request, reply) => {
      const storage = maintenance.storage();
      if (storage.ok) return { ok: true as const };
      void reply.code(503);
      return {
        error: 'StorageFailing',
        message: storage.reason ?? "The service's storage is failing.",
      };
    },
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
    // Not from the stored page's list while the snapshots are read back at start: only they
    // say which dispensary has what, so the answer waits for them (well under a second).
    async () => {
      await collection.whenLoaded();
      return {
        ...collection.status(),
        storage: maintenance.storage(),
        ...(demo ? { demo: true } : {}),
      };
    },
  );
  done();
};

import {
  ALL_DISPENSARIES,
  DealListSchema,
  DealListViewSchema,
  LIMITS,
  PAGE_DEAL_FIELDS,
} from '@stl-deals/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Collection } from '../collection/collection';
import { ErrorSchema, HttpError } from '../http/errors';
import { pickEncoding, sendPrepared } from '../http/prepared-body';

export const UNKNOWN_DISPENSARY = 'No dispensary has that key.';

/**
 * Whether `key` names a dispensary of the registry. Any string may be asked for, however long
 * (the schemas set no bound, so an unknown key is always a 404, never a 400); one longer than
 * any key can be is answered without a lookup.
 */
export function isKnownDispensary(collection: Collection, key: string): boolean {
  return key.length <= LIMITS.key && collection.has(key);
}

export const dealRoutes: FastifyPluginCallbackZod<{ collection: Collection }> = (
  app,
  { collection },
  done,
) => {
  app.get(
    '/api/reactive/deals',
    {
      // Sent as prepared, compressed once per publication (sendPrepared): @fastify/compress has
      // nothing to do here, and its hook's first call makes Node load its fetch (30 ms of the
      // first answer after a start).
      compress: false,
      schema: {
        summary:
          'Current deals in relevance order: deeper discount first, then newer, then registry order.',
        querystring: z.object({
          dispensary: z
            .string()
            .optional()
            .describe("One dispensary's key; 'all' or none for every dispensary."),
          view: DealListViewSchema.default('full').describe(
            `'full' (default): every field. 'page': only the fields the page reads ` +
              `(${PAGE_DEAL_FIELDS.join(', ')}).`,
          ),
        }),
        response: { 200: DealListSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { dispensary: key = ALL_DISPENSARIES.key, view } = request.query;
      // At start the whole list, in either view, may be the one stored when last published (see
      // Collection.open), sent as kept (brotli); any other answer waits for the snapshots to be
      // read back, rather than be made up.
      const ready =
        key === ALL_DISPENSARIES.key &&
        collection.deals.hasList(view, pickEncoding(request.headers['accept-encoding']));
      if (!ready) await collection.whenLoaded();
      if (key === ALL_DISPENSARIES.key) {
        return sendPrepared(request, reply, collection.deals.all(view));
      }
      if (!isKnownDispensary(collection, key)) throw new HttpError(404, UNKNOWN_DISPENSARY);
      return sendPrepared(request, reply, collection.deals.of(key, view));
    },
  );
  done();
};

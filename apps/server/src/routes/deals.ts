import { ALL_DISPENSARIES, DealListSchema, LIMITS } from '@stl-deals/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Collection } from '../collection/collection';
import { ErrorSchema, HttpError } from '../http/errors';
import { sendPrepared } from '../http/prepared-body';

export const UNKNOWN_DISPENSARY = 'No dispensary has that key.';

export const dealRoutes: FastifyPluginCallbackZod<{ collection: Collection }> = (
  app,
  { collection },
  done,
) => {
  app.get(
    '/api/reactive/deals',
    {
      schema: {
        summary:
          'Current deals in relevance order: deeper discount first, then newer, then registry order.',
        querystring: z.object({
          dispensary: z
            .string()
            .max(LIMITS.key)
            .optional()
            .describe("One dispensary's key; 'all' or none for every dispensary."),
        }),
        response: { 200: DealListSchema, 404: ErrorSchema },
      },
    },
    (request, reply) => {
      const key = request.query.dispensary ?? ALL_DISPENSARIES.key;
      if (key === ALL_DISPENSARIES.key) return sendPrepared(request, reply, collection.deals.all());
      if (!collection.has(key)) throw new HttpError(404, UNKNOWN_DISPENSARY);
      return sendPrepared(request, reply, collection.deals.of(key));
    },
  );
  done();
};

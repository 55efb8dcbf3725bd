import {
  addDays,
  DealPriceHistorySchema,
  LIMITS,
  PRICE_HISTORY_DEFAULT_DAYS,
  PRICE_HISTORY_MAX_DAYS,
} from '@stl-deals/domain';
import type { DealsRepository } from '@stl-deals/store';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Collection } from '../collection/collection';
import { ErrorSchema, HttpError } from '../http/errors';

export const UNKNOWN_DEAL = 'No current deal has that id.';

/**
 * A product's days change once per scrape of its store (every half hour or so) and only today's
 * point moves: a few minutes of caching cost a viewer little, and the ETag makes a revalidation
 * cheap.
 */
export const HISTORY_CACHE_CONTROL = 'public, max-age=300';

export interface DealHistoryRouteOptions {
  collection: Collection;
  repository: Pick<DealsRepository, 'priceHistory'>;
}

export const dealHistoryRoutes: FastifyPluginCallbackZod<DealHistoryRouteOptions> = (
  app,
  { collection, repository },
  done,
) => {
  app.get(
    '/api/deals/:id/history',
    {
      schema: {
        summary:
          "A current deal's price history: its product's days at its dispensary, oldest first.",
        params: z.object({ id: z.string().describe("The deal's id, as the deals list sends it.") }),
        querystring: z.object({
          // Plain decimal digits only: a number's other spellings (0x10, +5, 1e2, 5.0) are 400s,
          // as the docs promise, rather than read as some number of days.
          days: z
            .string()
            .regex(
              /^[1-9][0-9]{0,2}$/,
              `must be a whole number from 1 to ${PRICE_HISTORY_MAX_DAYS}`,
            )
            .transform(Number)
            .pipe(z.number().max(PRICE_HISTORY_MAX_DAYS))
            .default(PRICE_HISTORY_DEFAULT_DAYS)
            .describe(
              `The last this many calendar days, today's included (1 to ${PRICE_HISTORY_MAX_DAYS}; default ${PRICE_HISTORY_DEFAULT_DAYS}).`,
            ),
        }),
        response: { 200: DealPriceHistorySchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // The deals' index is filled as the stored snapshots are read back.
      await collection.whenLoaded();
      const product = id.length <= LIMITS.shortText ? collection.deals.productOf(id) : undefined;
      if (product === undefined) throw new HttpError(404, UNKNOWN_DEAL);
      const { dispensaryKey, storeProductKey } = product;
      const today = await collection.priceDay();
      const sinceDay = addDays(today, 1 - request.query.days);
      const history =
        storeProductKey === null
          ? undefined
          : (await repository.priceHistory(dispensaryKey, [storeProductKey], sinceDay)).get(
              storeProductKey,
            );
      reply.header('cache-control', HISTORY_CACHE_CONTROL);
      return {
        id,
        dispensaryKey,
        // A day after today comes only from a scraping clock a little ahead of this one.
        points: (history ?? [])
          .filter(({ day }) => day <= today)
          .map(({ day, salePrice, regularPrice, onDeal }) => ({
            day,
            salePrice,
            regularPrice,
            onDeal,
          })),
      };
    },
  );
  done();
};

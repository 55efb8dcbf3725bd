import { MarketSchema } from '@stl-deals/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { MarketBook } from '../market/market-book';

/**
 * The market is computed at most every five minutes (`MARKET_MAX_AGE_MS`) from prices that change
 * with each store's scrape: caching it as long costs a viewer nothing it could see.
 */
export const MARKET_CACHE_CONTROL = 'public, max-age=300';

export const marketRoutes: FastifyPluginCallbackZod<{ market: MarketBook }> = (
  app,
  { market },
  done,
) => {
  app.get(
    '/api/market',
    {
      schema: {
        summary:
          "The St. Louis market price per comparable class (today's median, low, high, stores and products, its 30-day trend and 90-day line), and per store its claimed discounts against its price history.",
        response: { 200: MarketSchema },
      },
    },
    async (_request, reply) => {
      const answer = await market.current();
      reply.header('cache-control', MARKET_CACHE_CONTROL);
      return answer;
    },
  );
  done();
};

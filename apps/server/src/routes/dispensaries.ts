import { DispensaryListSchema } from '@stl-deals/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Collection } from '../collection/collection';

export const dispensaryRoutes: FastifyPluginCallbackZod<{ collection: Collection }> = (
  app,
  { collection },
  done,
) => {
  app.get(
    '/api/scraper/dispensaries',
    {
      schema: {
        summary: 'The dispensaries, in registry order; lat and lng are null while unknown.',
        response: { 200: DispensaryListSchema },
      },
    },
    () => collection.dispensaries(),
  );
  done();
};

import { DispensaryListSchema } from '@stl-deals/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Collection } from '../collection/collection';
import type { DispensaryTaxRates } from '../tax-rates';

export const dispensaryRoutes: FastifyPluginCallbackZod<{
  collection: Collection;
  taxRates: DispensaryTaxRates;
}> = (app, { collection, taxRates }, done) => {
  const strays = taxRates.overridesOutside(collection.dispensaries().map(({ key }) => key));
  if (strays.length > 0) {
    app.log.warn(
      { keys: strays },
      `TAX_RATES names dispensaries the registry does not have: ${strays.join(', ')}`,
    );
  }

  app.get(
    '/api/scraper/dispensaries',
    {
      schema: {
        summary:
          'The dispensaries, in registry order; lat and lng are null while unknown; tax carries the rates of the estimated price with tax; hours the week and phone the number, each from the platform or the registry, when either states it.',
        response: { 200: DispensaryListSchema },
      },
    },
    () =>
      collection.dispensaries().map((dispensary) => {
        const tax = taxRates.of(dispensary.key);
        return tax === undefined ? dispensary : { ...dispensary, tax };
      }),
  );
  done();
};
